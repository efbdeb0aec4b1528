import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { PUBLIC_PATHS, localeOfPath, pathInLocale } from '../../../shared/paths.js';

/** `/` leads to the seed's home page, `/en` and `/zh` to their language's. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(pathInLocale(PUBLIC_PATHS.home, localeOfPath(new URL(request.url).pathname)));
}

export default function Redirect() {
  return null;
}
