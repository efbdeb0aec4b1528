import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined.js';
import ContactsOutlined from '@ant-design/icons-svg/es/asn/ContactsOutlined.js';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined.js';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined.js';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined.js';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined.js';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined.js';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined.js';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined.js';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined.js';
import ShopOutlined from '@ant-design/icons-svg/es/asn/ShopOutlined.js';
import SolutionOutlined from '@ant-design/icons-svg/es/asn/SolutionOutlined.js';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined.js';
import { setTimeLocale } from '../../admin/time.js';
import type { ModuleKey } from '../../../shared/modules.js';
import { landingPathOf } from '../../../shared/modules.js';
import { ADMIN_PATHS, AUTH_PATHS } from '../../../shared/paths.js';
import { breadcrumbOf, modulesOfPath } from '../../admin/navigation.js';
import type { Crumb } from '../../admin/navigation.js';
import { useSession } from '../../admin/session-context.js';
import { FirstRunChecklist } from '../../admin/first-run-checklist.js';
import { GLANCE_MENUS, seesGlance, useGlanceCounts } from '../../admin/glance.js';
import { Badge, Button } from '../../admin/ui/controls.js';
import { Icon } from '../../admin/ui/icon.js';
import type { IconDefinition } from '../../admin/ui/icon.js';
import { NoticesProvider } from '../../admin/ui/notices.js';
import { useLocale } from '../../i18n/use-locale.js';
import '../../admin/ui/ui.css';
import '../../admin/admin.css';

/** Each module's icon: all that shows of the menu when it is folded on a narrow screen. */
const MODULE_ICONS: Record<ModuleKey, IconDefinition | { default: IconDefinition }> = {
  news: ReadOutlined,
  jobs: SolutionOutlined,
  applications: ContactsOutlined,
  contact: MessageOutlined,
  joinus: ShopOutlined,
  users: TeamOutlined,
  site: GlobalOutlined,
  audit: AuditOutlined,
  privacy: SafetyOutlined,
};

/**
 * antd's provider, theme and language, for the screens that use antd's components (forms, dialogs,
 * pickers). A screen whose route says `handle = { plain: true }` draws without antd and does not
 * load it (docs/decisions/0065); any other is drawn inside it.
 */
const AntdScope = lazy(() => import('../../admin/antd-scope.js'));

/** Below this width the menu starts folded to its icons, as antd's `lg` breakpoint did. */
const NARROW = '(max-width: 991px)';

/**
 * The menu, from the user's modules: the overview first for staff of a module it counts, and a badge
 * of new items on the applications, contact and join-us lists (docs/decisions/0051). Inside the
 * frame's query client, whose cache tells it when those lists change. Each module is a group that
 * opens and closes; folded, the menu shows the modules' icons, and choosing one unfolds it.
 */
