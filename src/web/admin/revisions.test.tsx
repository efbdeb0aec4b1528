import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Job } from '../../shared/schemas/job.js';
import type { News } from '../../shared/schemas/news.js';
import { NEUTRAL_SITE_SETTINGS } from '../../shared/schemas/site.js';
import type { SiteSettings } from '../../shared/schemas/site.js';
import { ADMIN_PATHS, jobEditPath, newsEditPath } from '../../shared/paths.js';
import { AdminTestFrame, TestRouter, envelope as ok, stubMatchMedia, testJob } from './test-setup.js';
import { HistoryDialog } from './history-dialog.js';
import { formatTime } from './status.js';
import NewsModify from '../routes/admin/news/modify.js';
import JobEdit from '../routes/admin/jobs/edit.js';
import SiteSettingsScreen from '../routes/admin/site/settings.js';

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
  translations: {},
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  updatedBy: null,
  ...fields,
});

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

/** An editor at its address (`entry`), routed as the back-office routes it (`routePath`). */
function renderEditor(entry: string, routePath: string, editor: React.ReactNode, locale: 'en-US' | 'zh-CN' = 'en-US') {
  // A data router: the editors ask before leaving with unsaved changes, which needs one.
  renderWithClient(<TestRouter at={entry} routes={[{ path: routePath, element: editor }]} />, locale);
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

  /** Versions 30…41 of the news item, newest first, each titled by its number; ten to a page. */
  function stubManyVersions(calls: string[]) {
    const summaryOf = (id: number) => ({ id, createdAt: `2026-10-${String(id - 10).padStart(2, '0')}T08:00:00.000Z`, userId: 2, userName: `editor${id}`, summary: `Version ${id}` });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const one = /\/api\/News\/5\/Revisions\/(\d+)$/.exec(url);
        if (one) {
          const id = Number(one[1]);
          return ok({ ...summaryOf(id), entity: 'News', recordKey: '5', record: news({ title: `Harbour plan ${id}`, content: `<p>Plan number ${id} for the harbour.</p>` }) });
        }
        const page = /\/api\/News\/5\/Revisions\?page=(\d+)&pageSize=10$/.exec(url);
        if (page) {
          const ids = Array.from({ length: 12 }, (_, i) => 41 - i).slice((Number(page[1]) - 1) * 10, Number(page[1]) * 10);
          return ok({ items: ids.map(summaryOf), meta: { page: Number(page[1]), pageSize: 10, total: 12 } });
        }
        return ok(null);
      }),
    );
    return (id: number) => `${formatTime(summaryOf(id).createdAt)} · editor${id}`;
  }

  const tick = (dialog: HTMLElement, name: string) => fireEvent.click(within(dialog).getByRole('checkbox', { name: `Version ${name}` }));

  it('compares two older versions with each other, the older first whichever was ticked first', async () => {
    const calls: string[] = [];
    const nameOf = stubManyVersions(calls);
    renderWithClient(<HistoryDialog path="News/5" current={news({ title: 'Harbour opens today' })} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    await within(dialog).findByText('Version 41');
    tick(dialog, nameOf(38));
    tick(dialog, nameOf(35));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare' }));
    const diff = await within(dialog).findByRole('region', { name: `${nameOf(35)} → ${nameOf(38)}` });
    expect(calls.filter((url) => /\/Revisions\/\d+$/.test(url)).map((url) => url.split('/').pop()).sort()).toEqual(['35', '38']);
    expect([...diff.querySelectorAll('del')].map((node) => node.textContent?.trim())).toEqual(['35', '35']);
    expect([...diff.querySelectorAll('ins')].map((node) => node.textContent?.trim())).toEqual(['38', '38']);
    // Neither side is the current version.
    expect(diff.textContent).not.toContain('today');
  });

  it('compares a version on one page with a version on another', async () => {
    const nameOf = stubManyVersions([]);
    renderWithClient(<HistoryDialog path="News/5" current={news()} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    await within(dialog).findByText('Version 41');
    tick(dialog, nameOf(33));
    fireEvent.click(within(dialog).getByRole('listitem', { name: '2' }));
    await within(dialog).findByText('Version 30');
    tick(dialog, nameOf(30));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare' }));
    const diff = await within(dialog).findByRole('region', { name: `${nameOf(30)} → ${nameOf(33)}` });
    expect([...diff.querySelectorAll('ins')].map((node) => node.textContent?.trim())).toEqual(['33', '33']);
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
    expect(within(dialog).getByText('勾选两个版本进行比较，或勾选一个与当前版本比较。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /版本/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /比\s*较/ }));
    expect(await within(dialog).findByRole('region', { name: /→ 当前版本$/ })).toBeTruthy();
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
    renderEditor(newsEditPath(5), ADMIN_PATHS.newsEdit, <NewsModify />, locale);
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

describe('the conflict notice names whoever saved first', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const OTHER_EDITOR = 'wang.fang';
  const TEXTS = {
    'en-US': { save: /Save/, seeTheirs: 'See their version', someoneElse: /^Someone else saved a newer version/, named: new RegExp(`^${OTHER_EDITOR} saved a newer version after you opened it`) },
    'zh-CN': { save: /保\s*存/, seeTheirs: '查看对方的版本', someoneElse: /^在您打开之后，其他人保存了新的内容/, named: new RegExp(`^在您打开之后，${OTHER_EDITOR}保存了新的内容`) },
  } as const;

  /**
   * Answers `path` with `mine` until a save to `updatePath` is refused as stale, and from then on with
   * `theirs`: the version someone else saved meanwhile, naming them.
   */
  function stubConflict(path: string, updatePath: string, mine: unknown, theirs: unknown) {
    let refusedOnce = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith(updatePath)) {
          // Who saved is the server's to write: an edit never sends it (the update bodies refuse it).
          expect(JSON.parse(String(init.body))).not.toHaveProperty('updatedBy');
          refusedOnce = true;
          return refused(409, 40009, 'The record was changed by someone else since it was opened', { reason: 'stale' });
        }
        if (url.endsWith(path)) return ok(refusedOnce ? theirs : mine);
        if (url.endsWith('/api/JobCategory/Query')) return ok({ items: [{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }], meta: { page: 1, pageSize: 100, total: 1 } });
        if (url.endsWith('/api/Media/Query')) return ok({ items: [], meta: { page: 1, pageSize: 12, total: 0 } });
        return ok(null);
      }),
    );
  }

  /** Saves, is refused, and opens their version: the notice then names who saved it. */
  async function expectNamed(locale: 'en-US' | 'zh-CN') {
    const texts = TEXTS[locale];
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.someoneElse)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: texts.seeTheirs }));
    expect(await screen.findByText(texts.named)).toBeTruthy();
    expect(screen.queryByText(texts.someoneElse)).toBeNull();
  }

  const job = (fields: Partial<Job> = {}): Job => testJob({ updatedBy: 'admin', ...fields });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`names them in the job editor (${locale})`, async () => {
      stubConflict('/api/Job/3', '/api/Job/Update', job(), job({ title: 'Senior harbour pilot', updatedAt: '2026-11-02T00:00:00.000Z', updatedBy: OTHER_EDITOR }));
      renderEditor(jobEditPath(3), ADMIN_PATHS.jobEdit, <JobEdit />, locale);
      fireEvent.change(await screen.findByDisplayValue('Harbour pilot'), { target: { value: 'Chief harbour pilot' } });
      await expectNamed(locale);
    });

    it(`names them in the site settings (${locale})`, async () => {
      const settings = (fields: Partial<SiteSettings> = {}): SiteSettings => ({ id: 1, ...NEUTRAL_SITE_SETTINGS, updatedAt: null, updatedBy: null, ...fields });
      stubConflict('/api/Site/Edit', '/api/Site/Update', settings(), settings({ phone: '010-1234-5678', updatedAt: '2026-11-02T00:00:00.000Z', updatedBy: OTHER_EDITOR }));
      renderEditor(ADMIN_PATHS.siteSettings, ADMIN_PATHS.siteSettings, <SiteSettingsScreen />, locale);
      fireEvent.change(await screen.findByLabelText(locale === 'en-US' ? 'Phone' : '电话'), { target: { value: '010-8765-4321' } });
      await expectNamed(locale);
    });
  }

  it('names them in the news editor too', async () => {
    stubConflict('/api/News/5', '/api/News/Update', news(), news({ title: 'Harbour opened', updatedAt: '2026-11-03T00:00:00.000Z', updatedBy: OTHER_EDITOR }));
    renderEditor(newsEditPath(5), ADMIN_PATHS.newsEdit, <NewsModify />);
    fireEvent.change(await screen.findByDisplayValue('Harbour opens'), { target: { value: 'My better headline' } });
    await expectNamed('en-US');
  });
});
