import type { News } from '../../../shared/schemas/news.js';
import { newsCreateSchema, newsQuerySchema, newsUpdateSchema } from '../../../shared/schemas/news.js';
import { nowIso } from '../../context.js';
import { requireExisting } from '../../crud/resource.js';
import type { AnyQuery, ResourceDef, Row } from '../../crud/resource.js';
import { sanitizeRichText } from '../../http/sanitize.js';

export function presentNews(row: Row): News {
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    content: row.content,
    coverUrl: row.cover_url,
    categoryId: Number(row.category_id),
    categoryName: row.category_name ?? null,
    author: row.author,
    template: row.template,
    status: row.status,
    publishedAt: row.published_at,
    isTop: Number(row.is_top) === 1,
    viewCount: Number(row.view_count),
    locale: row.locale,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Publishing without a time publishes now; a time in the future schedules it. */
function publishedAtFor(input: Row, existing?: Row): string | null | undefined {
  if (input.publishedAt) return input.publishedAt;
  const status = input.status ?? existing?.status;
  if (status === 'published') {
    if (input.publishedAt === null || !existing?.published_at) return nowIso();
    return undefined;
  }
  return input.publishedAt;
}

/** The news a visitor may read: published, and not dated in the future. */
export const publishedNewsScope = (query: AnyQuery, now: string) => query.where('news.status', '=', 'published').where('news.published_at', '<=', now);

export const newsResource: ResourceDef<News> = {
  name: 'News',
  label: 'News item',
  table: 'news',
  module: 'news',
  publicScope: publishedNewsScope,
  baseSelect: (db) =>
    db
      .selectFrom('news')
      .leftJoin('news_categories', 'news_categories.id', 'news.category_id')
      .selectAll('news')
      .select('news_categories.name as category_name'),
  present: presentNews,
  querySchema: newsQuerySchema,
  createSchema: newsCreateSchema,
  updateSchema: newsUpdateSchema,
  keywordColumns: ['news.title', 'news.summary'],
  filters: {
    categoryId: { column: 'news.category_id' },
    status: { column: 'news.status' },
    isTop: { column: 'news.is_top', toColumn: (v) => (v ? 1 : 0) },
    locale: { column: 'news.locale' },
    template: { column: 'news.template' },
    publishedFrom: { column: 'news.published_at', op: '>=' },
    publishedTo: { column: 'news.published_at', op: '<=' },
  },
  sortColumns: {
    publishedAt: 'news.published_at',
    createdAt: 'news.created_at',
    updatedAt: 'news.updated_at',
    title: 'news.title',
    viewCount: 'news.view_count',
    isTop: 'news.is_top',
    id: 'news.id',
  },
  defaultSort: [
    ['news.is_top', 'desc'],
    ['news.published_at', 'desc'],
  ],
  toRow: (input, existing) => ({
    title: input.title,
    content: input.content === undefined ? undefined : sanitizeRichText(input.content),
    category_id: input.categoryId,
    summary: input.summary,
    author: input.author,
    cover_url: input.coverUrl,
    template: input.template,
    status: input.status,
    published_at: publishedAtFor(input, existing),
    is_top: input.isTop === undefined ? undefined : input.isTop ? 1 : 0,
    locale: input.locale,
  }),
  onPublicRead: (ctx, id) => ctx.newsViews.add(id),
  checkReferences: (db, row) => requireExisting(db, 'news_categories', row.category_id, 'categoryId', 'news category'),
};
