import { IDBFactory } from 'fake-indexeddb';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Job } from '../../shared/schemas/job.js';
import { ADMIN_PATHS, jobEditPath, newsEditPath } from '../../shared/paths.js';
import JobEdit from '../routes/admin/jobs/edit.js';
import NewsModify from '../routes/admin/news/modify.js';
import { TOKEN_KEY } from '../api/session.js';
import { draftKey, readDraft, writeDraft } from './draft-store.js';
import { AdminTestFrame, TEST_USER, TestRouter, envelope, stubMatchMedia, testJob } from './test-setup.js';

/** The job and news editors' local drafts (docs/decisions/0050), in jsdom with an in-memory IndexedDB. */

const UPDATED_AT = '2026-11-01T00:00:00.000Z';

const job: Job = testJob({ publishedAt: UPDATED_AT, createdAt: UPDATED_AT, updatedAt: UPDATED_AT });

const JOB_KEY = draftKey(TEST_USER.id, 'Job', 3);

/** Opens the job editor for job 3 (or a new news item); answers each call and keeps what was saved. */
function open(what: 'job' | 'new news' = 'job', locale: 'en-US' | 'zh-CN' = 'en-US') {
  const saved: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/api/Job/3')) return envelope(job);
      if (url.endsWith('Category/Query')) return envelope({ items: [{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }], meta: { page: 1, pageSize: 100, total: 1 } });
      if (url.endsWith('/api/Job/Update')) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return envelope({ ...job, ...body, updatedAt: '2026-11-24T00:00:00.000Z' });
      }
      return envelope(null);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={client}>
        <TestRouter
          at={what === 'job' ? jobEditPath(3) : newsEditPath()}
          routes={[
            { path: ADMIN_PATHS.jobEdit, element: <JobEdit /> },
            { path: ADMIN_PATHS.jobs, element: <h1>Job list</h1> },
            { path: ADMIN_PATHS.newsEdit, element: <NewsModify /> },
          ]}
        />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  return saved;
}

const title = () => screen.findByDisplayValue<HTMLInputElement>(/Harbour pilot/);
/** The offer, found by what it says (antd's messages are alerts too). */
const OFFER_TEXT = /This browser kept changes you had not saved|此浏览器保留了您在/;
const offer = async () => (await screen.findByText(OFFER_TEXT)).closest<HTMLElement>('[role="alert"]')!;
const offered = () => screen.queryByText(OFFER_TEXT) !== null;
const draftTitle = async (key = JOB_KEY) => (await readDraft<{ title: string }>(key))?.values.title;

describe('an editor’s local draft', () => {
  beforeAll(stubMatchMedia);
  // A fresh IndexedDB for each test, kept across the editor opening and opening again within it.
  beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is written as the user types, and offered, with when it was written, when the editor opens again', async () => {
    open();
    fireEvent.change(await title(), { target: { value: 'Harbour pilot, night shift' } });
    await waitFor(async () => expect(await draftTitle()).toBe('Harbour pilot, night shift'));
    const draft = await readDraft(JOB_KEY);
    // Only what the editor holds, dates as text.
    expect(Object.keys(draft!.values as object).sort()).toEqual(
      ['categoryId', 'closesAt', 'department', 'description', 'employmentType', 'headcount', 'imageUrl', 'locale', 'location', 'officeId', 'requirements', 'salaryCurrency', 'salaryMax', 'salaryMin', 'salaryPeriod', 'status', 'title', 'translations'].sort(),
    );
    expect(draft!.basedOn).toBe(UPDATED_AT);

    // The tab crashed, or was reloaded: the editor opens on the record, and offers the draft.
    cleanup();
    open();
    const found = await offer();
    expect(found.textContent).toContain(`This browser kept changes you had not saved, written at ${dayjs(draft!.savedAt).format('YYYY-MM-DD HH:mm')}.`);
    expect((await title()).value).toBe('Harbour pilot');

    fireEvent.click(within(found).getByRole('button', { name: 'Restore changes' }));
    expect((await title()).value).toBe('Harbour pilot, night shift');
    expect(offered()).toBe(false);
    // Kept until it is saved.
    expect(await draftTitle()).toBe('Harbour pilot, night shift');
  });

  it('is removed on a successful save', async () => {
    const saved = open();
    fireEvent.change(await title(), { target: { value: 'Harbour pilot, night shift' } });
    await waitFor(async () => expect(await draftTitle()).toBe('Harbour pilot, night shift'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Job list' });
    expect(saved[0]).toMatchObject({ title: 'Harbour pilot, night shift' });
    await waitFor(async () => expect(await readDraft(JOB_KEY)).toBeNull());
  });

  it('is removed when the user discards it, and the record stays as it is', async () => {
    await writeDraft({ key: JOB_KEY, savedAt: '2026-11-24T09:30:00.000Z', basedOn: UPDATED_AT, values: { ...job, title: 'Harbour pilot, weekends' } });
    open();
    fireEvent.click(within(await offer()).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(offered()).toBe(false));
    expect((await title()).value).toBe('Harbour pilot');
    await waitFor(async () => expect(await readDraft(JOB_KEY)).toBeNull());
  });

  it('is removed when the user leaves through the unsaved-changes prompt', async () => {
    window.sessionStorage.setItem(TOKEN_KEY, 'a-session');
    open();
    fireEvent.change(await title(), { target: { value: 'Harbour pilot, night shift' } });
    await waitFor(async () => expect(await draftTitle()).toBe('Harbour pilot, night shift'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Job list' });
    await waitFor(async () => expect(await readDraft(JOB_KEY)).toBeNull());
    window.sessionStorage.clear();
  });

  it('is not offered when the record was saved after it, nor to another user', async () => {
    await writeDraft({ key: JOB_KEY, savedAt: '2026-10-30T00:00:00.000Z', basedOn: '2026-10-29T00:00:00.000Z', values: { ...job, title: 'Harbour pilot, old' } });
    await writeDraft({ key: draftKey(TEST_USER.id + 1, 'Job', 3), savedAt: '2026-11-24T00:00:00.000Z', basedOn: UPDATED_AT, values: { ...job, title: 'Harbour pilot, theirs' } });
    open();
    await title();
    await screen.findByRole('button', { name: 'Save' });
    // Given the time to read the store.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(offered()).toBe(false);
  });

  it('is offered when it started from the record as it is, whatever the clocks say', async () => {
    await writeDraft({ key: JOB_KEY, savedAt: '2026-10-31T23:59:00.000Z', basedOn: UPDATED_AT, values: { ...job, title: 'Harbour pilot, skewed' } });
    open();
    expect(await offer()).toBeTruthy();
  });

  it('speaks Chinese, and keeps a new record’s draft under “new”', async () => {
    await writeDraft({ key: draftKey(TEST_USER.id, 'News', null), savedAt: '2026-11-24T09:30:00.000Z', basedOn: null, values: { title: '新港开通', content: '<p>今日开通。</p>', publishedAt: null } });
    open('new news', 'zh-CN');
    const found = await offer();
    expect(found.textContent).toContain('此浏览器保留了您在');
    expect(within(found).getByRole('button', { name: '丢弃修改' })).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: '恢复修改' }));
    expect(await screen.findByDisplayValue('新港开通')).toBeTruthy();
    expect(offered()).toBe(false);
  });

  it('fails soft without IndexedDB: the editor edits and saves as before', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const saved = open();
    fireEvent.change(await title(), { target: { value: 'Harbour pilot, night shift' } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Job list' });
    expect(saved[0]).toMatchObject({ title: 'Harbour pilot, night shift' });
  });
});
