import { useTranslation } from 'react-i18next';
import { MISSING_TRANSLATIONS_FIELD } from '../../shared/translations.js';

/**
 * Where the catalogue names a field's values, by field: `{ roles: 'users.roleNames' }` reads the
 * role `hr` as `users.roleNames.hr`, a flag `true` as `….true`. Those texts are shared with other
 * screens (the statuses), so a screen points at them rather than the catalogue copying them.
 */
export type ValueTexts = Partial<Record<string, string | ((value: string) => string)>>;

/** A field's label (`fields.<Entity>.<field>` in the catalogue) and its values as staff read them. */
export function useFieldText(entityName: string, values: ValueTexts = {}) {
  const { t } = useTranslation('admin');
  const label = (field: string) => t(`fields.${entityName}.${field}`);
  const valueText = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    if (Array.isArray(value)) return value.map((item) => valueText(field, item)).join(', ');
    // The filter "missing translation" of every translatable entity names languages (docs/decisions/0054).
    const prefix = values[field] ?? (field === MISSING_TRANSLATIONS_FIELD ? 'bilingual.languages' : undefined);
    // Values the server names (custom roles): the screen says each itself.
    if (typeof prefix === 'function') return prefix(String(value));
    if (prefix) return t(`${prefix}.${String(value)}`);
    if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
    return String(value);
  };
  return { label, valueText };
}

export type FieldText = ReturnType<typeof useFieldText>;
