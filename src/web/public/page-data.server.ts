import type { Page } from '../../shared/api.js';
import type { PublicJob } from '../../shared/schemas/job.js';
import { NEWS_CARD_FIELDS } from './news-card.js';
import type { NewsCard } from './news-card.js';
import type { PageKey, PublishedPage } from '../../shared/schemas/page.js';
import { pageLocale, serverContext } from './copy.js';
import { feedCountOf, pageShows } from './blocks.js';
import type { PageFeeds } from './blocks.js';
import type { Locale } from '../../shared/locale.js';

/**
 * The language a public page is rendered in, which its loader asks the API for records in
 * (docs/decisions/0054): the same choice the root loader makes for the page itself, its address's
 * language first (`/en/…`, docs/decisions/0053).
 */
export function pageLocaleOf(request: Request): Locale {
  return pageLocale(request);
}

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
export async function loadEditablePage(context: unknown, key: PageKey, request?: Request): Promise<EditablePageData> {
  const { api } = serverContext(context);
  const locale = request ? pageLocaleOf(request) : undefined;
  const answer = await api<PublishedPage>('GET', `Page/${key}`);
  if (!answer.isSuccess) throw new Error(`the page ${key} could not be read: ${answer.message}`);
  const page = answer.data;
  const [news, jobs] = await Promise.all([
    pageShows(page, 'latestNews') ? api<Page<NewsCard>>('POST', 'News/Query', { page: 1, pageSize: feedCountOf(page, 'latestNews'), fields: NEWS_CARD_FIELDS, locale }) : undefined,
    pageShows(page, 'openJobs') ? api<PublicJob[]>('POST', 'Job/Latest', { locale }) : undefined,
  ]);
  return { page, feeds: { news: news?.data?.items, jobs: jobs?.data ?? undefined } };
}
