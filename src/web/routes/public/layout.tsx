import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { isLocale } from '../../../shared/locale.js';
import { FEED_PATHS, PUBLIC_PATHS } from '../../../shared/paths.js';
import { parseImageReference } from '../../../shared/schemas/media.js';
import { NEUTRAL_SITE_SETTINGS, publicSiteOf } from '../../../shared/schemas/site.js';
import type { PublicSite } from '../../../shared/schemas/site.js';
import type { CurrentPrivacyNotice } from '../../../shared/schemas/privacy-notice.js';
import { rememberLocale } from '../../i18n/locale.js';
import { jsonLdScript, organizationLd } from '../../public/json-ld.js';
import { addressInLocale, pageLocale, serverContext, useLocalePath, useRootData, useSite } from '../../public/copy.js';
import type { PublicLayoutData } from '../../public/copy.js';
import { SITE_FOOTER_ID } from '../../root.js';
import type { PageHandle } from '../../root.js';
import '../../public/public.css';

export const handle: PageHandle = { islands: true };

/**
 * The site's settings in the page's language, once per page: the API answers them from memory, and
 * the header, footer, titles, share tags and structured data of every public page read them here.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PublicLayoutData> {
  const locale = pageLocale(request);
  const { api } = serverContext(context);
  const [answer, notice] = await Promise.all([api<PublicSite>('GET', `Site?locale=${locale}`), api<CurrentPrivacyNotice>('GET', 'PrivacyNotice')]);
  // Without its settings the site still renders, neutral, rather than failing every page; a form
  // without the notice's version is taken to accept the current one.
  return {
    site: answer.isSuccess ? answer.data : publicSiteOf(NEUTRAL_SITE_SETTINGS, locale),
    ...(notice.isSuccess ? { privacyVersion: notice.data.version } : {}),
  };
}

/** The primary colour for the public pages' CSS, when the settings choose one. */
function brandColours(site: PublicSite): CSSProperties | undefined {
  if (!site.primaryColor) return undefined;
  return { '--brand': site.primaryColor, '--brand-dark': `color-mix(in srgb, ${site.primaryColor} 75%, #000)` } as CSSProperties;
}

/** The 备案 numbers mainland-China hosting requires in the footer, each a link when one is set. */
function Filing({ number, url }: { number: string; url: string }) {
  if (!number) return null;
  return <li>{url ? <a href={url} target="_blank" rel="noopener noreferrer">{number}</a> : number}</li>;
}

function SiteFooter({ site }: { site: PublicSite }) {
  const { t } = useTranslation('public');
  const { locale } = useRootData();
  const to = useLocalePath();
  const hasContact = Boolean(site.address || site.phone || site.email || site.officeHours || site.mapUrl);
  const hasSocial = Boolean(site.wechatQr || site.weiboUrl || site.linkedinUrl);
  return (
    <footer id={SITE_FOOTER_ID} className="site-footer">
      <div className="container footer-inner">
        <div>
          {site.logoDark ? <Logo className="footer-logo" reference={site.logoDark} alt={site.companyName} /> : <p className="footer-brand">{site.companyName}</p>}
          {site.tagline && <p>{site.tagline}</p>}
        </div>
        {hasContact && (
          <address aria-label={t('footer.contact')}>
            {site.address && <p>{site.address}</p>}
            {site.phone && (
              <p>
                {t('footer.phone')}
                <a href={`tel:${site.phone.replace(/[^+\d]/g, '')}`}>{site.phone}</a>
              </p>
            )}
            {site.email && (
              <p>
                {t('footer.email')}
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
            )}
            {site.officeHours && (
              <p>
                {t('footer.hours')}
                {site.officeHours}
              </p>
            )}
            {site.mapUrl && (
              <p>
                <a href={site.mapUrl} target="_blank" rel="noopener noreferrer">
                  {t('footer.map')}
                </a>
              </p>
            )}
          </address>
        )}
        {hasSocial && (
          <nav aria-label={t('footer.follow')}>
            <ul>
              {site.weiboUrl && (
                <li>
                  <a href={site.weiboUrl} target="_blank" rel="noopener noreferrer me">
                    {t('footer.weibo')}
                  </a>
                </li>
              )}
              {site.linkedinUrl && (
                <li>
                  <a href={site.linkedinUrl} target="_blank" rel="noopener noreferrer me">
                    {t('footer.linkedin')}
                  </a>
                </li>
              )}
              {site.wechatQr && (
                <li>
                  <figure className="footer-qr">
                    <img src={site.wechatQr} alt={t('footer.wechatQr')} width={96} height={96} loading="lazy" />
                    <figcaption>{t('footer.wechat')}</figcaption>
                  </figure>
                </li>
              )}
            </ul>
          </nav>
        )}
        <nav aria-label={t('footer.privacy')}>
          <ul>
            <li>
              <Link to={to(PUBLIC_PATHS.jobsProcess)}>{t('jobs.process')}</Link>
            </li>
            <li>
              <Link to={to(PUBLIC_PATHS.privacy)}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <a href={FEED_PATHS[locale]}>RSS</a>
            </li>
          </ul>
        </nav>
      </div>
      {(site.footerText || site.icpNumber || site.psbNumber) && (
        <div className="container copyright">
          {site.footerText && <p>{site.footerText}</p>}
          <ul className="filings">
            <Filing number={site.icpNumber} url={site.icpUrl} />
            <Filing number={site.psbNumber} url={site.psbUrl} />
          </ul>
        </div>
      )}
    </footer>
  );
}

