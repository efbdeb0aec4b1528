import { redirect } from 'react-router';

export function loader() {
  return redirect('/Home');
}

export default function Redirect() {
  return null;
}
