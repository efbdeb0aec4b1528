import { newsEntity } from '../../../shared/schemas/news.js';
import type { News } from '../../../shared/schemas/news.js';
import type { Fields } from '../../crud/columns.js';
import { defineResource } from '../../crud/definition.js';
import type { Select, TimeOperand } from '../../crud/definition.js';
import { requireExisting } from '../../crud/operations.js';
import { sanitizeRichText } from '../../http/sanitize.js';
import { nowIso } from '../../time.js';
import { cachedSiteSettings } from '../../site/repository.js';

/** Publishing without a time publishes now; a time in the future schedules it. */
function publishedAtFor(input: Fields, existing?: News): string | null | undefined {
  if (input.publishedAt) return input.publishedAt as string;
  const status = input.status ?? existing?.status;
  if (status === 'published') {
    if (input.publishedAt === null || !existing?.publishedAt) return nowIso();
    return undefined;
  }
  return input.publishedAt as null | undefined;
}

/** The news a visitor may read: published, and not dated in the future. */
export const publishedNewsScope = (query: Select, now: TimeOperand) =>
  query.where('news.status', '=', 'published').where('news.published_at', '<=', now);

export const newsResource = defineResource<News>({
  entity: newsEntity,
  label: 'News item',
  table: 'news',
  module: 'news',
  revisions: true,
  publicScope: publishedNewsScope,
  isPublished: (news) => news.status === 'published',
  untranslatedListed: async (ctx) => (await cachedSiteSettings(ctx)).listUntranslated,
  joinedTranslations: { categoryName: { column: 'category_translations', text: 'name' } },
  baseSelect: (db) =>
    db
      .selectFrom('news')
      .leftJoin('news_categories', 'news_categories.id', 'news.category_id')
      .selectAll('news')
      .select(['news_categories.name as category_name', 'news_categories.translations as category_translations']),
  defaultSort: [
    ['isTop', 'desc'],
    ['publishedAt', 'desc'],
  ],
  prepare: (input, existing) => ({
    ...input,
    content: typeof input.content === 'string' ? sanitizeRichText(input.content) : undefined,
    publishedAt: publishedAtFor(input, existing),
  }),
  onPublicRead: (ctx, id) => ctx.newsViews.add(id),
  checkReferences: (db, input) => requireExisting(db, 'news_categories', input.categoryId, 'categoryId', 'news category'),
});
