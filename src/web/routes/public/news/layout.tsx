import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

/** The news group's frame: a trail back to the site and the news list, above every news page. */
export default function NewsLayout() {
  const { t } = useTranslation('public');
  return (
    <>
      <nav className="container crumbs" aria-label="breadcrumb">
        <Link to="/Home">{t('nav.home')}</Link> › <Link to="/News">{t('nav.news')}</Link>
      </nav>
      <Outlet />
    </>
  );
}
