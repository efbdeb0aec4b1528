import type { Page } from '../../shared/api.js';
import type { PublicJob } from '../../shared/schemas/job.js';
import { NEWS_CARD_FIELDS } from './news-card.js';
import type { NewsCard } from './news-card.js';
import type { PageKey, PublishedPage } from '../../shared/schemas/page.js';
import { serverContext } from './copy.js';
import { feedCountOf, pageShows } from './blocks.js';
import type { PageFeeds } from './blocks.js';

export interface EditablePageData {
  page: PublishedPage;
  feeds: PageFeeds;
}

/**
 * An editable page's loader: its published version through the in-process API (kept in memory until
 * a page is published), and the news and jobs its feed blocks show, asked for only when it has them.
 * Every call carries the page's language (`/en/…` is English whatever the visitor's browser says) as
 * its `Accept-Language`: the server binds the loaders' API to it (`pageApiIn`, docs/decisions/0053).
 */
export async function loadEditablePage(context: unknown, key: PageKey): Promise<EditablePageData> {
  const { api } = serverContext(context);
  const answer = await api<PublishedPage>('GET', `Page/${key}`);
  if (!answer.isSuccess) throw new Error(`the page ${key} could not be read: ${answer.message}`);
  const page = answer.data;
  const [news, jobs] = await Promise.all([
    pageShows(page, 'latestNews') ? api<Page<NewsCard>>('POST', 'News/Query', { page: 1, pageSize: feedCountOf(page, 'latestNews'), fields: NEWS_CARD_FIELDS }) : undefined,
    pageShows(page, 'openJobs') ? api<PublicJob[]>('POST', 'Job/Latest', {}) : undefined,
  ]);
  return { page, feeds: { news: news?.data?.items, jobs: jobs?.data ?? undefined } };
}
