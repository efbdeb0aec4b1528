import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { MISSING_TRANSLATION_FILTER } from '../../shared/translations.js';
import type { Translatable, Translations } from '../../shared/translations.js';
import { Tag } from './ui/controls.js';

/** A text with nothing to read: empty, spaces, or markup around nothing (an emptied rich text). */
export const isBlank = (value: unknown) =>
  typeof value !== 'string' || (value.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '' && !/<img\b/i.test(value));

/** Whether a record lacks a usable text in a language other than its own (the list's mark). */
export function missingLocalesOf(spec: Translatable, record: { locale?: string; translations?: Translations }): Locale[] {
  const own = (record.locale as Locale | undefined) ?? 'zh-CN';
  return LOCALES.filter((locale) => locale !== own && !spec.required.every((field) => !isBlank(record.translations?.[locale]?.[field])));
}

/** The mark on a list's row of a record missing a translation: "No English", per language it lacks. */
export function MissingTranslationTags({ spec, record }: { spec: Translatable; record: { locale?: string; translations?: Translations } }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {missingLocalesOf(spec, record).map((locale) => (
        <Tag key={locale} color="orange">
          {t('bilingual.missing', { language: t(`bilingual.languages.${locale}`) })}
        </Tag>
      ))}
    </>
  );
}

/** A list's filter "missing English" (and "missing Chinese"): the entity's `missingTranslation`. */
export function useMissingTranslationFilter() {
  const { t } = useTranslation('admin');
  return {
    name: MISSING_TRANSLATION_FILTER,
    label: t('bilingual.missingTranslation'),
    options: LOCALES.map((locale) => ({ value: locale, label: t('bilingual.missing', { language: t(`bilingual.languages.${locale}`) }) })),
  };
}
