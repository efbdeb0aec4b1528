/**
 * Choices and limits the public forms show before any validation runs. Kept free of zod so a page
 * can use them without loading the schemas (which load on first submit).
 */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const EDUCATION_LEVELS = ['high-school', 'associate', 'bachelor', 'master', 'doctorate', 'other'] as const;
export const COOPERATION_TYPES = ['distribution', 'franchise', 'technology', 'supply', 'other'] as const;
