import { z } from 'zod';
import { NAME_MAX, id, isoTimestamp, recordId, requiredText } from '../fields.js';
import { defineEntity } from '../entity.js';
import { basedOn } from './revision.js';
import { translatable } from '../translations.js';
import type { Locale } from '../locale.js';

/** NewsCategory and JobCategory share one shape. */
const categoryFields = {
  name: requiredText(NAME_MAX),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
};

/** A category's name in each language (docs/decisions/0054); its own is zh-CN. */
export const categoryTexts = translatable({ name: categoryFields.name });

export const categoryCreateSchema = z.strictObject({
  ...categoryFields,
  sortOrder: categoryFields.sortOrder.default(0),
  translations: categoryTexts.input.optional(),
});
export const categoryUpdateSchema = z.strictObject(categoryFields).partial().extend({ id, updatedAt: basedOn, translations: categoryTexts.input.optional() });

export const categoryRecord = z.object({
  id: recordId,
  name: z.string(),
  sortOrder: z.number().int(),
  /** How many news items (or jobs) use the category; public reads count only published or open ones. */
  itemCount: z.number().int(),
  /** Its name in other languages (staff only; a visitor is answered the name in their language). */
  translations: categoryTexts.record,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});

const categoryEntity = (name: 'NewsCategory' | 'JobCategory') =>
  defineEntity({
    name,
    record: categoryRecord,
    create: categoryCreateSchema,
    update: categoryUpdateSchema,
    filters: {},
    sort: ['sortOrder', 'name', 'createdAt', 'id'] as const,
    search: ['name'],
    staffOnly: ['translations'],
    translatable: categoryTexts,
  });

export const newsCategoryEntity = categoryEntity('NewsCategory');
export const jobCategoryEntity = categoryEntity('JobCategory');
export const categoryQuerySchema = newsCategoryEntity.query;

export type CategoryCreate = z.infer<typeof categoryCreateSchema>;
export type Category = z.infer<typeof categoryRecord>;
/** A category as visitors are answered it: the name in their language, and which language that is. */
export type PublicCategory = Omit<Category, 'translations'> & { locale: Locale };
