import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PUBLIC_PATHS } from '../../../../shared/paths.js';
import { useLocalePath } from '../../../public/copy.js';

/** The news group's frame: a trail back to the site and the news list, above every news page. */
export default function NewsLayout() {
  const { t } = useTranslation('public');
  const to = useLocalePath();
  return (
    <>
      <nav className="container crumbs" aria-label="breadcrumb">
        <Link to={to(PUBLIC_PATHS.home)}>{t('nav.home')}</Link> › <Link to={to(PUBLIC_PATHS.news)}>{t('nav.news')}</Link>
      </nav>
      <Outlet />
    </>
  );
}
