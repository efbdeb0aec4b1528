import { z } from 'zod';

/** Field limits, named once and used by the API and by the forms. */
export const NAME_MAX = 100;
export const TITLE_MAX = 200;
export const SHORT_TEXT_MAX = 500;
export const MESSAGE_MAX = 5000;
export const HTML_MAX = 200 * 1024;
export const URL_MAX = 1000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const USER_NAME_MIN = 2;
export const KEYWORD_MAX = 200;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

/** Ids are 32-bit integers in PostgreSQL: a larger number names no record and must not reach it. */
export const ID_MAX = 2_147_483_647;

export const id = z.coerce.number().int().positive().max(ID_MAX);

export const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);
export const optionalText = (max: number) => z.string().trim().max(max);

/** An ISO-8601 date or date-time; answered normalised to UTC. */
export const isoDateTime = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'Expected an ISO-8601 date or time',
  })
  .transform((s) => new Date(s).toISOString());

export const email = z.string().trim().max(NAME_MAX).pipe(z.email('Invalid email address'));

export const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{2,29}$/, 'Invalid phone number');

/** A link to an image: a path on this site or an http(s) address, never a script URL. */
export const imageUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((s) => s === '' || s.startsWith('/') || /^https?:\/\//i.test(s), {
    message: 'Expected a path on this site or an http(s) address',
  });

export const password = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX);

/** Multipart form fields arrive as strings: an empty one means "not given". */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