function MainMenu({ selected, glance, folded, unfold }: { selected: string | undefined; glance: boolean; folded: boolean; unfold: () => void }) {
  const { user } = useSession();
  const { t } = useTranslation('admin');
  const counts = useGlanceCounts(glance, useLocation().pathname);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setClosed((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const entry = (key: string, path: string, label: string) => {
    const kind = GLANCE_MENUS[key];
    const count = kind ? (counts?.[kind] ?? 0) : 0;
    return (
      <Link to={path} className={selected === key ? 'ui-menu-item admin-menu-link on' : 'ui-menu-item admin-menu-link'} aria-current={selected === key ? 'page' : undefined}>
        <span>{label}</span>
        <Badge count={count} label={t('overview.badge', { count })} />
      </Link>
    );
  };
  return (
    <nav className={folded ? 'ui-menu folded' : 'ui-menu'} aria-label={t('shell.menu')}>
      <ul>
        {glance && (
          <li>
            <Link
              to={ADMIN_PATHS.overview}
              className={selected === 'overview' ? 'ui-menu-item ui-menu-top on' : 'ui-menu-item ui-menu-top'}
              aria-current={selected === 'overview' ? 'page' : undefined}
              title={folded ? t('overview.menu') : undefined}
            >
              <Icon of={DashboardOutlined} />
              <span className="ui-menu-label">{t('overview.menu')}</span>
            </Link>
          </li>
        )}
        {user.modules.map((m) => {
          const open = !folded && !closed.has(m.key);
          const holdsSelected = m.menus.some((menu) => menu.key === selected);
          return (
            <li key={m.key}>
              <button
                type="button"
                className={holdsSelected ? 'ui-menu-group on' : 'ui-menu-group'}
                aria-expanded={open}
                title={folded ? t(`modules.${m.key}`) : undefined}
                onClick={() => (folded ? unfold() : toggle(m.key))}
              >
                <Icon of={MODULE_ICONS[m.key]} />
                <span className="ui-menu-label">{t(`modules.${m.key}`)}</span>
                <Icon of={DownOutlined} className="ui-menu-caret" />
              </button>
              {open && (
                <ul>
                  {m.menus.map((menu) => (
                    <li key={menu.key}>{entry(menu.key, menu.path, t(`menus.${menu.key}`))}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Whether the screen's route says it draws without antd. */
const drawsPlain = (matches: ReturnType<typeof useMatches>) => matches.some((match) => (match.handle as { plain?: boolean } | undefined)?.plain === true);

/** The back-office frame: menu from the user's modules, breadcrumbs, and the user's own actions. */
export default function ManagementLayout() {
  const { user } = useSession();
  const { t } = useTranslation('admin');
  const [locale, setLocale] = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const plain = drawsPlain(useMatches());
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  const [folded, setFolded] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches);
  // Crossing the width folds or unfolds it, as antd's breakpoint did; in between, the user's choice stands.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const narrow = window.matchMedia(NARROW);
    const follow = (event: MediaQueryListEvent) => setFolded(event.matches);
    narrow.addEventListener('change', follow);
    return () => narrow.removeEventListener('change', follow);
  }, []);

  // Not before a required password change or two-step enrolment: the server refuses the counts until then.
  const glance = seesGlance(user.modules) && !user.twoFactorSetupRequired && !user.mustChangePassword;
  const atOverview = location.pathname.toLowerCase() === ADMIN_PATHS.overview.toLowerCase();
  // My account is every signed-in user's, whatever their modules; the overview, staff of any module it
  // counts; any other screen, staff of a module that may read it.
  const allowed =
    location.pathname === ADMIN_PATHS.account || (atOverview && glance) || modulesOfPath(location.pathname).some((key) => user.modules.some((m) => m.key === key));
  const selected = atOverview ? 'overview' : user.modules.flatMap((m) => m.menus).find((menu) => location.pathname.toLowerCase().startsWith(menu.path.toLowerCase()))?.key;
  const crumbs = breadcrumbOf(user.modules, location.pathname, location.search);
  const crumbName = (c: Crumb) => t(c.titleKey ?? (c.path ? `menus.${c.key}` : `modules.${c.key}`));
  // The tab says where the user is, then the brand (DESIGN: "page title - Portico").
  const pageTitle = crumbs.length ? `${crumbName(crumbs[crumbs.length - 1])} - Portico` : 'Portico';
  useEffect(() => {
    document.title = pageTitle;
  }, [pageTitle]);
  setTimeLocale(locale);

  const screen = allowed ? (
    <>
      {/* Not before a required two-step enrolment: the server refuses the checklist's call until then. */}
      {user.modules.some((m) => m.key === 'site') && !user.twoFactorSetupRequired && <FirstRunChecklist path={location.pathname} initial={user.checklist} />}
      {plain ? (
        <Outlet />
      ) : (
        <Suspense fallback={<p className="ui-loading" role="status">{t('shell.loadingScreen')}</p>}>
          <AntdScope>
            <Outlet />
          </AntdScope>
        </Suspense>
      )}
    </>
  ) : (
    <div className="ui-result" role="alert">
      <h2>403</h2>
      <p>{t('shell.forbidden')}</p>
      <Button kind="primary" onClick={() => navigate(landingPathOf(user.modules))}>
        {t('shell.forbiddenBack')}
      </Button>
    </div>
  );

  return (
    <QueryClientProvider client={queryClient}>
      <NoticesProvider>
        <div className={folded ? 'admin-shell folded' : 'admin-shell'}>
          <aside className="admin-sider">
            <div className="admin-brand">{folded ? 'P' : 'Portico'}</div>
            <MainMenu selected={selected} glance={glance} folded={folded} unfold={() => setFolded(false)} />
            <button type="button" className="admin-fold" aria-label={folded ? t('shell.unfoldMenu') : t('shell.foldMenu')} aria-expanded={!folded} onClick={() => setFolded(!folded)}>
              <Icon of={folded ? RightOutlined : LeftOutlined} />
            </button>
          </aside>
          <div className="admin-main">
            <header className="admin-header">
              <nav aria-label={t('shell.breadcrumb')}>
                <ol className="admin-breadcrumb">
                  {crumbs.map((c, i) => (
                    <li key={`${c.key}-${i}`} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                      {c.path ? <Link to={c.path}>{crumbName(c)}</Link> : crumbName(c)}
                    </li>
                  ))}
                </ol>
              </nav>
              <div className="admin-user">
                <span>{user.displayName || user.userName}</span>
                {/* Named in its own language, in one word ("中文", not "中 文"). */}
                <Button size="small" title={t('shell.switchLanguage')} lang={locale === 'zh-CN' ? 'en' : 'zh-CN'} onClick={() => setLocale(locale === 'zh-CN' ? 'en-US' : 'zh-CN')}>
                  {locale === 'zh-CN' ? 'English' : '中文'}
                </Button>
                <Button size="small" onClick={() => navigate(ADMIN_PATHS.account)}>
                  {t('account.menu')}
                </Button>
                <Button size="small" onClick={() => navigate(AUTH_PATHS.logout)}>
                  {t('shell.logout')}
                </Button>
              </div>
            </header>
            <main className="admin-content">{screen}</main>
          </div>
        </div>
      </NoticesProvider>
    </QueryClientProvider>
  );
}
