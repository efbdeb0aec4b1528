import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { isLocale, switchLocale } from '../../i18n/locale.js';
import type { PageHandle } from '../../root.js';
import '../../public/public.css';

export const handle: PageHandle = { islands: true };

const NAV = [
  ['/Home', 'nav.home'],
  ['/AboutsUs', 'nav.about'],
  ['/Services', 'nav.services'],
  ['/Strength', 'nav.strength'],
  ['/News', 'nav.news'],
  ['/Jobs', 'nav.jobs'],
  ['/Joinus', 'nav.joinUs'],
  ['/ContactUs', 'nav.contact'],
] as const;

/** The public site's frame: header navigation with the language switch, and the company footer. */
export default function PublicLayout() {
  const { t } = useTranslation('public');
  const { t: common } = useTranslation('common');
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/Home" className="brand">
            <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="6" fill="currentColor" />
              <path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="#fff" />
            </svg>
            <span>{common('companyName')}</span>
          </Link>
          <details className="nav-toggle">
            <summary>{t('nav.menu')}</summary>
          </details>
          <nav className="site-nav" aria-label={t('nav.menu')}>
            <ul>
              {NAV.map(([to, key]) => (
                <li key={to}>
                  <NavLink to={to} prefetch="intent">
                    {t(key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {/* The islands script handles the switch on server-rendered pages; onClick inside the app. */}
          <button type="button" className="locale-switch" lang={other} data-locale={other} onClick={() => switchLocale(other)} title={common('language')}>
            {common('switchTo')}
          </button>
        </div>
      </header>
      <div id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </div>
      <footer className="site-footer">
        <div className="container footer-inner">
          <div>
            <p className="footer-brand">{common('companyName')}</p>
            <p>{t('footer.tagline')}</p>
          </div>
          <address>
            <p>{t('footer.address')}</p>
            <p>{t('footer.phone')}</p>
            <p>{t('footer.email')}</p>
            <p>{t('footer.hours')}</p>
          </address>
          <nav aria-label={t('footer.privacy')}>
            <ul>
              <li>
                <Link to="/Jobs/process">{t('jobs.process')}</Link>
              </li>
              <li>
                <Link to="/privacy">{t('footer.privacy')}</Link>
              </li>
              <li>
                <a href="/rss.xml">RSS</a>
              </li>
            </ul>
          </nav>
        </div>
        <p className="container copyright">{t('footer.rights')}</p>
      </footer>
    </div>
  );
}
