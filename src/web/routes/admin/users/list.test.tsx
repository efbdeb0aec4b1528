import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { modulesOf } from '../../../../shared/modules.js';
import type { CurrentUser, User } from '../../../../shared/schemas/user.js';
import { SessionContext } from '../../../admin/session-context.js';
import { AdminTestFrame, stubMatchMedia } from '../../../admin/test-setup.js';
import Users from './list.js';

/** The administrator's side of staff trust on the users list: the two-factor requirement, a reset, signing a user out. */

const ME: CurrentUser = {
  id: 1,
  userName: 'admin',
  displayName: '',
  email: '',
  roles: ['admin'],
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  modules: modulesOf(['admin']),
};
const user = (fields: Partial<User>): User => ({
  id: 5,
  userName: 'li.na',
  displayName: 'Li Na',
  email: '',
  roles: ['hr'],
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const USERS = [
  user({ id: 1, userName: 'admin', displayName: 'Ada Admin', roles: ['admin'] }),
  user({}),
  user({ id: 6, userName: 'wang.wei', displayName: 'Wang Wei', roles: ['editor'], twoFactorEnabled: false }),
];

const envelope = (data: unknown, errorCode = 0, message = '') =>
  new Response(JSON.stringify({ isSuccess: errorCode === 0, errorCode, message, data }), { status: errorCode === 0 ? 200 : 409 });

type Answer = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

function show(answer: Answer = () => undefined, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fetchMock = vi.fn(
    async (url: string, init: RequestInit = {}) =>
      (await answer(url, init)) ?? (url.endsWith('/api/User/Query') ? envelope({ items: USERS, meta: { page: 1, pageSize: 10, total: USERS.length } }) : envelope(null)),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter>
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SessionContext.Provider value={{ user: ME, setUser: () => undefined }}>
            <Users />
          </SessionContext.Provider>
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const calls = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith(path))
      .map(([, init]) => ({ method: init?.method, body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown) }));
  return { calls };
}

/** A user's row, once the list shows it. */
const rowOf = async (userName: string) => (await screen.findByText(userName)).closest('tr')!;

/** The open confirmation bubble. */
const popconfirm = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-popconfirm');
    expect(found).not.toBeNull();
    return found!;
  });

/**
 * An open dialog by its title. In tests antd gives every generated id the same value, so a dialog's
 * `aria-labelledby` may point at another element of the list, and its accessible name cannot be used.
 */
const dialogTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;

const POLICY = '/api/User/TwoFactorPolicy';

describe('the two-factor requirement dialog', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the roles required now, and saving sends exactly the roles chosen', async () => {
    const { calls } = show((url, init) => {
      if (url.endsWith(POLICY) && init.method === 'GET') return envelope({ requiredRoles: ['hr'] });
      if (url.endsWith(POLICY)) return envelope({ requiredRoles: ['admin', 'editor'] });
      return undefined;
    });
    await rowOf('li.na');
    fireEvent.click(screen.getByRole('button', { name: 'Two-step verification requirement' }));
    const dialog = await dialogTitled('Two-step verification requirement');
    const role = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(role('Human resources').checked).toBe(true));
    expect(role('Administrator').checked).toBe(false);
    expect(within(dialog).getByText(/Members of these roles must use two-step verification/)).toBeTruthy();

    fireEvent.click(role('Human resources'));
    fireEvent.click(role('News editor'));
    fireEvent.click(role('Administrator'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The requirement is saved.')).toBeTruthy();
    const saved = calls(POLICY).filter((call) => call.method === 'POST');
    expect(saved).toHaveLength(1);
    expect(saved[0].body).toEqual({ requiredRoles: ['admin', 'editor'] });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('sends nothing while the requirement is still loading: a save then would clear it', async () => {
    let answerPolicy: (response: Response) => void = () => undefined;
    const { calls } = show((url, init) => {
      if (url.endsWith(POLICY) && init.method === 'GET') return new Promise<Response>((resolve) => (answerPolicy = resolve));
      return undefined;
    });
    await rowOf('li.na');
    fireEvent.click(screen.getByRole('button', { name: 'Two-step verification requirement' }));
    const dialog = await dialogTitled('Two-step verification requirement');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(POLICY).filter((call) => call.method === 'POST')).toEqual([]);

    answerPolicy(envelope({ requiredRoles: ['hr', 'service'] }));
    await waitFor(() => expect((within(dialog).getByRole('checkbox', { name: 'Customer service' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(POLICY).filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ requiredRoles: ['hr', 'service'] }]));
  });

  it('says why the requirement could not be read, and offers no save', async () => {
    const { calls } = show((url, init) => (url.endsWith(POLICY) && init.method === 'GET' ? envelope(null, 40003, 'Forbidden') : undefined));
    await rowOf('li.na');
    fireEvent.click(screen.getByRole('button', { name: 'Two-step verification requirement' }));
    const dialog = await dialogTitled('Two-step verification requirement');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Could not load');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(POLICY).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('speaks Chinese too', async () => {
    show((url, init) => {
      if (url.endsWith(POLICY) && init.method === 'GET') return envelope({ requiredRoles: [] });
      if (url.endsWith(POLICY)) return envelope({ requiredRoles: ['hr'] });
      return undefined;
    }, 'zh-CN');
    await rowOf('li.na');
    fireEvent.click(screen.getByRole('button', { name: '两步验证要求' }));
    const dialog = await dialogTitled('两步验证要求');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '人力资源' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已保存两步验证要求。')).toBeTruthy();
  });
});

