import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PrivacyNoticeVersion } from '../../shared/schemas/privacy-notice.js';
import { PrivacyNoticeScreen } from './privacy-notice-screen.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';


/** Versions 0 to `latest`; version 0 was written in Chinese only and never published. */
function versions(latest: number, withZero = true): PrivacyNoticeVersion[] {
  const all: PrivacyNoticeVersion[] = [];
  for (let version = latest; version >= (withZero ? 0 : 1); version--) {
    all.push(
      version === 0
        ? { version: 0, text: { 'zh-CN': '## 旧声明\n\n我们只收集必要的信息。', 'en-US': '' }, publishedAt: null, publishedBy: null }
        : {
            version,
            text: { 'zh-CN': `## 第${version}版\n\n中文正文 ${version}`, 'en-US': `## Version ${version}\n\nEnglish text ${version}` },
            publishedAt: `2026-11-${String(version).padStart(2, '0')}T08:00:00.000Z`,
            publishedBy: version % 2 ? 'admin' : 'marketing.li',
          },
    );
  }
  return all;
}

function show({ locale = 'en-US', kept = versions(11) }: { locale?: 'en-US' | 'zh-CN'; kept?: PrivacyNoticeVersion[] } = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (!url.endsWith('/api/PrivacyNotice/Query')) return new Response('{}', { status: 404 });
    const { page, pageSize } = JSON.parse(String(init.body)) as { page: number; pageSize: number };
    return envelope({ items: kept.slice((page - 1) * pageSize, page * pageSize), meta: { page, pageSize, total: kept.length } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={client}>
          <PrivacyNoticeScreen />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const pagesAsked = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as { page: number; pageSize: number });
  return { pagesAsked };
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('privacy notice versions screen', () => {
  it('lists the versions newest first a page at a time, the current one marked, with who published each and when', async () => {
    const { pagesAsked } = show();
    expect(await screen.findByRole('heading', { name: 'Privacy notice versions' })).toBeTruthy();
    await screen.findByText('Version 11');
    expect(pagesAsked()[0]).toEqual({ page: 1, pageSize: 10 });
    expect(within(rowOf('Version 11')).getByText('Current')).toBeTruthy();
    expect(within(rowOf('Version 11')).getByText('admin')).toBeTruthy();
    expect(within(rowOf('Version 10')).getByText('marketing.li')).toBeTruthy();
    expect(within(rowOf('Version 10')).queryByText('Current')).toBeNull();
    expect(within(rowOf('Version 10')).getByText(new Date('2026-11-10T08:00:00.000Z').toLocaleString())).toBeTruthy();
    expect(screen.queryByText('Version 1')).toBeNull();
    expect(screen.getByText('12 in all')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Version 0');
    expect(pagesAsked().at(-1)).toEqual({ page: 2, pageSize: 10 });
    expect(screen.queryByText('Version 11')).toBeNull();
    // On the second page nothing is current; version 0 was never published.
    expect(screen.queryByText('Current')).toBeNull();
    expect(within(rowOf('Version 0')).getByText('In force before versions were kept')).toBeTruthy();
    expect(within(rowOf('Version 0')).getByText('—')).toBeTruthy();
    expect(screen.queryByText(/was not kept/)).toBeNull();
  });

  it('opens a version to its text in both languages, laid out as the privacy page lays it out', async () => {
    show();
    await screen.findByText('Version 11');
    fireEvent.click(within(rowOf('Version 11')).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByRole('heading', { name: 'Version 11', level: 5 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '第11版', level: 5 })).toBeTruthy();
    expect(screen.getByText('English text 11').closest('[lang]')?.getAttribute('lang')).toBe('en-US');
    expect(screen.getByText('中文正文 11').closest('[lang]')?.getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByRole('heading', { name: 'Chinese' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'English' })).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Version 0');
    fireEvent.click(within(rowOf('Version 0')).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('我们只收集必要的信息。')).toBeTruthy();
    // Written in Chinese only: English visitors read the Chinese text, and the screen says so.
    expect(screen.getByText("Empty in this language: visitors reading it were shown the other language's text.")).toBeTruthy();
  });

  it('says when version 0 was not kept', async () => {
    show({ kept: versions(2, false) });
    await screen.findByText('Version 1');
    expect(screen.getByText('Version 0 (the notice in force before the first version was published) was not kept and cannot be shown.')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    show({ locale: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '隐私声明版本' })).toBeTruthy();
    await screen.findByText('第 11 版');
    expect(within(rowOf('第 11 版')).getByText('当前版本')).toBeTruthy();
    for (const header of ['版本', '发布时间', '发布人']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('第 0 版');
    expect(within(rowOf('第 0 版')).getByText('启用版本记录之前即已生效')).toBeTruthy();
    fireEvent.click(within(rowOf('第 0 版')).getByRole('button', { name: /expand row|展开行/i }));
    expect(await screen.findByText('此语言的文本为空：以此语言浏览的访客看到的是另一种语言的文本。')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '中文' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '英文' })).toBeTruthy();
  });
});

describe('privacy notice versions screen, when the list cannot be read', () => {
  it('says why', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ isSuccess: false, errorCode: 50000, message: 'Boom', data: null }), { status: 500 })));
    render(
      <MemoryRouter>
        <AdminTestFrame>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <PrivacyNoticeScreen />
          </QueryClientProvider>
        </AdminTestFrame>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByText(/^Could not load: /)).toBeTruthy());
  });
});
