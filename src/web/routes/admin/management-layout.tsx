import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Badge, Breadcrumb, Button, ConfigProvider, Layout, Menu, Result } from 'antd';
import { AuditOutlined, ContactsOutlined, DashboardOutlined, GlobalOutlined, MessageOutlined, ReadOutlined, SafetyOutlined, ShopOutlined, SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import enUSModule from 'antd/locale/en_US.js';
import zhCNModule from 'antd/locale/zh_CN.js';
import dayjs from 'dayjs';
import { setTimeLocale } from '../../admin/time.js';
import 'dayjs/locale/zh-cn.js';
import type { ModuleKey } from '../../../shared/modules.js';
import { landingPathOf } from '../../../shared/modules.js';
import { ADMIN_PATHS, AUTH_PATHS } from '../../../shared/paths.js';
import { breadcrumbOf, modulesOfPath } from '../../admin/navigation.js';
import type { Crumb } from '../../admin/navigation.js';
import { useSession } from '../../admin/session-context.js';
import { FirstRunChecklist } from '../../admin/first-run-checklist.js';
import { GLANCE_MENUS, seesGlance, useGlanceCounts } from '../../admin/glance.js';
import { useReducedMotion } from '../../admin/use-reduced-motion.js';
import { adminTheme } from '../../admin/theme.js';
import { useLocale } from '../../i18n/use-locale.js';
import '../../admin/admin.css';

/** Each module's icon: all that shows of the menu when it is folded on a narrow screen. */
const MODULE_ICONS: Record<ModuleKey, ReactNode> = {
  news: <ReadOutlined />,
  jobs: <SolutionOutlined />,
  applications: <ContactsOutlined />,
  contact: <MessageOutlined />,
  joinus: <ShopOutlined />,
  users: <TeamOutlined />,
  site: <GlobalOutlined />,
  audit: <AuditOutlined />,
  privacy: <SafetyOutlined />,
};

// antd's locale files are CommonJS-style default exports; under NodeNext typing the default may be nested.
const unwrap = <T,>(module: T | { default: T }): T => ((module as { default?: T }).default ?? (module as T));
const zhCN = unwrap(zhCNModule);
const enUS = unwrap(enUSModule);

/**
 * The menu, from the user's modules: the overview first for staff of a module it counts, and a badge
 * of new items on the applications, contact and join-us lists (docs/decisions/0051). Inside the
 * frame's query client, whose cache tells it when those lists change.
 */
function MainMenu({ selected, glance }: { selected: string | undefined; glance: boolean }) {
  const { user } = useSession();
  const { t } = useTranslation('admin');
  const counts = useGlanceCounts(glance, useLocation().pathname);
  const labelOf = (key: string, path: string) => {
    const kind = GLANCE_MENUS[key];
    const count = kind ? (counts?.[kind] ?? 0) : 0;
    return (
      <Link to={path} className="admin-menu-link">
        <span>{t(`menus.${key}`)}</span>
        {count > 0 && <Badge count={count} overflowCount={99} size="small" title={t('overview.badge', { count })} aria-label={t('overview.badge', { count })} />}
      </Link>
    );
  };
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={user.modules.map((m) => m.key)}
      items={[
        ...(glance ? [{ key: 'overview', icon: <DashboardOutlined />, label: <Link to={ADMIN_PATHS.overview}>{t('overview.menu')}</Link> }] : []),
        ...user.modules.map((m) => ({
          key: m.key,
          icon: MODULE_ICONS[m.key],
          label: t(`modules.${m.key}`),
          children: m.menus.map((menu) => ({ key: menu.key, label: labelOf(menu.key, menu.path) })),
        })),
      ]}
    />
  );
}

/** The back-office frame: menu from the user's modules, breadcrumbs, and the user's own actions. */
export default function ManagementLayout() {
  const { user } = useSession();
  const { t } = useTranslation('admin');
  const [locale, setLocale] = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  const [collapsed, setCollapsed] = useState(false);
  const reducedMotion = useReducedMotion();

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
  // The date pickers' month and day names follow the interface language too.
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  setTimeLocale(locale);

  return (
    <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={adminTheme(reducedMotion)} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <Layout className="admin-shell">
            <Layout.Sider breakpoint="lg" collapsible collapsed={collapsed} onCollapse={setCollapsed} width={220}>
              <div className="admin-brand">{collapsed ? 'P' : 'Portico'}</div>
              <MainMenu selected={selected} glance={glance} />
            </Layout.Sider>
            <Layout>
              <Layout.Header className="admin-header">
                <Breadcrumb items={crumbs.map((c) => ({ title: c.path ? <Link to={c.path}>{crumbName(c)}</Link> : crumbName(c) }))} />
                <div className="admin-user">
                  <span>{user.displayName || user.userName}</span>
                  {/* Named in its own language; antd would otherwise space two Chinese characters apart ("中 文"). */}
                  <Button
                    size="small"
                    title={t('shell.switchLanguage')}
                    lang={locale === 'zh-CN' ? 'en' : 'zh-CN'}
                    autoInsertSpace={false}
                    onClick={() => setLocale(locale === 'zh-CN' ? 'en-US' : 'zh-CN')}
                  >
                    {locale === 'zh-CN' ? 'English' : '中文'}
                  </Button>
                  <Button size="small" onClick={() => navigate(ADMIN_PATHS.account)}>
                    {t('account.menu')}
                  </Button>
                  <Button size="small" onClick={() => navigate(AUTH_PATHS.logout)}>
                    {t('shell.logout')}
                  </Button>
                </div>
              </Layout.Header>
              <Layout.Content className="admin-content">
                {allowed ? (
                  <>
                    {/* Not before a required two-step enrolment: the server refuses the checklist's call until then. */}
                    {user.modules.some((m) => m.key === 'site') && !user.twoFactorSetupRequired && <FirstRunChecklist path={location.pathname} initial={user.checklist} />}
                    <Outlet />
                  </>
                ) : (
                  <Result
                    status="403"
                    title="403"
                    subTitle={t('shell.forbidden')}
                    extra={
                      <Button type="primary" onClick={() => navigate(landingPathOf(user.modules))}>
                        {t('shell.forbiddenBack')}
                      </Button>
                    }
                  />
                )}
              </Layout.Content>
            </Layout>
          </Layout>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
