import { z } from 'zod';
import { coded } from '../validation-codes.js';
import {
  HTML_MAX,
  NAME_MAX,
  SHORT_TEXT_MAX,
  TITLE_MAX,
  id,
  imageUrl,
  isoDateTime,
  isoTimestamp,
  optionalText,
  recordId,
  requiredText,
} from '../fields.js';
import { defineEntity, editorField, filter } from '../entity.js';
import { basedOn } from './revision.js';
import { translatable } from '../translations.js';

export const NEWS_TEMPLATES = ['detail', 'details-two', 'details-three'] as const;
export const NEWS_STATUSES = ['draft', 'published'] as const;
export const CONTENT_LOCALES = ['zh-CN', 'en-US'] as const;

const newsFields = {
  title: requiredText(TITLE_MAX),
  content: z.string().max(HTML_MAX).refine((s) => s.trim() !== '', coded('required', 'Required')),
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

/** The texts written in each language (docs/decisions/0054). */
export const newsTexts = translatable({ title: newsFields.title, summary: newsFields.summary, content: newsFields.content });

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
  translations: newsTexts.input.optional(),
});
/** `updatedAt`: the version the edit was based on (optional; a stale one is a 409, docs/decisions/0037). */
export const newsUpdateSchema = z.strictObject(newsFields).partial().extend({ id, updatedAt: basedOn, translations: newsTexts.input.optional() });

export const newsRecord = z.object({
  id: recordId,
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  coverUrl: z.string(),
  categoryId: recordId,
  /** The category's name, read with the record. */
  categoryName: z.string().nullable(),
  author: z.string(),
  template: z.enum(NEWS_TEMPLATES),
  status: z.enum(NEWS_STATUSES),
  publishedAt: isoTimestamp.nullable(),
  isTop: z.boolean(),
  viewCount: z.number().int(),
  /** The language of its own texts (the fields above); `translations` holds the others'. */
  locale: z.enum(CONTENT_LOCALES),
  /** Its texts in other languages (staff only; a visitor is answered the texts of their language). */
  translations: newsTexts.record,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  /** Who saved it last (staff only). */
  updatedBy: editorField,
});

export const newsEntity = defineEntity({
  name: 'News',
  record: newsRecord,
  create: newsCreateSchema,
  update: newsUpdateSchema,
  filters: {
    categoryId: filter(id),
    status: filter(z.enum(NEWS_STATUSES)),
    isTop: filter(z.boolean()),
    locale: filter(z.enum(CONTENT_LOCALES)),
    template: filter(z.enum(NEWS_TEMPLATES)),
    publishedFrom: filter(isoDateTime, { field: 'publishedAt', op: '>=' }),
    publishedTo: filter(isoDateTime, { field: 'publishedAt', op: '<=' }),
  },
  sort: ['publishedAt', 'createdAt', 'updatedAt', 'title', 'viewCount', 'isTop', 'id'] as const,
  search: ['title', 'summary'],
  staffOnly: ['updatedBy', 'translations'],
  translatable: newsTexts,
  translatedJoins: ['categoryName'],
});
export const newsQuerySchema = newsEntity.query;

export type NewsCreate = z.infer<typeof newsCreateSchema>;
export type News = z.infer<typeof newsRecord>;
/** A news item as visitors are answered it: without its staff-only fields. */
export type PublicNews = Omit<News, 'updatedBy' | 'translations'> & { categoryNameLocale: (typeof CONTENT_LOCALES)[number] | null };
