import { redirect } from 'react-router';
import { PUBLIC_PATHS } from '../../../shared/paths.js';

export function loader() {
  return redirect(PUBLIC_PATHS.home);
}

export default function Redirect() {
  return null;
}
