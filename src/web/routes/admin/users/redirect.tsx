import { redirect } from 'react-router';

export function loader() {
  return redirect('/UserManagement/list');
}

export default function Redirect() {
  return null;
}
