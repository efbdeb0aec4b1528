import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { News } from '../../shared/schemas/news.js';
import { ADMIN_PATHS, newsEditPath } from '../../shared/paths.js';
import { AdminTestFrame, TestRouter, stubMatchMedia } from './test-setup.js';
import { HistoryDialog } from './history-dialog.js';
import NewsModify from '../routes/admin/news/modify.js';

/** The version history dialog and the editor's conflict message (docs/decisions/0037). */

const news = (fields: Partial<News> = {}): News => ({
  id: 5,
  title: 'Harbour opens',
  summary: '',
  content: '<p>The new harbour opens today.</p>',
  coverUrl: '',
  categoryId: 1,
  categoryName: 'Company',
  author: '',
  template: 'detail',
  status: 'draft',
  publishedAt: null,
  isTop: false,
  viewCount: 0,
  locale: 'en-US',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  ...fields,
});

const ok = (data: unknown) => new Response(JSON.stringify({ isSuccess: true, errorCode: 0, message: '', data }), { status: 200 });
const refused = (status: number, errorCode: number, message: string, data: unknown) => new Response(JSON.stringify({ isSuccess: false, errorCode, message, data }), { status });

const revision = { id: 41, createdAt: '2026-11-01T08:00:00.000Z', userId: 2, userName: 'wang', summary: 'Harbour to open' };

function stubApi(calls: { url: string; body: unknown }[], overrides: (url: string) => Response | null = () => null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = overrides(url);
      if (answer) return answer;
      if (url.includes('/api/News/5/Revisions/41')) return ok({ ...revision, entity: 'News', recordKey: '5', record: news({ title: 'Harbour to open', content: '<p>The old harbour opens <b>soon</b>.</p>' }) });
      if (url.includes('/api/News/5/Revisions')) return ok({ items: [revision], meta: { page: 1, pageSize: 10, total: 1 } });
      if (url.endsWith('/api/News/5/Restore')) return ok(news({ title: 'Harbour to open' }));
      if (url.endsWith('/api/News/5')) return ok(news());
      if (url.endsWith('/api/NewsCategory/Query')) return ok({ items: [{ id: 1, name: 'Company', sortOrder: 0, itemCount: 1 }], meta: { page: 1, pageSize: 100, total: 1 } });
      return ok(null);
    }),
  );
}

function renderWithClient(node: React.ReactNode, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </AdminTestFrame>,
  );
}

describe('the version history dialog', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the versions, compares one with the current as text with words removed and added marked', async () => {
    const calls: { url: string; body: unknown }[] = [];
    stubApi(calls);
    renderWithClient(<HistoryDialog path="News/5" current={news()} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    expect(await within(dialog).findByText('Harbour to open')).toBeTruthy();
    expect(within(dialog).getByText('wang')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/api/News/5/Revisions?page=1&pageSize=10'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Version/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare' }));
    const diff = await within(dialog).findByRole('region', { name: /Current version/ });
    const removed = [...diff.querySelectorAll('del')].map((node) => node.textContent?.trim());
    const added = [...diff.querySelectorAll('ins')].map((node) => node.textContent?.trim());
    expect(removed).toEqual(expect.arrayContaining(['old', 'soon']));
    expect(added).toEqual(expect.arrayContaining(['new', 'today']));
    // HTML is compared as text: no tag of the stored content reaches the page, as markup or as text.
    expect(diff.querySelector('b')).toBeNull();
    expect(diff.textContent).not.toContain('<p>');
  });

  it('restores a version after a confirmation', async () => {
    const calls: { url: string; body: unknown }[] = [];
    stubApi(calls);
    const restored = vi.fn();
    renderWithClient(<HistoryDialog path="News/5" current={news()} open onClose={() => {}} onRestored={restored} />);
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Restore this version' }));
    expect(calls.some((call) => call.url.endsWith('/Restore'))).toBe(false);
    await screen.findByText(/The current version is kept as a revision first/);
    // The confirmation's own button is the last one of that name.
    fireEvent.click(screen.getAllByRole('button', { name: 'Restore this version' }).at(-1)!);
    await waitFor(() => expect(restored).toHaveBeenCalledWith(expect.objectContaining({ title: 'Harbour to open' })));
    expect(calls.find((call) => call.url.endsWith('/api/News/5/Restore'))?.body).toEqual({ revisionId: 41 });
  });

  it('speaks Chinese too', async () => {
    stubApi([]);
    renderWithClient(<HistoryDialog path="News/5" current={news()} open onClose={() => {}} />, 'zh-CN');
    const dialog = await screen.findByRole('dialog', { name: '版本历史' });
    expect(await within(dialog).findByRole('button', { name: '恢复此版本' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /比\s*较/ })).toBeTruthy();
  });
});

describe('the news editor when someone else saved first', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function editNews(locale: 'en-US' | 'zh-CN', calls: { url: string; body: unknown }[]) {
    stubApi(calls, (url) =>
      url.endsWith('/api/News/Update') ? refused(409, 40009, 'News item was changed by someone else since it was opened', { reason: 'stale' }) : null,
    );
    renderWithClient(
      <TestRouter at={newsEditPath(5)} routes={[{ path: ADMIN_PATHS.newsEdit, element: <NewsModify /> }]} />,
      locale,
    );
  }

  it('sends the version it was based on, and on 409 keeps the user\'s text to copy, with their version to see', async () => {
    const calls: { url: string; body: unknown }[] = [];
    editNews('en-US', calls);
    const title = await screen.findByDisplayValue('Harbour opens');
    fireEvent.change(title, { target: { value: 'My better headline' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else changed this record')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/api/News/Update'))?.body).toMatchObject({ id: 5, title: 'My better headline', updatedAt: '2026-11-02T00:00:00.000Z' });
    const mine = screen.getByRole('textbox', { name: 'My unsaved text' }) as HTMLTextAreaElement;
    expect(mine.value).toContain('My better headline');
    // The form keeps what was typed too.
    expect(screen.getByDisplayValue('My better headline')).toBeTruthy();

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy my text' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining('My better headline')));

    fireEvent.click(screen.getByRole('button', { name: 'See their version' }));
    const theirs = await screen.findByRole('region', { name: 'Their version → my changes' });
    expect([...theirs.querySelectorAll('del')].map((node) => node.textContent?.trim()).join(' ')).toContain('Harbour opens');
  });

  it('says it in Chinese', async () => {
    editNews('zh-CN', []);
    await screen.findByDisplayValue('Harbour opens');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('其他人修改了这条记录')).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制我的文字' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看对方的版本' })).toBeTruthy();
  });
});
