import { z } from 'zod';
import { coded } from './validation-codes.js';
import { LOCALES } from './locale.js';
import type { Locale } from './locale.js';

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

const ID_MESSAGE = 'Expected an id: a positive whole number';

/**
 * An id in a JSON body: a JSON number that is a positive integer. Nothing is converted, so `true`,
 * `"1"` and `[1]` are refused rather than read as record 1.
 */
export const id = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(ID_MAX);

/**
 * An id written as text (a path segment, a multipart field): decimal digits without a sign, spaces
 * or leading zeros, so that `00001`, `+1`, `0x1` and ` 1` name no record instead of record 1. At most
 * ten digits, as ID_MAX has, before it is read as a number and checked like `id`.
 */
export const idText = z
  .string({ error: ID_MESSAGE })
  .regex(/^[1-9][0-9]{0,9}$/, ID_MESSAGE)
  .transform(Number)
  .pipe(id);

/** A record's id as answered. */
export const recordId = z.number().int().positive();
/** A time as answered: an ISO-8601 string in UTC. */
export const isoTimestamp = z.string();

export const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);
export const optionalText = (max: number) => z.string().trim().max(max);

/** An ISO-8601 date or date-time; answered normalised to UTC. */
export const isoDateTime = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), coded('invalid_date', 'Expected an ISO-8601 date or time'))
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
  .refine((s) => s === '' || s.startsWith('/') || /^https?:\/\//i.test(s), coded('invalid_url', 'Expected a path on this site or an http(s) address'));

export const password = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX);

/** Multipart form fields arrive as strings: an empty one means "not given". */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A text a person reads, in both languages Portico speaks: `{ "zh-CN": "…", "en-US": "…" }`. */
export type LocalizedText = Record<Locale, string>;

/**
 * A text in both languages, as the API accepts and answers it; either may be empty (a language not
 * written yet), and no other key is accepted.
 */
export const localizedText = (max: number) =>
  z.object(Object.fromEntries(LOCALES.map((locale) => [locale, optionalText(max)])) as Record<Locale, ReturnType<typeof optionalText>>).strict();

/** A text in both languages of which at least one is written. */
export const requiredLocalizedText = (max: number) =>
  localizedText(max).refine((text) => LOCALES.some((locale) => text[locale] !== ''), coded('required_in_one_language', 'Required in at least one language'));

/** The text in `locale`, else in the other language (better than nothing), else ''. */
export function textIn(text: Partial<LocalizedText> | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || LOCALES.map((other) => text[other]).find((value) => value) || '';
}