const NAV = [
  [PUBLIC_PATHS.home, 'nav.home'],
  [PUBLIC_PATHS.about, 'nav.about'],
  [PUBLIC_PATHS.services, 'nav.services'],
  [PUBLIC_PATHS.strength, 'nav.strength'],
  [PUBLIC_PATHS.news, 'nav.news'],
  [PUBLIC_PATHS.jobs, 'nav.jobs'],
  [PUBLIC_PATHS.joinUs, 'nav.joinUs'],
  [PUBLIC_PATHS.contact, 'nav.contact'],
] as const;

/** The public site's frame: header navigation with the language switch, and the company footer. */
/**
 * A logo from the settings, with the size its image reference carries: the browser keeps its room
 * before it loads (no layout shift), and the style scales it to the header's height.
 */
function Logo({ reference, alt, className }: { reference: string; alt: string; className: string }) {
  const image = parseImageReference(reference);
  return <img className={className} src={image?.url ?? reference} alt={alt} width={image?.width ?? undefined} height={image?.height ?? undefined} />;
}

export default function PublicLayout() {
  const { t } = useTranslation('public');
  const { t: common } = useTranslation('common');
  const { i18n } = useTranslation();
  const site = useSite();
  const { publicUrl } = useRootData();
  const to = useLocalePath();
  const location = useLocation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <div className="site" style={brandColours(site)}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to={to(PUBLIC_PATHS.home)} className="brand">
            {site.logo ? (
              <Logo className="brand-logo" reference={site.logo} alt={site.companyName} />
            ) : (
              <>
                <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
                  <rect width="32" height="32" rx="6" fill="currentColor" />
                  <path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="#fff" />
                </svg>
                <span>{site.companyName}</span>
              </>
            )}
          </Link>
          <details className="nav-toggle">
            <summary>{t('nav.menu')}</summary>
          </details>
          <nav className="site-nav" aria-label={t('nav.menu')}>
            <ul>
              {NAV.map(([path, key]) => (
                <li key={path}>
                  <NavLink to={to(path)} prefetch="intent">
                    {t(key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {/*
            The same page at the other language's own address, query and all (docs/decisions/0053). A
            plain link, so it works without script and crawlers follow it; the islands script (or
            onClick, inside the app) also stores the choice, for the seed's paths to negotiate by.
          */}
          <a className="locale-switch" href={addressInLocale(location, other)} hrefLang={other} lang={other} data-locale={other} onClick={() => rememberLocale(other)} title={common('language')}>
            {common('switchTo')}
          </a>
        </div>
      </header>
      <div id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </div>
      <SiteFooter site={site} />
      {/* After the page's own structured data, which describes what the page is about. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(organizationLd(site, publicUrl)) }} />
    </div>
  );
}
