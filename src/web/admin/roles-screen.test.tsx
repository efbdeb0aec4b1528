import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Role } from '../../shared/schemas/role.js';
import type { CurrentUser } from '../../shared/schemas/user.js';
import { RolesScreen } from './roles-screen.js';
import { AdminTestFrame, TEST_USER, readOnlyUser, stubMatchMedia } from './test-setup.js';

/** The roles screen (docs/decisions/0059): built-in roles for reference, custom ones composed of modules with read or write. */

const AT = '2026-11-01T00:00:00.000Z';
const role = (fields: Partial<Role>): Role => ({
  id: 1,
  key: 'admin',
  name: '管理员',
  description: '',
  grants: { news: 'write' },
  builtIn: true,
  userCount: 1,
  translations: { 'en-US': { name: 'Administrator' } },
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});
const ROLES = [
  role({}),
  role({ id: 6, key: 'jobs-reader', name: '职位只读', builtIn: false, userCount: 2, grants: { jobs: 'read' }, translations: { 'en-US': { name: 'Jobs reader' } } }),
];

const envelope = (data: unknown, errorCode = 0, message = '') =>
  new Response(JSON.stringify({ isSuccess: errorCode === 0, errorCode, message, data }), { status: errorCode === 0 ? 200 : 409 });

function show(user: CurrentUser = TEST_USER, locale: 'en-US' | 'zh-CN' = 'en-US', answer: (url: string, init: RequestInit) => Response | undefined = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => answer(url, init) ?? (url.endsWith('/api/Role/Query') ? envelope({ items: ROLES, meta: { page: 1, pageSize: 10, total: ROLES.length } }) : envelope(ROLES[1])));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter>
      <AdminTestFrame locale={locale} user={user}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RolesScreen />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const sent = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).map(([, init]) => ({ method: init?.method, body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown) }));
  return { sent };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('the roles screen', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists built-in roles view-only and custom ones to edit or delete, names in the reader\'s language', async () => {
    show();
    const builtIn = await rowOf('Administrator');
    expect(within(builtIn).getByText('Built in')).toBeTruthy();
    expect(within(builtIn).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(builtIn).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(builtIn).queryByRole('button', { name: 'Delete' })).toBeNull();
    const custom = await rowOf('Jobs reader');
    expect(within(custom).getByText('Jobs · Read only')).toBeTruthy();
    expect(within(custom).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(custom).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New role' })).toBeTruthy();
  });

  it('creates a role from its key, both names and a grid of radio groups, refusing one without a module', async () => {
    const { sent } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'jobs-only' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '仅职位' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the role read or write on at least one module')).toBeTruthy();
    expect(sent('/api/Role')).toEqual([]);

    // Each module is one radio group named by the module: None, Read only, Read and write.
    const jobs = within(dialog).getByRole('radiogroup', { name: 'Jobs' });
    expect(within(jobs).getByRole('radio', { name: 'None' })).toHaveProperty('checked', true);
    fireEvent.click(within(jobs).getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(within(within(dialog).getByRole('radiogroup', { name: 'News' })).getByRole('radio', { name: 'Read only' }));
    fireEvent.click(within(dialog).getByRole('tab', { name: /English/ }));
    fireEvent.change(within(dialog).getByLabelText(/Name.*English|English.*Name/), { target: { value: 'Jobs only' } });
    // (The tab's panel moves focus handling about: the button is found by its text.)
    fireEvent.click(within(dialog).getByText('Save').closest('button')!);
    await waitFor(() => expect(sent('/api/Role')).toHaveLength(1));
    expect(sent('/api/Role')[0]!.body).toEqual({
      key: 'jobs-only',
      name: '仅职位',
      description: '',
      grants: { jobs: 'write', news: 'read' },
      translations: { 'en-US': { name: 'Jobs only', description: null } },
    });
  });

  it('changes a custom role\'s grants, its key shown but fixed', async () => {
    const { sent } = show();
    fireEvent.click(within(await rowOf('Jobs reader')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Key') as HTMLInputElement).disabled).toBe(true);
    const jobs = within(dialog).getByRole('radiogroup', { name: 'Jobs' });
    expect(within(jobs).getByRole('radio', { name: 'Read only' })).toHaveProperty('checked', true);
    fireEvent.click(within(jobs).getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/api/Role/Update')).toHaveLength(1));
    expect(sent('/api/Role/Update')[0]!.body).toMatchObject({ id: 6, updatedAt: AT, grants: { jobs: 'write' }, name: '职位只读' });
  });

  it('says in Chinese why a role still held by users cannot be deleted', async () => {
    show(TEST_USER, 'zh-CN', (url, init) => (url.endsWith('/api/Role/6') && init.method === 'DELETE' ? envelope({ reason: 'role-in-use' }, 40009, 'Role is held by users') : undefined));
    fireEvent.click(within(await rowOf('职位只读')).getByRole('button', { name: /删\s?除/ }));
    fireEvent.click((await screen.findAllByRole('button', { name: /删\s?除/ })).at(-1)!);
    // The refusal's reason, said by the catalogue, not the server's English message.
    const refusal = await waitFor(() => {
      const shown = document.querySelector('.ant-message');
      if (!shown?.textContent) throw new Error('no message yet');
      return shown.textContent;
    });
    expect(refusal).toContain('仍有用户拥有该角色');
    expect(refusal).not.toContain('held by users');
  });

  it('shows every role view-only to a role that may only read users', async () => {
    show(readOnlyUser(['users']));
    const custom = await rowOf('Jobs reader');
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull();
    expect(within(custom).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(custom).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(custom).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(within(dialog).getByRole('radiogroup', { name: 'Jobs' })).getByRole('radio', { name: 'Read only' })).toHaveProperty('disabled', true);
  });
});
