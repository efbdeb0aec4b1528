import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Tabs } from 'antd';
import type { FormInstance } from 'antd';
import { LOCALES } from '../../shared/locale.js';
import { isBlank } from './missing-translation.js';
import type { Locale } from '../../shared/locale.js';
import type { Translatable, Translations } from '../../shared/translations.js';
import { RichText } from './rich-text.js';
import { zodRule } from './zod-rule.js';
import { useReadOnly } from './read-only.js';

/**
 * An editor's texts in every language, one tab per language (docs/decisions/0054): the record's own
 * language holds its own fields (`own`), each other one the same fields under `translations`, each
 * checked by its main field's rule when filled, with a button that copies the own language's texts
 * as a starting point. The tabs are antd's: arrow keys move between them, Tab into the panel. Every
 * panel stays mounted, so a save sends the texts of the tabs not open.
 */
export function TranslationTabs({
  form,
  spec,
  ownLocale,
  own,
  labels,
  richText = [],
  onCopied,
}: {
  form: FormInstance;
  spec: Translatable;
  ownLocale: Locale;
  own: ReactNode;
  /** Each translatable field's label. */
  labels: Record<string, string>;
  /** The fields written as rich text. */
  richText?: readonly string[];
  /** Called after a copy (the form changed). */
  onCopied?: () => void;
}) {
  const { t } = useTranslation('admin');
  const readOnly = useReadOnly();
  const language = (locale: Locale) => t(`bilingual.languages.${locale}`);
  const ownName = language(ownLocale);
  const panel = (locale: Locale) => (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('bilingual.translationHint', { language: language(locale) })} />
      {!readOnly && (
        <Button
          style={{ marginBottom: 16 }}
          onClick={() => {
            for (const field of spec.fields) form.setFieldValue(['translations', locale, field], form.getFieldValue(field));
            onCopied?.();
          }}
        >
          {t('bilingual.copy', { language: ownName })}
        </Button>
      )}
      {spec.fields.map((field) => {
        const label = t('bilingual.fieldIn', { field: labels[field], language: language(locale) });
        return (
          <Form.Item key={field} name={['translations', locale, field]} label={label} rules={[optionalRule(zodRule(spec.schemas[field], t))]}>
            {richText.includes(field) ? <RichText label={label} /> : field === 'summary' ? <Input.TextArea rows={2} lang={locale} /> : <Input lang={locale} />}
          </Form.Item>
        );
      })}
    </>
  );
  return (
    <Tabs
      items={[
        { key: ownLocale, label: t('bilingual.ownTab', { language: ownName }), children: own, forceRender: true },
        ...LOCALES.filter((locale) => locale !== ownLocale).map((locale) => ({ key: locale, label: t('bilingual.tab', { language: language(locale) }), children: panel(locale), forceRender: true })),
      ]}
    />
  );
}

type ValidatorRule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** A translation's text may be left empty (it is then removed); when typed, its main field's rule applies. */
function optionalRule(rule: ReturnType<typeof zodRule>): ReturnType<typeof zodRule> {
  const { validator } = rule as ValidatorRule;
  return { validator: async (inner, value: unknown) => (isBlank(value) ? undefined : validator(inner, value)) };
}

/**
 * The form's translations as a write sends them: for every language but the own one, each field's
 * text, or null where it is blank (which removes a stored text).
 */
export function translationsBody(spec: Translatable, ownLocale: Locale, typed: Translations | undefined) {
  return Object.fromEntries(
    LOCALES.filter((locale) => locale !== ownLocale).map((locale) => [
      locale,
      Object.fromEntries(spec.fields.map((field) => [field, isBlank(typed?.[locale]?.[field]) ? null : typed![locale]![field]!])),
    ]),
  );
}

// The list screens' marks and filter live apart, so that a list loads without the editor's tabs.
export { MissingTranslationTags, isBlank, missingLocalesOf, useMissingTranslationFilter } from './missing-translation.js';