describe("an administrator resetting a user's two-factor sign-in", () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks first, then resets it, says so and reloads the list; a user without two-factor has nothing to reset', async () => {
    const { calls } = show();
    const row = await rowOf('li.na');
    expect(within(await rowOf('wang.wei')).queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
    // One's own takes a code or the password in My account: offered here, but not to press.
    expect((within(await rowOf('Ada Admin')).getByRole('button', { name: 'Reset two-step verification' }) as HTMLButtonElement).disabled).toBe(true);
    const listed = calls('/api/User/Query').length;

    fireEvent.click(within(row).getByRole('button', { name: 'Reset two-step verification' }));
    const confirm = await popconfirm();
    expect(confirm.textContent).toContain('After the reset, li.na signs in with the password alone and must set up two-step verification again.');
    expect(calls('/api/User/5/TwoFactor/Reset')).toEqual([]);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset two-step verification' }));
    expect(await screen.findByText('Two-step verification of li.na was reset.')).toBeTruthy();
    expect(calls('/api/User/5/TwoFactor/Reset')).toEqual([{ method: 'POST', body: {} }]);
    await waitFor(() => expect(calls('/api/User/Query').length).toBeGreaterThan(listed));
  });

  it("shows the server's refusal instead of a success", async () => {
    show((url) => (url.endsWith('/TwoFactor/Reset') ? envelope(null, 40004, 'User not found') : undefined));
    fireEvent.click(within(await rowOf('li.na')).getByRole('button', { name: 'Reset two-step verification' }));
    fireEvent.click(within(await popconfirm()).getByRole('button', { name: 'Reset two-step verification' }));
    await waitFor(() => expect(document.querySelector('.ant-message-error')).not.toBeNull());
    expect(screen.queryByText('Two-step verification of li.na was reset.')).toBeNull();
  });

  it('speaks Chinese too', async () => {
    const { calls } = show(undefined, 'zh-CN');
    fireEvent.click(within(await rowOf('li.na')).getByRole('button', { name: '重置两步验证' }));
    const confirm = await popconfirm();
    expect(confirm.textContent).toContain('重置后，li.na 只需密码即可登录，并需重新设置两步验证。');
    fireEvent.click(within(confirm).getByRole('button', { name: '重置两步验证' }));
    expect(await screen.findByText('已重置 li.na 的两步验证。')).toBeTruthy();
    expect(calls('/api/User/5/TwoFactor/Reset')).toHaveLength(1);
  });
});

describe('signing a user out everywhere', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks first, ends every session of that user and says how many ended', async () => {
    const { calls } = show((url) => (url.endsWith('/api/User/6/EndSessions') ? envelope({ ended: 1 }) : undefined));
    fireEvent.click(within(await rowOf('wang.wei')).getByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await popconfirm();
    expect(confirm.textContent).toContain('Sign wang.wei out on every device?');
    expect(calls('/EndSessions')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sessions ended: 1')).toBeTruthy();
    expect(calls('/EndSessions')).toEqual([{ method: 'POST', body: {} }]);
    expect(calls('/api/User/6/EndSessions')).toHaveLength(1);
  });

  it('speaks Chinese too', async () => {
    const { calls } = show((url) => (url.endsWith('/api/User/5/EndSessions') ? envelope({ ended: 3 }) : undefined), 'zh-CN');
    fireEvent.click(within(await rowOf('li.na')).getByRole('button', { name: '结束所有登录' }));
    const confirm = await popconfirm();
    expect(confirm.textContent).toContain('让 li.na 在所有设备上退出登录？');
    fireEvent.click(within(confirm).getByRole('button', { name: '结束所有登录' }));
    expect(await screen.findByText('已结束 3 个登录')).toBeTruthy();
    expect(calls('/api/User/5/EndSessions')).toEqual([{ method: 'POST', body: {} }]);
  });
});
