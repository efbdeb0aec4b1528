import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PUBLIC_PATHS } from '../../shared/paths.js';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link to={PUBLIC_PATHS.home}>{t('backHome')}</Link>
    </main>
  );
}
