import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Job } from '../../../../shared/schemas/job.js';
import { ADMIN_PATHS, jobEditPath } from '../../../../shared/paths.js';
import { AdminTestFrame, TestRouter, chooseOption, envelope, stubMatchMedia, testJob } from '../../../admin/test-setup.js';
import JobEdit from './edit.js';
import JobsAdmin from './list.js';

/** Jobs in two languages in the back-office (docs/decisions/0054): the editor's tabs and copy, the list's mark and filter. */

const chinese = (fields: Partial<Job> = {}): Job =>
  testJob({ title: '港口引航员', department: '航运部', description: '<p>引导船舶进港。</p>', requirements: '', locale: 'zh-CN', translations: {}, ...fields });

const categories = () => envelope({ items: [{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }], meta: { page: 1, pageSize: 100, total: 1 } });

function edit(job: Job) {
  const saved: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/api/Job/3')) return envelope(job);
      if (url.endsWith('/api/JobCategory/Query')) return categories();
      if (url.endsWith('/api/Job/Update')) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return envelope({ ...job, ...body });
      }
      return envelope(null);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale="en-US">
      <QueryClientProvider client={client}>
        <TestRouter
          at={jobEditPath(3)}
          routes={[
            { path: ADMIN_PATHS.jobEdit, element: <JobEdit /> },
            { path: ADMIN_PATHS.jobs, element: <p>Job list</p> },
          ]}
        />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  return saved;
}

function list(jobs: Job[]) {
  const queries: { filters?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/api/Job/Query')) {
        queries.push(JSON.parse(String(init.body)));
        return envelope({ items: jobs, meta: { page: 1, pageSize: 10, total: jobs.length } });
      }
      if (url.endsWith('/api/JobCategory/Query')) return categories();
      return envelope(null);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale="en-US">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[ADMIN_PATHS.jobs]}>
          <JobsAdmin />
        </MemoryRouter>
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  return queries;
}

describe('jobs in two languages in the back-office', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('edits the English texts in their own tab, copies the Chinese ones as a start, and saves both', async () => {
    const saved = edit(chinese());
    const original = await screen.findByRole('tab', { name: 'Chinese (original)' });
    expect(original.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the Chinese text as a starting point' }));
    const englishTitle = screen.getByLabelText('Title (English)') as HTMLInputElement;
    await waitFor(() => expect(englishTitle.value).toBe('港口引航员'));
    expect(englishTitle.getAttribute('lang')).toBe('en-US');
    fireEvent.change(englishTitle, { target: { value: 'Harbour pilot' } });
    fireEvent.change(screen.getByLabelText('Department (English)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // The own texts stay as they were; an emptied translation is sent as null (removed).
    expect(saved[0]).toMatchObject({ title: '港口引航员', department: '航运部' });
    expect(saved[0]!.translations).toEqual({ 'en-US': { title: 'Harbour pilot', department: null, description: '<p>引导船舶进港。</p>', requirements: null } });
  });

  it('shows a stored translation in its tab, and a record written in English gets a Chinese tab', async () => {
    edit(chinese({ translations: { 'en-US': { title: 'Harbour pilot', description: '<p>Bring ships in.</p>' } } }));
    fireEvent.click(await screen.findByRole('tab', { name: 'English' }));
    await waitFor(() => expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Harbour pilot'));
    cleanup();
    edit(chinese({ locale: 'en-US', title: 'Harbour pilot' }));
    expect(await screen.findByRole('tab', { name: 'English (original)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Chinese' })).toBeTruthy();
  });

  it('marks the rows missing English and filters the list by it', async () => {
    const queries = list([
      chinese({ id: 3, title: '港口引航员' }),
      chinese({ id: 4, title: '灯塔看守', translations: { 'en-US': { title: 'Lighthouse keeper', description: '<p>Keep the light.</p>' } } }),
    ]);
    const untranslated = (await screen.findByText('港口引航员')).closest('tr')!;
    expect(within(untranslated).getByText('No English')).toBeTruthy();
    const translated = screen.getByText('灯塔看守').closest('tr')!;
    expect(within(translated).queryByText('No English')).toBeNull();
    chooseOption(screen.getByRole('combobox', { name: 'Missing translation' }), 'No English');
    await waitFor(() => expect(queries.at(-1)?.filters).toEqual({ missingTranslation: 'en-US' }));
  });
});
