import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Job } from '../../../../shared/schemas/job.js';
import { ADMIN_PATHS } from '../../../../shared/paths.js';
import { AdminTestFrame, envelope, firstListQuery, shownChoice, stubMatchMedia, testJob } from '../../../admin/test-setup.js';
import JobsAdmin, { handle } from './list.js';

const job = (id: number, title: string, archived: boolean): Job => testJob({ id, title, archived, description: '<p>x</p>' });


/**
 * The job list (at `search`, as a link would open it) with one open job (3) and one archived job
 * (4); answers and records every call, and the body of each query of the list.
 */
function show(locale: 'en-US' | 'zh-CN' = 'en-US', search = '') {
  const jobs = [job(3, 'Harbour pilot', false), job(4, 'Lighthouse keeper', true)];
  const calls: string[] = [];
  const queries: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(url);
      if (url.endsWith('/api/Job/Query')) queries.push(JSON.parse(String(init.body)));
      if (url.endsWith('/api/Job/Query')) return envelope({ items: jobs, meta: { page: 1, pageSize: 10, total: jobs.length } });
      if (url.endsWith('/api/JobCategory/Query')) return envelope({ items: [{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }], meta: { page: 1, pageSize: 100, total: 1 } });
      const archive = /\/api\/Job\/(\d+)\/(Archive|Unarchive)$/.exec(url);
      if (archive) {
        const target = jobs.find((j) => j.id === Number(archive[1]))!;
        target.archived = archive[2] === 'Archive';
        return envelope(target);
      }
      return envelope(null);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`${ADMIN_PATHS.jobs}${search}`]}>
          <JobsAdmin />
        </MemoryRouter>
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  return { calls, queries };
}

const rowOf = async (title: string) => (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;

describe('the job list’s archive action', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('archives an open job after saying what archiving does, and shows it archived', async () => {
    const { calls } = show();
    fireEvent.click(within(await rowOf('Harbour pilot')).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText(/An archived job appears nowhere on the site/)).toBeTruthy();
    expect(calls.some((url) => url.endsWith('/Archive'))).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Archive' }).at(-1)!);
    await waitFor(() => expect(calls.filter((url) => url.endsWith('/api/Job/3/Archive'))).toHaveLength(1));
    // The list is read again: the job now carries the tag, and offers to be brought back.
    await waitFor(() => expect(within(screen.getByRole('link', { name: 'Harbour pilot' }).closest('tr')!).getByText('Archived')).toBeTruthy());
    expect(within(screen.getByRole('link', { name: 'Harbour pilot' }).closest('tr')!).getByRole('button', { name: 'Unarchive' })).toBeTruthy();
  });

  it('brings an archived job back, in Chinese', async () => {
    const { calls } = show('zh-CN');
    const row = await rowOf('Lighthouse keeper');
    expect(within(row).getByText('已归档')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '取消归档' }));
    expect(await screen.findByText(/取消归档后，这个职位按它的状态重新对访客可见/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '取消归档' }).at(-1)!);
    await waitFor(() => expect(calls.filter((url) => url.endsWith('/api/Job/4/Unarchive'))).toHaveLength(1));
  });

  it('opens on the archived jobs a link names, the filter showing its choice, not the value sent', async () => {
    const { queries } = show('en-US', '?archived=true&status=open');
    await rowOf('Harbour pilot');
    expect(queries[0]).toMatchObject({ page: 1, pageSize: 10, filters: { archived: true, status: 'open' } });
    const chosen = within(screen.getByRole('search')).getAllByRole('combobox').map(shownChoice).filter((choice) => choice !== null);
    expect(chosen).toEqual(['Open', 'Archived']);
  });
});

/** The page sends the list's query while it loads (docs/decisions/0070): the call the route names is the list's own. */
describe('the jobs list\'s early call', () => {
  it.each([
    ADMIN_PATHS.jobs,
    `${ADMIN_PATHS.jobs}?page=2&pageSize=50&sort=closesAt&order=asc`,
    `${ADMIN_PATHS.jobs}?status=open&archived=yes&employmentType=full-time&categoryId=4&missingTranslation=en-US&keyword=pilot`,
    `${ADMIN_PATHS.jobs}?sort=location&pageSize=3`,
  ])('is the call the list makes at %s', async (at) => {
    const [named] = handle.earlyCalls!(new URL(at, 'http://portico.test'));
    expect(named).toMatchObject({ method: 'POST', url: '/api/Job/Query', module: 'jobs' });
    expect(await firstListQuery(<JobsAdmin />, 'Job', at)).toBe(named.body);
  });
});
