import { z } from 'zod';
import { coded } from '../validation-codes.js';
import { HTML_MAX, NAME_MAX, TITLE_MAX, id, imageUrl, isoDateTime, isoTimestamp, optionalText, recordId, requiredText } from '../fields.js';
import { defineEntity, editorField, filter } from '../entity.js';
import { basedOn } from './revision.js';
import { CONTENT_LOCALES } from './news.js';
import { translatable } from '../translations.js';

export const JOB_STATUSES = ['draft', 'open', 'closed'] as const;
export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'internship', 'temporary'] as const;
export const LATEST_JOBS_MAX = 6;
/**
 * The currencies a salary can be paid in (ISO 4217): the region's and the world's most used, a closed
 * list so the back-office offers a choice and every browser can format each (docs/decisions/0055).
 */
export const SALARY_CURRENCIES = ['CNY', 'HKD', 'MOP', 'TWD', 'SGD', 'MYR', 'THB', 'VND', 'IDR', 'PHP', 'JPY', 'KRW', 'INR', 'AED', 'AUD', 'NZD', 'CAD', 'USD', 'EUR', 'GBP', 'CHF'] as const;
/** What a salary figure is paid for: a month, a year or an hour of work. */
export const SALARY_PERIODS = ['month', 'year', 'hour'] as const;

const salary = z.number().int().min(0).max(100_000_000).nullable();

/**
 * The job's image: a library reference (`/api/File/Download/12#w=…&h=…&t=…`) or an image address,
 * checked like a news cover; `null` or an empty text means none and is stored as `null`.
 */
const jobImage = imageUrl
  .nullable()
  .transform((s) => (s === '' ? null : s));

const jobFields = {
  title: requiredText(TITLE_MAX),
  categoryId: id,
  description: z.string().max(HTML_MAX).refine((s) => s.trim() !== '', coded('required', 'Required')),
  department: optionalText(NAME_MAX),
  location: optionalText(NAME_MAX),
  /** The job's office (docs/decisions/0058), or null; `location` is then answered as its name. */
  officeId: id.nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  headcount: z.number().int().min(1).max(10_000),
  salaryMin: salary,
  salaryMax: salary,
  salaryCurrency: z.enum(SALARY_CURRENCIES),
  salaryPeriod: z.enum(SALARY_PERIODS),
  requirements: z.string().max(HTML_MAX),
  status: z.enum(JOB_STATUSES),
  closesAt: isoDateTime.nullable(),
  locale: z.enum(CONTENT_LOCALES),
  imageUrl: jobImage,
};

/** The texts written in each language (docs/decisions/0054). */
export const jobTexts = translatable({
  title: jobFields.title,
  department: jobFields.department,
  description: jobFields.description,
  requirements: jobFields.requirements,
});

const salaryRangeIsOrdered = (job: { salaryMin?: number | null; salaryMax?: number | null }) =>
  job.salaryMin == null || job.salaryMax == null || job.salaryMin <= job.salaryMax;
const salaryRangeIssue = coded('salary_order', 'Must not be less than salaryMin', ['salaryMax']);

export const jobCreateSchema = z
  .strictObject({
    ...jobFields,
    department: jobFields.department.default(''),
    location: jobFields.location.default(''),
    officeId: jobFields.officeId.optional(),
    employmentType: jobFields.employmentType.default('full-time'),
    headcount: jobFields.headcount.default(1),
    salaryMin: salary.optional(),
    salaryMax: salary.optional(),
    salaryCurrency: jobFields.salaryCurrency.default('CNY'),
    salaryPeriod: jobFields.salaryPeriod.default('month'),
    requirements: jobFields.requirements.default(''),
    status: jobFields.status.default('draft'),
    closesAt: jobFields.closesAt.optional(),
    locale: jobFields.locale.default('zh-CN'),
    imageUrl: jobFields.imageUrl.optional(),
    translations: jobTexts.input.optional(),
  })
  .refine(salaryRangeIsOrdered, salaryRangeIssue);

