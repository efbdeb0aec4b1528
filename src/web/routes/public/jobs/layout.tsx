import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { PUBLIC_PATHS } from '../../../../shared/paths.js';
import { useLocalePath } from '../../../public/copy.js';

/** The careers group's frame: its own sub-navigation between positions, the process and applying. */
export default function JobsLayout() {
  const { t } = useTranslation('public');
  const to = useLocalePath();
  return (
    <>
      <nav className="container crumbs" aria-label="breadcrumb">
        <Link to={to(PUBLIC_PATHS.home)}>{t('nav.home')}</Link> › <NavLink to={to(PUBLIC_PATHS.jobs)} end>{t('nav.jobs')}</NavLink> ·{' '}
        <NavLink to={to(PUBLIC_PATHS.jobsProcess)}>{t('jobs.process')}</NavLink> · <NavLink to={to(PUBLIC_PATHS.jobsApplyNow)}>{t('apply.title')}</NavLink>
      </nav>
      <Outlet />
    </>
  );
}
