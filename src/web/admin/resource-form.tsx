import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { LOCALES } from '../../shared/locale.js';
import { ownLocaleOf } from '../../shared/translations.js';
import type { Translations } from '../../shared/translations.js';
import type { EntityDef } from '../../shared/entity.js';
import { api } from '../api/client.js';
import { BASED_ON_FIELD } from '../../shared/schemas/revision.js';
import { defaultOf, formChoicesOf, formFieldsOf, isRequired, shapeOf } from './entity-fields.js';
import type { FormField } from './entity-fields.js';
import { FormDialog } from './form-dialog.js';
import { useDialogSubmit } from './use-dialog-submit.js';
import type { FieldText } from './use-field-text.js';
import type { Choice } from './resource-columns.js';
import { zodRule } from './zod-rule.js';

/**
 * The dialog that creates a record (`POST {E}`) or edits one (`POST {E}/Update`): its fields are the
 * bodies' fields, each checked with the very schema the server applies.
 */
export function ResourceForm({
  entity,
  record,
  title,
  text,
  onClose,
  readOnly = false,
  choices = {},
}: {
  entity: Pick<EntityDef, 'name' | 'record' | 'create' | 'update' | 'translatable'>;
  /** The record to edit; without an id, a new one (its values, if any, before the schema's defaults). */
  record: Record<string, unknown>;
  title: string;
  text: FieldText;
  onClose: () => void;
  /** A role that may only read sees the record's values, disabled, and no Save (docs/decisions/0059). */
  readOnly?: boolean;
  /** Choices of fields whose values the server knows, not the schema (a user's roles). */
  choices?: Partial<Record<string, Choice[]>>;
}) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const id = record.id as number | undefined;
  const fields = formFieldsOf(entity, id === undefined ? 'create' : 'update', Object.keys(choices));
  const initialValues: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field.name, id === undefined ? (record[field.name] ?? defaultOf(field.schema)) : record[field.name]]));
  // A translatable entity's texts in the other languages, beside its own (docs/decisions/0054).
  const spec = entity.translatable;
  const otherLocales = spec ? LOCALES.filter((locale) => locale !== ownLocaleOf(record)) : [];
  if (spec) initialValues.translations = (record.translations as Translations | undefined) ?? {};
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    // A cleared number is null: leaving it out keeps the record's value (or takes the default).
    const body = Object.fromEntries(fields.filter((field) => !field.readOnly && values[field.name] !== undefined && values[field.name] !== null).map((field) => [field.name, values[field.name]]));
    // An edit says which version it was based on, where the entity takes it: a save over someone
    // else's newer one is refused (`stale`), and the dialog stays open with the values typed.
    const basedOn = BASED_ON_FIELD in shapeOf(entity.update) && record[BASED_ON_FIELD] !== undefined ? { [BASED_ON_FIELD]: record[BASED_ON_FIELD] } : {};
    if (spec) {
      // An emptied text is removed (null); the languages this dialog does not show are left alone.
      const typed = (values.translations ?? {}) as Translations;
      (body as Record<string, unknown>).translations = Object.fromEntries(
        otherLocales.map((locale) => [locale, Object.fromEntries(spec.fields.map((field) => [field, typed[locale]?.[field]?.trim() ? typed[locale]![field] : null]))]),
      );
    }
    await api(id === undefined ? entity.name : `${entity.name}/Update`, { body: id === undefined ? body : { id, ...body, ...basedOn } });
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: [entity.name] });
    onClose();
  });
  return (
    <FormDialog title={title} saving={saving} onSave={submit} onClose={onClose} readOnly={readOnly}>
      <Form form={form} layout="vertical" initialValues={initialValues} disabled={readOnly}>
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={text.label(field.name)}
            required={!field.readOnly && isRequired(field.schema, field.control)}
            rules={field.readOnly ? [] : [zodRule(field.schema, t)]}
            valuePropName={field.control === 'switch' ? 'checked' : 'value'}
          >
            {control(field, text, choices[field.name], readOnly)}
          </Form.Item>
        ))}
        {spec &&
          otherLocales.flatMap((locale) =>
            spec.fields.map((field) => {
              const language = t(`bilingual.languages.${locale}`);
              const own = t(`bilingual.languages.${ownLocaleOf(record)}`);
              const schema = spec.schemas[field];
              return (
                <Form.Item key={`${locale}.${field}`} label={t('bilingual.fieldIn', { field: text.label(field), language })} extra={t('bilingual.translationHint', { language })}>
                  <Form.Item
                    noStyle
                    name={['translations', locale, field]}
                    rules={[optionalRule(zodRule(schema, t))]}
                  >
                    <Input lang={locale} autoComplete="off" />
                  </Form.Item>
                  {!readOnly && (
                    <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => form.setFieldValue(['translations', locale, field], form.getFieldValue(field))}>
                      {t('bilingual.copy', { language: own })}
                    </Button>
                  )}
                </Form.Item>
              );
            }),
          )}
      </Form>
    </FormDialog>
  );
}

function control(field: FormField, text: FieldText, given: Choice[] | undefined, readOnly: boolean) {
  const options = () => given ?? formChoicesOf(field.schema).map((value) => ({ value, label: text.valueText(field.name, value) }));
  const disabled = field.readOnly || readOnly;
  switch (field.control) {
    case 'password':
      return <Input.Password disabled={disabled} autoComplete="new-password" />;
    case 'textarea':
      return <Input.TextArea disabled={disabled} rows={4} />;
    case 'integer':
    case 'number':
      return <InputNumber disabled={disabled} precision={field.control === 'integer' ? 0 : undefined} style={{ width: '100%' }} />;
    case 'select':
      return <Select disabled={disabled} options={options()} allowClear={!isRequired(field.schema, field.control)} />;
    case 'multiSelect':
      return <Select disabled={disabled} mode="multiple" options={options()} />;
    case 'switch':
      return <Switch disabled={disabled} />;
    default:
      // These dialogs are about other people's records: the browser must not fill in the staff member's own details.
      return <Input disabled={disabled} autoComplete="off" />;
  }
}

type ValidatorRule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** A translation's text may be left empty (it is then removed); when typed, its main field's rule applies. */
function optionalRule(rule: ReturnType<typeof zodRule>): ReturnType<typeof zodRule> {
  const { validator } = rule as ValidatorRule;
  return { validator: async (inner, value: unknown) => (typeof value === 'string' && value.trim() ? validator(inner, value) : undefined) };
}
