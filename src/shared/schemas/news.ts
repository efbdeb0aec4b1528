import { z } from 'zod';
import {
  HTML_MAX,
  NAME_MAX,
  SHORT_TEXT_MAX,
  TITLE_MAX,
  id,
  imageUrl,
  isoDateTime,
  optionalText,
  requiredText,
} from '../fields.js';
import { querySchema } from '../query.js';

export const NEWS_TEMPLATES = ['detail', 'details-two', 'details-three'] as const;
export const NEWS_STATUSES = ['draft', 'published'] as const;
export const CONTENT_LOCALES = ['zh-CN', 'en-US'] as const;

const newsFields = {
  title: requiredText(TITLE_MAX),
  content: z.string().max(HTML_MAX).refine((s) => s.trim() !== '', 'Required'),
  categoryId: id,
  summary: optionalText(SHORT_TEXT_MAX),
  author: optionalText(NAME_MAX),
  coverUrl: imageUrl,
  template: z.enum(NEWS_TEMPLATES),
  status: z.enum(NEWS_STATUSES),
  publishedAt: isoDateTime.nullable(),
  isTop: z.boolean(),
  locale: z.enum(CONTENT_LOCALES),
};

export const newsCreateSchema = z.strictObject({
  ...newsFields,
  summary: newsFields.summary.default(''),
  author: newsFields.author.default(''),
  coverUrl: newsFields.coverUrl.default(''),
  template: newsFields.template.default('detail'),
  status: newsFields.status.default('draft'),
  publishedAt: newsFields.publishedAt.optional(),
  isTop: newsFields.isTop.default(false),
  locale: newsFields.locale.default('zh-CN'),
});
export const newsUpdateSchema = z.strictObject(newsFields).partial().extend({ id });

export const newsQuerySchema = querySchema(
  {
    categoryId: id,
    status: z.enum(NEWS_STATUSES),
    isTop: z.boolean(),
    locale: z.enum(CONTENT_LOCALES),
    template: z.enum(NEWS_TEMPLATES),
    publishedFrom: isoDateTime,
    publishedTo: isoDateTime,
  },
  ['publishedAt', 'createdAt', 'updatedAt', 'title', 'viewCount', 'isTop', 'id'] as const,
);

export type NewsCreate = z.infer<typeof newsCreateSchema>;

export interface News {
  id: number;
  title: string;
  summary: string;
  content: string;
  coverUrl: string;
  categoryId: number;
  categoryName: string | null;
  author: string;
  template: (typeof NEWS_TEMPLATES)[number];
  status: (typeof NEWS_STATUSES)[number];
  publishedAt: string | null;
  isTop: boolean;
  viewCount: number;
  locale: (typeof CONTENT_LOCALES)[number];
  createdAt: string;
  updatedAt: string;
}
