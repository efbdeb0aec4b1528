import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { CurrentUser } from '../../shared/schemas/user.js';
import type { OverviewAnswer } from '../../shared/schemas/overview.js';
import { modulesOf } from '../../shared/modules.js';
import { ADMIN_PATHS } from '../../shared/paths.js';
import ManagementLayout from '../routes/admin/management-layout.js';
import { OverviewScreen } from './overview-screen.js';
import { SessionContext } from './session-context.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

const userWith = (roles: string[]): CurrentUser => ({
  id: 2,
  userName: 'ann',
  displayName: 'Ann',
  email: '',
  roles,
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  modules: modulesOf(roles as never),
});

const OVERVIEW: OverviewAnswer = {
  counts: { JobApplication: 3, ContactInfo: 120, JoinUs: 0 },
  weekFrom: '2026-11-19T00:00:00.000Z',
  week: [
    { jobId: 7, jobTitle: 'Harbour pilot', statusId: 1, count: 2 },
    { jobId: 7, jobTitle: 'Harbour pilot', statusId: 3, count: 1 },
  ],
  oldest: {
    JobApplication: [{ id: 41, name: 'Wang Wu', createdAt: '2026-11-01T08:00:00.000Z', jobTitle: 'Harbour pilot' }],
    ContactInfo: [{ id: 5, name: 'A visitor', createdAt: '2026-10-01T08:00:00.000Z', jobTitle: null }],
    JoinUs: [],
  },
};


function show(roles: string[], locale: 'en-US' | 'zh-CN' = 'en-US', path: string = ADMIN_PATHS.overview) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/api/Overview/Counts')) return envelope(OVERVIEW.counts);
      if (url.endsWith('/api/Overview')) return envelope(OVERVIEW);
      return envelope({ items: [], meta: { page: 1, pageSize: 10, total: 0 } });
    }),
  );
  localStorage.setItem('portico.locale', locale);
  render(
    <AdminTestFrame locale={locale}>
      <SessionContext.Provider value={{ user: userWith(roles), setUser: () => undefined }}>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                element: <ManagementLayout />,
                children: [
                  { path: ADMIN_PATHS.overview, element: <OverviewScreen /> },
                  { path: '*', element: <p>Another screen</p> },
                ],
              },
            ],
            { initialEntries: [path] },
          )}
        />
      </SessionContext.Provider>
    </AdminTestFrame>,
  );
  return calls;
}

describe('the back-office at a glance', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('puts a badge of new items on the menu entries, and none where nothing is new', async () => {
    show(['admin'], 'en-US', ADMIN_PATHS.newsList);
    expect(await screen.findByLabelText('3 new')).toBeTruthy();
    expect(screen.getByLabelText('120 new').textContent).toBe('99+');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: /Overview/ }).getAttribute('href')).toBe(ADMIN_PATHS.overview);
    // Join-us has nothing new: no badge.
    expect(screen.queryByLabelText('0 new')).toBeNull();
  });

  it('shows the overview: counts, the week per job and status, the oldest items, linking to each', async () => {
    show(['admin']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(await screen.findByText('New applications')).toBeTruthy();
    const week = screen.getByRole('table');
    const row = within(week).getByText('Harbour pilot').closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Harbour pilot', '2', '0', '1', '0', '0', '0', '3']);
    expect(screen.getByRole('link', { name: 'Wang Wu' }).getAttribute('href')).toBe('/ApplyInfoManagement/ContactDetails?id=41');
    expect(screen.getByText('A visitor')).toBeTruthy();
    expect(screen.getByText('Nothing is waiting.')).toBeTruthy();
    expect(document.title).toBe('Overview - Portico');
  });

  it('speaks Chinese', async () => {
    show(['admin'], 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '概览' })).toBeTruthy();
    expect(await screen.findByText('最近 7 天的求职申请（按职位和状态）')).toBeTruthy();
    expect(screen.getByLabelText('3 条新的')).toBeTruthy();
  });

  it('offers neither menu entry nor screen to staff of no module it counts, and asks nothing of the server', async () => {
    const calls = show(['editor']);
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).queryByRole('link', { name: /Overview/ })).toBeNull();
    await waitFor(() => expect(calls.some((url) => url.includes('/api/Overview'))).toBe(false));
  });
});
