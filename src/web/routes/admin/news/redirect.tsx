import { redirect } from 'react-router';

export function loader() {
  return redirect('/NewsManagement/list-news');
}

export default function Redirect() {
  return null;
}
