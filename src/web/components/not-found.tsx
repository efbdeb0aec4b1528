import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { PUBLIC_PATHS, pathInLocale } from '../../shared/paths.js';
import type { Locale } from '../../shared/locale.js';

export function NotFound() {
  const { t } = useTranslation();
  // Read here rather than through `public/copy.ts`, which would bring the public texts into the
  // back-office's bundle: under `/en/…` the way home is the English home page.
  const pathLocale = (useRouteLoaderData('root') as { pathLocale?: Locale | null } | undefined)?.pathLocale ?? null;
  return (
    <main className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link to={pathInLocale(PUBLIC_PATHS.home, pathLocale)}>{t('backHome')}</Link>
    </main>
  );
}
