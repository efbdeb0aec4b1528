import { redirect } from 'react-router';
import { ADMIN_PATHS } from '../../../../shared/paths.js';

export function loader() {
  return redirect(ADMIN_PATHS.newsList);
}

export default function Redirect() {
  return null;
}
