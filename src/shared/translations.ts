import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, isLocale } from './locale.js';
import type { Locale } from './locale.js';

/**
 * Records written in one language with texts in the others (docs/decisions/0054). A record's own
 * fields hold its texts in its own language (`locale`, zh-CN when it has none); `translations` holds,
 * per other language, the same fields' texts: `{ "en-US": { "title": "…", "content": "…" } }`. An
 * entity declares its translatable fields once (`translatable(...)`), and the generic layer stores,
 * merges, checks, searches and resolves them.
 */

/** The texts of one record in one other language: each field optional. */
export type TranslatedTexts<F extends string = string> = Partial<Record<F, string>>;
/** A record's translations, by language. */
export type Translations<F extends string = string> = Partial<Record<Locale, TranslatedTexts<F>>>;

/** The list filter every translatable entity has: records that lack a usable text in that language. */
export const MISSING_TRANSLATION_FILTER = 'missingTranslation';
/** The stored field it compares: the languages a record misses, space-delimited (`" en-US "`). */
export const MISSING_TRANSLATIONS_FIELD = 'missingTranslations';

export interface Translatable<F extends string = string> {
  /** The translatable fields, in the order editors show them. */
  fields: readonly F[];
  /** The fields a translation must have to be used at all (the record's required texts). */
  required: readonly F[];
  /** Each field's schema, as its main field's: the same limits, the same messages. */
  schemas: Readonly<Record<F, z.ZodType<string>>>;
  /** `translations` as a record answers it. */
  record: z.ZodType<Translations<F>>;
  /**
   * `translations` as a create or update takes it. Per language, per field: a text sets it, `null`
   * removes it, absent keeps it; `null` for a whole language removes all its texts.
   */
  input: z.ZodType<Partial<Record<Locale, Partial<Record<F, string | null>> | null>>>;
}

/**
 * Declares an entity's translatable fields by their main fields' schemas: a required main field
 * (one that refuses an empty text) is required in a translation that is to be used.
 */
export function translatable<const S extends Record<string, z.ZodType<string>>>(schemas: S): Translatable<keyof S & string> {
  type F = keyof S & string;
  const fields = Object.keys(schemas) as F[];
  const required = fields.filter((field) => !schemas[field].safeParse('').success);
  const texts = z.object(Object.fromEntries(fields.map((field) => [field, z.string().optional()])));
  const record = z.object(Object.fromEntries(LOCALES.map((locale) => [locale, texts.optional()])));
  const edit = z.strictObject(Object.fromEntries(fields.map((field) => [field, schemas[field].nullable().optional()])));
  const input = z.strictObject(Object.fromEntries(LOCALES.map((locale) => [locale, edit.nullable().optional()])));
  return {
    fields,
    required,
    schemas,
    record: record as unknown as Translatable<F>['record'],
    input: input as unknown as Translatable<F>['input'],
  };
}

/** A record's own language: its `locale` field, or the default language for records without one. */
export const ownLocaleOf = (record: Record<string, unknown> | undefined): Locale =>
  isLocale(record?.locale) ? record.locale : DEFAULT_LOCALE;

/** `stored` with `given` merged in, per language and per field (see `Translatable.input`). */
export function mergeTranslations(stored: Translations | undefined, given: Translatable['input']['_output'] | undefined): Translations {
  const merged: Translations = {};
  for (const locale of LOCALES) {
    const change = given?.[locale];
    const texts: TranslatedTexts = change === null ? {} : { ...(stored?.[locale] ?? {}) };
    for (const [field, value] of Object.entries(change ?? {})) {
      if (value === null || value === undefined) {
        if (value === null) delete texts[field];
      } else texts[field] = value;
    }
    if (Object.keys(texts).length) merged[locale] = texts;
  }
  return merged;
}

/** Whether a record's translation into `locale` can stand for it: every required text is there. */
export function isUsable(spec: Translatable, texts: TranslatedTexts | undefined): boolean {
  return !!texts && spec.required.every((field) => (texts[field] ?? '').trim() !== '');
}

/** The languages other than its own a record has no usable translation into. */
export function missingLocales(spec: Translatable, own: Locale, translations: Translations): Locale[] {
  return LOCALES.filter((locale) => locale !== own && !isUsable(spec, translations[locale]));
}

/** How `missingLocales` is stored, so that one LIKE finds a language: `" en-US "`, or empty. */
export const missingColumnOf = (locales: readonly Locale[]) => (locales.length ? ` ${locales.join(' ')} ` : '');
/** The LIKE pattern of the records missing `locale`. */
export const missingPatternOf = (locale: unknown) => `% ${String(locale)} %`;

/**
 * A record in the reader's language: its translation into `wanted` when that is usable, else its own
 * texts; `locale` says which language the texts are in. Without `wanted`, its own texts. The whole
 * record takes one language (a usable translation's empty optional texts stay empty), so a page never
 * mixes two languages inside one article.
 */
export function resolveRecord<T extends Record<string, unknown>>(spec: Translatable, record: T, wanted: Locale | undefined): T & { locale: Locale } {
  const own = ownLocaleOf(record);
  const translations = (record.translations ?? {}) as Translations;
  const resolved: Record<string, unknown> = { ...record };
  delete resolved.translations;
  const texts = wanted && wanted !== own ? translations[wanted] : undefined;
  if (wanted && texts && isUsable(spec, texts)) {
    for (const field of spec.fields) resolved[field] = texts[field] ?? '';
    resolved.locale = wanted;
  } else resolved.locale = own;
  return resolved as T & { locale: Locale };
}

/** One text (a joined name, say) in `wanted` when translated there, else its own; with its language. */
export function resolveText(own: string | null, ownLocale: Locale, translations: Translations | null | undefined, field: string, wanted: Locale | undefined) {
  const text = wanted && wanted !== ownLocale ? translations?.[wanted]?.[field] : undefined;
  return text && text.trim() !== '' ? { text, locale: wanted! } : { text: own, locale: own === null ? null : ownLocale };
}

/**
 * The write that makes a record's translations exactly `stored` (a restored version's): every
 * language and field it lacks removed, the others set.
 */
export function replacingTranslations(spec: Translatable, stored: Translations | undefined): Translatable['input']['_output'] {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const texts = stored?.[locale];
      return [locale, texts ? Object.fromEntries(spec.fields.map((field) => [field, texts[field] ?? null])) : null];
    }),
  );
}
