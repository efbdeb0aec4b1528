import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form, Input, InputNumber, Select } from 'antd';
import { ReadOnlyContext } from './read-only.js';
import { DEFAULT_LOCALE } from '../../shared/locale.js';
import type { Translations } from '../../shared/translations.js';
import { COUNTRY_CODES, officeCreateSchema, officeEntity, officeTexts } from '../../shared/schemas/office.js';
import { api } from '../api/client.js';
import { FormDialog } from './form-dialog.js';
import { TranslationTabs, translationsBody } from './translation-tabs.js';
import { useDialogSubmit } from './use-dialog-submit.js';
import { zodRule } from './zod-rule.js';

interface OfficeValues {
  name: string;
  address?: string;
  city?: string;
  country?: string;
  sortOrder?: number | null;
  translations?: Translations;
}

/** Every country by its code and its name in the back-office's language (`SG · 新加坡`), by name. */
export function countryOptions(language: string) {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}`, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

/**
 * Creates an office (a record without an id) or edits one: its name, address and city in a tab per
 * language (its own, Chinese, first), its country chosen by name, its place in the order. Opened by a
 * role that may only read the jobs module, it shows the values disabled, without Save.
 */
export function OfficeForm({ record, title, onClose, readOnly = false }: { record: Record<string, unknown>; title: string; onClose: () => void; readOnly?: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OfficeValues>();
  const id = record.id as number | undefined;
  const label = (field: string) => t(`fields.Office.${field}`);
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    const body = {
      name: values.name,
      address: values.address ?? '',
      city: values.city ?? '',
      country: values.country,
      ...(values.sortOrder === null || values.sortOrder === undefined ? {} : { sortOrder: values.sortOrder }),
      translations: translationsBody(officeTexts, DEFAULT_LOCALE, values.translations),
    };
    // An edit says which version it was based on: a save over someone else's newer one is refused.
    await api(id === undefined ? officeEntity.name : `${officeEntity.name}/Update`, { body: id === undefined ? body : { id, ...body, updatedAt: record.updatedAt } });
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: [officeEntity.name] });
    onClose();
  });
  const initialValues: OfficeValues = {
    name: (record.name as string | undefined) ?? '',
    address: (record.address as string | undefined) ?? '',
    city: (record.city as string | undefined) ?? '',
    country: record.country as string | undefined,
    sortOrder: (record.sortOrder as number | undefined) ?? 0,
    translations: (record.translations as Translations | undefined) ?? {},
  };
  const shape = officeCreateSchema.shape;
  return (
    <ReadOnlyContext.Provider value={readOnly}>
      <FormDialog title={title} saving={saving} onSave={submit} onClose={onClose} readOnly={readOnly}>
        <Form form={form} layout="vertical" initialValues={initialValues} disabled={readOnly}>
          <TranslationTabs
            form={form}
            spec={officeTexts}
            ownLocale={DEFAULT_LOCALE}
            labels={{ name: label('name'), address: label('address'), city: label('city') }}
            own={
              <>
                <Form.Item name="name" label={label('name')} required rules={[zodRule(shape.name, t)]}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name="address" label={label('address')} rules={[zodRule(shape.address, t)]}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name="city" label={label('city')} rules={[zodRule(shape.city, t)]}>
                  <Input autoComplete="off" />
                </Form.Item>
              </>
            }
          />
          <Form.Item name="country" label={label('country')} required extra={t('offices.countryHint')} rules={[zodRule(shape.country, t)]}>
            <Select showSearch optionFilterProp="label" options={countryOptions(i18n.language).map(({ value, label: text }) => ({ value, label: text }))} />
          </Form.Item>
          <Form.Item name="sortOrder" label={label('sortOrder')} rules={[zodRule(shape.sortOrder, t)]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </FormDialog>
    </ReadOnlyContext.Provider>
  );
}
