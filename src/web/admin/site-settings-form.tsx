import { useTranslation } from 'react-i18next';
import { Button, Col, Form, Input, Row, Switch } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { SAME_AS_MAX, httpUrl, siteSettingsFields } from '../../shared/schemas/site.js';
import type { LocalizedSiteField, SiteSettings, SiteSettingsUpdate } from '../../shared/schemas/site.js';
import { ImagePicker } from './image-picker.js';
import { zodRule } from './zod-rule.js';
import { useReadOnly } from './read-only.js';

/** The form's values: the record's fields, `sameAs` as one address per line. */
export type SiteSettingsFormValues = Omit<SiteSettingsUpdate, 'sameAs'> & { sameAs?: string };

type PlainField = Exclude<keyof typeof siteSettingsFields, LocalizedSiteField | 'sameAs' | 'listUntranslated'>;

/** What each section holds, in the order staff read them. */
const SECTIONS: { key: string; fields: { name: keyof typeof siteSettingsFields; long?: boolean }[] }[] = [
  { key: 'brand', fields: [{ name: 'companyName' }, { name: 'brandName' }, { name: 'tagline' }, { name: 'logo' }, { name: 'logoDark' }, { name: 'favicon' }, { name: 'primaryColor' }] },
  { key: 'contact', fields: [{ name: 'address' }, { name: 'phone' }, { name: 'email' }, { name: 'officeHours' }, { name: 'mapUrl' }] },
  { key: 'social', fields: [{ name: 'wechatQr' }, { name: 'weiboUrl' }, { name: 'linkedinUrl' }] },
  { key: 'compliance', fields: [{ name: 'icpNumber' }, { name: 'icpUrl' }, { name: 'psbNumber' }, { name: 'psbUrl' }, { name: 'footerText' }, { name: 'privacyNotice', long: true }] },
  { key: 'seo', fields: [{ name: 'description', long: true }, { name: 'shareImage' }, { name: 'shareImageAlt' }, { name: 'legalName' }, { name: 'sameAs', long: true }] },
  { key: 'analytics', fields: [{ name: 'analyticsScriptUrl' }] },
  { key: 'languages', fields: [{ name: 'listUntranslated' }] },
];

/** The fields holding an image: chosen from (or uploaded to) the media library. */
const IMAGES = new Set<string>(['logo', 'logoDark', 'favicon', 'wechatQr', 'shareImage']);

const LOCALIZED = new Set<string>(['companyName', 'brandName', 'tagline', 'address', 'officeHours', 'footerText', 'privacyNotice', 'description', 'shareImageAlt', 'legalName']);

const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/** What a value in the wrong form is told, by field: the generic "invalid" says too little here. */
const FORMAT_MESSAGES: Partial<Record<PlainField, string>> = {
  primaryColor: 'siteSettings.invalid.colour',
  email: 'siteSettings.invalid.email',
  analyticsScriptUrl: 'siteSettings.invalid.https',
  mapUrl: 'siteSettings.invalid.link',
  weiboUrl: 'siteSettings.invalid.link',
  linkedinUrl: 'siteSettings.invalid.link',
  icpUrl: 'siteSettings.invalid.link',
  psbUrl: 'siteSettings.invalid.link',
  logo: 'siteSettings.invalid.image',
  logoDark: 'siteSettings.invalid.image',
  favicon: 'siteSettings.invalid.image',
  wechatQr: 'siteSettings.invalid.image',
  shareImage: 'siteSettings.invalid.image',
};

/** The record as the form shows it: its settings, not when or by whom they were saved. */
export function formValuesOf(settings: SiteSettings): SiteSettingsFormValues {
  const { id: _id, updatedAt: _updatedAt, updatedBy: _updatedBy, sameAs, ...values } = settings;
  return { ...values, sameAs: sameAs.join('\n') };
}

/** The form's values as the update call takes them: every field, `sameAs` a list again. */
export function updateOf(values: SiteSettingsFormValues): SiteSettingsUpdate {
  const { sameAs, ...rest } = values;
  return { ...rest, sameAs: splitLines(sameAs) };
}

