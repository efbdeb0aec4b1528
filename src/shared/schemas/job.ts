import { z } from 'zod';
import { HTML_MAX, NAME_MAX, TITLE_MAX, id, isoDateTime, optionalText, requiredText } from '../fields.js';
import { querySchema } from '../query.js';
import { CONTENT_LOCALES } from './news.js';

export const JOB_STATUSES = ['draft', 'open', 'closed'] as const;
export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'internship', 'temporary'] as const;
export const LATEST_JOBS_MAX = 6;

const salary = z.number().int().min(0).max(100_000_000).nullable();

const jobFields = {
  title: requiredText(TITLE_MAX),
  categoryId: id,
  description: z.string().max(HTML_MAX).refine((s) => s.trim() !== '', 'Required'),
  department: optionalText(NAME_MAX),
  location: optionalText(NAME_MAX),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  headcount: z.number().int().min(1).max(10_000),
  salaryMin: salary,
  salaryMax: salary,
  requirements: z.string().max(HTML_MAX),
  status: z.enum(JOB_STATUSES),
  closesAt: isoDateTime.nullable(),
  locale: z.enum(CONTENT_LOCALES),
};

const salaryRangeIsOrdered = (job: { salaryMin?: number | null; salaryMax?: number | null }) =>
  job.salaryMin == null || job.salaryMax == null || job.salaryMin <= job.salaryMax;
const salaryRangeIssue = { message: 'Must not be less than salaryMin', path: ['salaryMax'] };

export const jobCreateSchema = z
  .strictObject({
    ...jobFields,
    department: jobFields.department.default(''),
    location: jobFields.location.default(''),
    employmentType: jobFields.employmentType.default('full-time'),
    headcount: jobFields.headcount.default(1),
    salaryMin: salary.optional(),
    salaryMax: salary.optional(),
    requirements: jobFields.requirements.default(''),
    status: jobFields.status.default('draft'),
    closesAt: jobFields.closesAt.optional(),
    locale: jobFields.locale.default('zh-CN'),
  })
  .refine(salaryRangeIsOrdered, salaryRangeIssue);

export const jobUpdateSchema = z
  .strictObject(jobFields)
  .partial()
  .extend({ id })
  .refine(salaryRangeIsOrdered, salaryRangeIssue);

export const jobQuerySchema = querySchema(
  {
    categoryId: id,
    status: z.enum(JOB_STATUSES),
    location: z.string().trim().max(NAME_MAX),
    department: z.string().trim().max(NAME_MAX),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    locale: z.enum(CONTENT_LOCALES),
  },
  ['publishedAt', 'createdAt', 'updatedAt', 'title', 'closesAt', 'id'] as const,
);

export type JobCreate = z.infer<typeof jobCreateSchema>;

export interface Job {
  id: number;
  title: string;
  categoryId: number;
  categoryName: string | null;
  department: string;
  location: string;
  employmentType: (typeof EMPLOYMENT_TYPES)[number];
  headcount: number;
  salaryMin: number | null;
  salaryMax: number | null;
  description: string;
  requirements: string;
  status: (typeof JOB_STATUSES)[number];
  publishedAt: string | null;
  closesAt: string | null;
  locale: (typeof CONTENT_LOCALES)[number];
  createdAt: string;
  updatedAt: string;
}
