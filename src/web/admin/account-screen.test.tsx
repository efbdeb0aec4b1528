import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ADMIN_PATHS } from '../../shared/paths.js';
import type { CurrentUser } from '../../shared/schemas/user.js';
import SecurityLayout from '../routes/admin/security-layout.js';
import { AccountScreen } from './account-screen.js';
import { SessionContext } from './session-context.js';
import { AdminTestFrame, stubMatchMedia } from './test-setup.js';

const USER: CurrentUser = {
  id: 2,
  userName: 'ann',
  displayName: 'Ann',
  email: '',
  roles: ['editor'],
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  modules: [{ key: 'news', name: '新闻管理', access: 'write', menus: [{ key: 'news.list', name: '新闻列表', path: ADMIN_PATHS.newsList }] }],
};

const SESSIONS = {
  items: [
    { id: 7, device: 'Chrome · Windows', userAgent: 'Mozilla/5.0 Chrome', clientAddress: '10.0.0.7', createdAt: '2026-11-01T08:00:00.000Z', lastSeenAt: '2026-11-01T09:00:00.000Z', current: true },
    { id: 5, device: 'Safari · iPhone', userAgent: 'Mozilla/5.0 Safari', clientAddress: '10.0.0.5', createdAt: '2026-10-30T08:00:00.000Z', lastSeenAt: '2026-10-31T09:00:00.000Z', current: false },
  ],
  meta: { page: 1, pageSize: 100, total: 2 },
};

const envelope = (data: unknown, errorCode = 0, message = '', status = 200) =>
  new Response(JSON.stringify({ isSuccess: errorCode === 0, errorCode, message, data }), { status });

type Answer = (url: string, body: Record<string, unknown>) => Response | undefined;

function mockServer(answer: Answer) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    return (
      answer(url, body) ??
      (url.endsWith('/api/security/TwoFactor') ? envelope({ enabled: false, required: false, recoveryCodesLeft: 0 }) : envelope(null))
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const called = (fetchMock: ReturnType<typeof mockServer>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

async function changePassword(oldPassword: string, newPassword: string, confirm = newPassword) {
  fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('a password that must be changed', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  function renderBackOffice() {
    window.sessionStorage.setItem('portico.token', 'old-token');
    const router = createMemoryRouter(
      [{ element: <SecurityLayout />, children: [{ path: ADMIN_PATHS.newsList, element: <p>news list</p> }] }],
      { initialEntries: [ADMIN_PATHS.newsList] },
    );
    render(
      <AdminTestFrame>
        <RouterProvider router={router} />
      </AdminTestFrame>,
    );
  }

  it('opens the change before any other screen, and the screen asked for right after', async () => {
    const fetchMock = mockServer((url) => {
      if (url.endsWith('/api/security/current')) return envelope({ ...USER, mustChangePassword: true });
      if (url.endsWith('/api/User/UpdatePassword')) return envelope({ accessToken: { token: 'new-token', expiresAt: '2099-01-01T00:00:00.000Z' } });
      return undefined;
    });
    renderBackOffice();
    expect(await screen.findByRole('heading', { name: 'Please change your password' })).toBeTruthy();
    expect(screen.queryByText('news list')).toBeNull();

    // Checked in the browser first: the user name, and the repeat.
    await changePassword('given-password-1', 'ann-is-here-2026');
    expect(await screen.findByText('The password must not contain the user name.')).toBeTruthy();
    await changePassword('given-password-1', 'quiet-orchard-88', 'quiet-orchard-89');
    expect(await screen.findByText('The two new passwords do not match')).toBeTruthy();
    expect(called(fetchMock, '/api/User/UpdatePassword')).toHaveLength(0);

    await changePassword('given-password-1', 'quiet-orchard-88');
    expect(await screen.findByText('news list')).toBeTruthy();
    const [, init] = called(fetchMock, '/api/User/UpdatePassword')[0];
    expect(JSON.parse(String(init!.body))).toEqual({ oldPassword: 'given-password-1', newPassword: 'quiet-orchard-88' });
    expect(window.sessionStorage.getItem('portico.token')).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem('portico.user')!).mustChangePassword).toBe(false);
  });

  it("explains the server's refusal of a common password in the user's language", async () => {
    mockServer((url) => {
      if (url.endsWith('/api/security/current')) return envelope({ ...USER, mustChangePassword: true });
      if (url.endsWith('/api/User/UpdatePassword')) {
        const message = 'This password is one of the most commonly used ones; choose another';
        return envelope({ issues: [{ path: 'newPassword', message }], reason: 'common' }, 40000, `newPassword: ${message}`, 400);
      }
      return undefined;
    });
    renderBackOffice();
    await changePassword('given-password-1', 'iloveyou123');
    expect(await screen.findByText(/one of the 100,000 most used passwords/)).toBeTruthy();
    expect(screen.queryByText('news list')).toBeNull();
  });
});

describe('My account', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  function renderAccount(locale: 'en-US' | 'zh-CN' = 'en-US') {
    const router = createMemoryRouter(
      [
        { path: ADMIN_PATHS.account, element: <AccountScreen /> },
        { path: '/login', element: <p>sign-in page</p> },
      ],
      { initialEntries: [ADMIN_PATHS.account] },
    );
    render(
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SessionContext.Provider value={{ user: USER, setUser: () => undefined }}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
        </QueryClientProvider>
      </AdminTestFrame>,
    );
  }

  it('lists the sessions, marks this one, and ends another', async () => {
    let sessions = SESSIONS;
    const fetchMock = mockServer((url) => {
      if (url.endsWith('/api/security/Sessions')) return envelope(sessions);
      if (url.endsWith('/api/security/Sessions/5/End')) {
        sessions = { ...SESSIONS, items: SESSIONS.items.slice(0, 1), meta: { ...SESSIONS.meta, total: 1 } };
        return envelope(null);
      }
      return undefined;
    });
    renderAccount();
    const phone = (await screen.findByText('Safari · iPhone')).closest('tr')!;
    const mine = screen.getByText('Chrome · Windows').closest('tr')!;
    expect(within(mine).getByText('This session')).toBeTruthy();
    expect(within(phone).queryByText('This session')).toBeNull();
    expect(within(phone).getByText('10.0.0.5')).toBeTruthy();

    fireEvent.click(within(phone).getByRole('button', { name: 'End' }));
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-popconfirm');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(called(fetchMock, '/api/security/Sessions/5/End')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Safari · iPhone')).toBeNull());
  });

  it('speaks Chinese too', async () => {
    mockServer((url) => (url.endsWith('/api/security/Sessions') ? envelope(SESSIONS) : undefined));
    renderAccount('zh-CN');
    expect(await screen.findByText('当前会话')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '我的账户' })).toBeTruthy();
    expect(screen.getAllByText('修改密码').length).toBeGreaterThan(0);
  });
});
