import { cleanup, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { News } from '../../../../shared/schemas/news.js';
import { USER_KEY } from '../../../api/session.js';
import { TEST_USER, dataRows, envelope, firstListQuery, loadPageWithEarlyCalls, renderScreenAt, stubMatchMedia } from '../../../admin/test-setup.js';
import NewsListAdmin, { handle } from './list.js';

/**
 * The news list's page sends the list's query while it loads (docs/decisions/0070): the call its route
 * names must be the very call the list makes, at any address the list can be opened at.
 */

const ARTICLE: Partial<News> = { id: 5, title: 'Harbour crane delivered', isTop: false, categoryName: 'Company', status: 'published', publishedAt: '2026-11-20T08:00:00.000Z', viewCount: 12, locale: 'zh-CN', translations: {} };
const page = (items: Partial<News>[]) => ({ items, meta: { page: 1, pageSize: 10, total: items.length } });

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>).__porticoEarly;
  sessionStorage.clear();
  localStorage.clear();
  document.head.innerHTML = '';
});

function show(at: string) {
  const sent: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url.endsWith('/api/News/Query')) {
      sent.push(String(init.body));
      return envelope(page([ARTICLE]));
    }
    if (url.endsWith('/api/NewsCategory/Query')) return envelope(page([]));
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderScreenAt(<NewsListAdmin />, at);
  return { sent, fetchMock };
}

const ADDRESSES = [
  '/NewsManagement/list-news',
  '/NewsManagement/list-news?page=3&pageSize=20',
  '/NewsManagement/list-news?sort=viewCount&order=asc',
  '/NewsManagement/list-news?sort=title&order=desc&keyword=%E6%B8%AF%E5%8F%A3',
  '/NewsManagement/list-news?status=published&categoryId=3&missingTranslation=en-US',
  '/NewsManagement/list-news?publishedFrom=2026-01-01T00%3A00%3A00.000Z&publishedTo=2026-06-30T00%3A00%3A00.000Z',
  // What the list does not take is not asked for either: an unknown sort, a page size it does not offer.
  '/NewsManagement/list-news?sort=body&pageSize=7&page=0&status=nonsense',
];

describe('the news list\'s early call', () => {
  it.each(ADDRESSES)('is the call the list makes at %s', async (at) => {
    const [named] = handle.earlyCalls!(new URL(at, 'http://portico.test'));
    expect(named).toMatchObject({ method: 'POST', url: '/api/News/Query', module: 'news' });
    expect(await firstListQuery(<NewsListAdmin />, 'News', at)).toBe(named.body);
  });

  it('carries what the address sets, so the checks above compare lists that differ', () => {
    const bodyAt = (at: string) => JSON.parse(handle.earlyCalls!(new URL(at, 'http://portico.test'))[0].body!);
    expect(bodyAt(ADDRESSES[1])).toMatchObject({ page: 3, pageSize: 20 });
    expect(bodyAt(ADDRESSES[2]).sort).toEqual({ field: 'viewCount', order: 'asc' });
    expect(bodyAt(ADDRESSES[3]).keyword).toBe('港口');
    expect(bodyAt(ADDRESSES[4]).filters).toEqual({ status: 'published', categoryId: 3, missingTranslation: 'en-US' });
    expect(Object.keys(bodyAt(ADDRESSES[5]).filters)).toEqual(['publishedFrom', 'publishedTo']);
    expect(bodyAt(ADDRESSES[6])).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' }, fields: expect.any(Array) });
  });

  it('answered before the list is drawn, is drawn in its first render without asking again', async () => {
    // The page as the server sends it: its calls named, its script run with the tab's token.
    localStorage.setItem(USER_KEY, JSON.stringify(TEST_USER));
    loadPageWithEarlyCalls(handle.earlyCalls!(new URL(ADDRESSES[0], 'http://portico.test')), 'tab-token', async () => envelope(page([{ ...ARTICLE, title: 'Answered while the page loaded' }])));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    const { sent } = show(ADDRESSES[0]);
    // Drawn at once: the rows are there without waiting for any answer.
    expect(dataRows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Answered while the page loaded' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});