/** `updatedAt`: the version the edit was based on (optional; a stale one is a 409, docs/decisions/0037). */
export const jobUpdateSchema = z
  .strictObject(jobFields)
  .partial()
  .extend({ id, updatedAt: basedOn, translations: jobTexts.input.optional() })
  .refine(salaryRangeIsOrdered, salaryRangeIssue);

export const jobRecord = z.object({
  id: recordId,
  title: z.string(),
  categoryId: recordId,
  /** The category's name, read with the record. */
  categoryName: z.string().nullable(),
  department: z.string(),
  /**
   * Where the job is: its office's name (in the reader's language for a visitor), or, for a job
   * without an office, the free text it was given.
   */
  location: z.string(),
  /** The job's office, or null when it has none (then `location` is free text). */
  officeId: recordId.nullable(),
  /** The office's street address and city (a visitor's in their language) and country (ISO 3166-1 alpha-2), read with the record. */
  officeAddress: z.string().nullable(),
  officeCity: z.string().nullable(),
  officeCountry: z.string().nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  headcount: z.number().int(),
  salaryMin: z.number().int().nullable(),
  salaryMax: z.number().int().nullable(),
  /** The salary's currency (ISO 4217); CNY unless the job says otherwise. */
  salaryCurrency: z.enum(SALARY_CURRENCIES),
  /** What the salary figures are paid for. */
  salaryPeriod: z.enum(SALARY_PERIODS),
  description: z.string(),
  requirements: z.string(),
  status: z.enum(JOB_STATUSES),
  publishedAt: isoTimestamp.nullable(),
  closesAt: isoTimestamp.nullable(),
  /** The language of its own texts; `translations` holds the others'. */
  locale: z.enum(CONTENT_LOCALES),
  /** Its texts in other languages (staff only; a visitor is answered the texts of their language). */
  translations: jobTexts.record,
  /** The job's image (see `jobImage`), or `null` when it has none. */
  imageUrl: z.string().nullable(),
  /** Archived: hidden everywhere public, kept for its applications (`POST Job/{id}/Archive`). */
  archived: z.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  /** Who saved it last (staff only). */
  updatedBy: editorField,
});

export const jobEntity = defineEntity({
  name: 'Job',
  record: jobRecord,
  create: jobCreateSchema,
  update: jobUpdateSchema,
  filters: {
    categoryId: filter(id),
    status: filter(z.enum(JOB_STATUSES)),
    location: filter(z.string().trim().max(NAME_MAX)),
    officeId: filter(id),
    department: filter(z.string().trim().max(NAME_MAX)),
    employmentType: filter(z.enum(EMPLOYMENT_TYPES)),
    locale: filter(z.enum(CONTENT_LOCALES)),
    archived: filter(z.boolean()),
  },
  sort: ['publishedAt', 'createdAt', 'updatedAt', 'title', 'closesAt', 'id'] as const,
  search: ['title', 'department', 'location'],
  staffOnly: ['updatedBy', 'translations'],
  translatable: jobTexts,
  translatedJoins: ['categoryName', 'location', 'officeAddress', 'officeCity'],
});
export const jobQuerySchema = jobEntity.query;

export type JobCreate = z.infer<typeof jobCreateSchema>;
export type Job = z.infer<typeof jobRecord>;
/** A job as visitors are answered it: without its staff-only fields. */
export type PublicJob = Omit<Job, 'updatedBy' | 'translations'> & {
  categoryNameLocale: (typeof CONTENT_LOCALES)[number] | null;
  /** The language of `location`, `officeAddress` and `officeCity` as answered (null when empty). */
  locationLocale: (typeof CONTENT_LOCALES)[number] | null;
  officeAddressLocale: (typeof CONTENT_LOCALES)[number] | null;
  officeCityLocale: (typeof CONTENT_LOCALES)[number] | null;
};