const splitLines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export interface SiteSettingsFormProps {
  initialValues: SiteSettingsFormValues;
  saving: boolean;
  onSave(values: SiteSettingsFormValues): void;
  /** The user changed a field. */
  onChange?: () => void;
}

/**
 * The site settings in sections (brand, contact, social, 备案, search and sharing, analytics), each
 * text with its Chinese and English inputs side by side, each field checked with the schema the
 * server applies. A plain form: Tab moves through the inputs, Enter in a single-line one saves.
 */
export function SiteSettingsForm({ initialValues, saving, onSave, onChange }: SiteSettingsFormProps) {
  const { t } = useTranslation('admin');
  // Opened by a role that may only read the site: the settings as they are, disabled, and no Save.
  const readOnly = useReadOnly();
  const [form] = Form.useForm<SiteSettingsFormValues>();
  const label = (name: string) => t(`siteSettings.fields.${name}`);
  const hint = (name: string) => {
    const key = `siteSettings.hints.${name}`;
    const text = t(key);
    return text === key ? undefined : text;
  };

  const sameAsRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      const lines = splitLines(value);
      if (lines.length > SAME_AS_MAX) throw new Error(t('validation.maxItems', { limit: SAME_AS_MAX }));
      if (lines.some((line) => line === '' || !httpUrl.safeParse(line).success)) throw new Error(t('siteSettings.invalidLink'));
    },
  };

  const field = ({ name, long }: { name: keyof typeof siteSettingsFields; long?: boolean }) => {
    if (LOCALIZED.has(name)) {
      const schema = siteSettingsFields[name as LocalizedSiteField];
      return (
        <fieldset key={name} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend style={{ fontSize: 14, fontWeight: 600, border: 0, marginBottom: 8 }}>{label(name)}</legend>
          <Row gutter={16}>
            {LOCALES.map((locale) => (
              <Col xs={24} md={12} key={locale}>
                <Form.Item name={[name, locale]} label={`${label(name)} · ${LANGUAGE_NAMES[locale]}`} rules={[zodRule(schema.shape[locale], t)]} extra={locale === 'zh-CN' ? hint(name) : undefined}>
                  {long ? <Input.TextArea lang={locale} autoSize={{ minRows: 3, maxRows: 16 }} /> : <Input lang={locale} />}
                </Form.Item>
              </Col>
            ))}
          </Row>
        </fieldset>
      );
    }
    if (name === 'listUntranslated') {
      // Whether pages in one language list records only written in the other (docs/decisions/0054).
      return (
        <Form.Item key={name} name={name} label={label(name)} valuePropName="checked" extra={t('bilingual.listUntranslatedHint')}>
          <Switch />
        </Form.Item>
      );
    }
    if (name === 'sameAs') {
      return (
        <Form.Item key={name} name="sameAs" label={label(name)} rules={[sameAsRule]} extra={hint(name)}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
      );
    }
    const plain = name as PlainField;
    const schema = siteSettingsFields[plain];
    const format = FORMAT_MESSAGES[plain];
    // A size refusal names its limit (zodRule); a value in the wrong form says which form is right.
    const rule: Rule = format
      ? {
          validator: async (_rule, value: unknown) => {
            const issue = schema.safeParse(value ?? '').error?.issues[0];
            if (issue && issue.code !== 'too_big') throw new Error(t(format));
          },
        }
      : zodRule(schema, t);
    return (
      <Form.Item key={name} name={plain} label={label(plain)} rules={format ? [rule, zodRule(schema, t)] : [rule]} extra={hint(plain)}>
        {IMAGES.has(plain) ? <ImagePicker /> : <Input inputMode={plain === 'email' ? 'email' : plain === 'phone' ? 'tel' : undefined} />}
      </Form.Item>
    );
  };

  return (
    <Form<SiteSettingsFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onSave} onValuesChange={onChange} disabled={readOnly} scrollToFirstError>
      {SECTIONS.map((section) => (
        <section key={section.key} aria-labelledby={`site-settings-${section.key}`}>
          <h2 id={`site-settings-${section.key}`}>{section.key === 'languages' ? t('bilingual.section') : t(`siteSettings.sections.${section.key}`)}</h2>
          {section.fields.map(field)}
        </section>
      ))}
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
