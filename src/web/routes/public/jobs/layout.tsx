import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';

/** The careers group's frame: its own sub-navigation between positions, the process and applying. */
export default function JobsLayout() {
  const { t } = useTranslation('public');
  return (
    <>
      <nav className="container crumbs" aria-label="breadcrumb">
        <Link to="/Home">{t('nav.home')}</Link> › <NavLink to="/Jobs" end>{t('nav.jobs')}</NavLink> ·{' '}
        <NavLink to="/Jobs/process">{t('jobs.process')}</NavLink> · <NavLink to="/Jobs/ApplyNow">{t('apply.title')}</NavLink>
      </nav>
      <Outlet />
    </>
  );
}
