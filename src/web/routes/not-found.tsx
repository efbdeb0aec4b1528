import { data } from 'react-router';
import type { MetaFunction } from 'react-router';
import { NotFound } from '../components/not-found.js';
import common from '../i18n/catalogues/common.js';
import { rootDataOf } from '../public/copy.js';
import type { PageHandle } from '../root.js';

export const handle: PageHandle = { islands: true };

/** Every path no route knows: the not-found page, with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `${common[rootDataOf(matches).locale].notFound.title} - Portico` },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
