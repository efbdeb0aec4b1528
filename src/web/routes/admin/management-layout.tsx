import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Breadcrumb, Button, ConfigProvider, Layout, Menu, Result } from 'antd';
import { AuditOutlined, ContactsOutlined, GlobalOutlined, MessageOutlined, ReadOutlined, SafetyOutlined, ShopOutlined, SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import enUSModule from 'antd/locale/en_US.js';
import zhCNModule from 'antd/locale/zh_CN.js';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import type { ModuleKey } from '../../../shared/modules.js';
import { landingPathOf } from '../../../shared/modules.js';
import { ADMIN_PATHS, AUTH_PATHS } from '../../../shared/paths.js';
import { breadcrumbOf, moduleOfPath } from '../../admin/navigation.js';
import type { Crumb } from '../../admin/navigation.js';
import { useSession } from '../../admin/session-context.js';
import { FirstRunChecklist } from '../../admin/first-run-checklist.js';
import { useReducedMotion } from '../../admin/use-reduced-motion.js';
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
 * The back-office's colours. antd's defaults put links (#1677ff, not the primary colour), secondary
 * text such as the breadcrumbs (#8c8c8c) and placeholders (#bfbfbf) below WCAG's 4.5:1 on white;
 * these keep every text at 4.5:1 or more.
 */
const THEME_TOKENS = {
  colorPrimary: '#0b5cad',
  colorLink: '#0b5cad',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
};

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

  const module = moduleOfPath(location.pathname);
  // My account is every signed-in user's, whatever their modules.
  const allowed = location.pathname === ADMIN_PATHS.account || (module !== null && user.modules.some((m) => m.key === module));
  const selected = user.modules.flatMap((m) => m.menus).find((menu) => location.pathname.toLowerCase().startsWith(menu.path.toLowerCase()))?.key;
  const crumbs = breadcrumbOf(user.modules, location.pathname, location.search);
  const crumbName = (c: Crumb) => t(c.titleKey ?? (c.path ? `menus.${c.key}` : `modules.${c.key}`));
  // The tab says where the user is, then the brand (DESIGN: "page title - Portico").
  const pageTitle = crumbs.length ? `${crumbName(crumbs[crumbs.length - 1])} - Portico` : 'Portico';
  useEffect(() => {
    document.title = pageTitle;
  }, [pageTitle]);
  // The date pickers' month and day names follow the interface language too.
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');

  return (
    <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={{ token: { ...THEME_TOKENS, motion: !reducedMotion } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <Layout className="admin-shell">
            <Layout.Sider breakpoint="lg" collapsible collapsed={collapsed} onCollapse={setCollapsed} width={220}>
              <div className="admin-brand">{collapsed ? 'P' : 'Portico'}</div>
              <Menu
                theme="dark"
                mode="inline"
                selectedKeys={selected ? [selected] : []}
                defaultOpenKeys={user.modules.map((m) => m.key)}
                items={user.modules.map((m) => ({
                  key: m.key,
                  icon: MODULE_ICONS[m.key],
                  label: t(`modules.${m.key}`),
                  children: m.menus.map((menu) => ({ key: menu.key, label: <Link to={menu.path}>{t(`menus.${menu.key}`)}</Link> })),
                }))}
              />
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
                    {user.modules.some((m) => m.key === 'site') && !user.twoFactorSetupRequired && <FirstRunChecklist path={location.pathname} />}
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
