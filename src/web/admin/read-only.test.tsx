import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/user.js';
import { newsCategoryEntity } from '../../shared/schemas/category.js';
import { ADMIN_PATHS, jobEditPath } from '../../shared/paths.js';
import JobsAdmin from '../routes/admin/jobs/list.js';
import JobEdit from '../routes/admin/jobs/edit.js';
import { CategoryScreen } from './category-screen.js';
import { AdminTestFrame, TEST_USER, TestRouter, envelope, readOnlyUser, stubMatchMedia, testJob } from './test-setup.js';

/** docs/decisions/0059: a role that may only read a module's records sees no control that would change one. */

const page = (items: unknown[]) => envelope({ items, meta: { page: 1, pageSize: 10, total: items.length } });

function answerAll() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/api/Job/Query')) return page([testJob({ id: 3, title: 'Harbour pilot' })]);
      if (url.endsWith('/api/Job/3')) return envelope(testJob({ id: 3, title: 'Harbour pilot' }));
      if (url.endsWith('/api/JobCategory/Query')) return page([{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }]);
      if (url.endsWith('/api/NewsCategory/Query')) return page([{ id: 1, name: 'Harbour news', sortOrder: 0, itemCount: 0, translations: {}, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' }]);
      return envelope(null);
    }),
  );
  return calls;
}

function showList(user: CurrentUser) {
  answerAll();
  render(
    <AdminTestFrame user={user}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[ADMIN_PATHS.jobs]}>
          <JobsAdmin />
        </MemoryRouter>
      </QueryClientProvider>
    </AdminTestFrame>,
  );
}

describe('a read-only role on the back-office', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the jobs with no create, edit, status, archive, delete or bulk delete', async () => {
    showList(readOnlyUser(['jobs']));
    const row = (await screen.findByRole('link', { name: 'Harbour pilot' })).closest('tr')!;
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New job' })).toBeNull();
    expect(within(row).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(jobEditPath(3));
    for (const name of ['Edit', 'Close', 'Archive', 'Delete']) expect(within(row).queryByRole(name === 'Edit' ? 'link' : 'button', { name })).toBeNull();
    // No row can be ticked: the bulk bar's one action on jobs is a delete.
    expect(within(row).queryByRole('checkbox')).toBeNull();
  });

  it('shows those controls to a role that may write', async () => {
    showList(TEST_USER);
    const row = (await screen.findByRole('link', { name: 'Harbour pilot' })).closest('tr')!;
    expect(screen.getByRole('button', { name: 'New job' })).toBeTruthy();
    for (const name of ['Close', 'Archive', 'Delete']) expect(within(row).getByRole('button', { name })).toBeTruthy();
    expect(within(row).getByRole('checkbox')).toBeTruthy();
    expect(screen.queryByText('Read only')).toBeNull();
  });

  it('opens a job in its editor as a view: every field disabled, nothing to save', async () => {
    answerAll();
    render(
      <AdminTestFrame user={readOnlyUser(['jobs'])}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <TestRouter routes={[{ path: ADMIN_PATHS.jobEdit, element: <JobEdit /> }]} at={jobEditPath(3)} />
        </QueryClientProvider>
      </AdminTestFrame>,
    );
    const title = await screen.findByDisplayValue('Harbour pilot');
    expect((title as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('sends a read-only role asking for a new job back to the list', async () => {
    answerAll();
    render(
      <AdminTestFrame user={readOnlyUser(['jobs'])}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <TestRouter
            routes={[
              { path: ADMIN_PATHS.jobEdit, element: <JobEdit /> },
              { path: ADMIN_PATHS.jobs, element: <p>the job list</p> },
            ]}
            at={jobEditPath()}
          />
        </QueryClientProvider>
      </AdminTestFrame>,
    );
    expect(await screen.findByText('the job list')).toBeTruthy();
  });

  it('opens a generic screen\'s record as a view, with no create, edit or delete', async () => {
    answerAll();
    render(
      <AdminTestFrame user={readOnlyUser(['news'])}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <CategoryScreen entity={newsCategoryEntity} title="News categories" />
          </MemoryRouter>
        </QueryClientProvider>
      </AdminTestFrame>,
    );
    const row = (await screen.findByText('Harbour news')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'New category' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row).queryByRole('checkbox')).toBeNull();
    within(row).getByRole('button', { name: 'View' }).click();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByDisplayValue('Harbour news') as HTMLInputElement).disabled).toBe(true));
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });
});
