import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { CANDIDATE_EMAIL_BODY_MAX, CANDIDATE_EMAIL_PLACEHOLDERS, CANDIDATE_EMAIL_SUBJECT_MAX, unknownPlaceholders } from '../../shared/schemas/candidate-email.js';
import type { CandidateEmailTemplate } from '../../shared/schemas/candidate-email.js';
import { api } from '../api/client.js';
import { CANDIDATE_EMAIL_TEMPLATES_KEY, useCandidateEmailTemplates } from './candidate-email-templates.js';
import { errorText } from './error-text.js';
import { useFormErrors } from './use-form-errors.js';
import { useSubmit } from './use-submit.js';
import { useCanWrite } from './session-context.js';

/**
 * Candidate e-mails (docs/decisions/0056), under the applications module: the e-mail of each
 * application status, its switch, and its subject and body in both languages side by side, with
 * the placeholders listed. Each status' template is saved on its own.
 */

type Values = Pick<CandidateEmailTemplate, 'enabled' | 'subject' | 'body'>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One language's text of a template: its length, its placeholders, and required while the e-mail is on. */
function textRules(t: Translate, max: number): Rule[] {
  return [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        if (!text && getFieldValue('enabled')) throw new Error(t('candidateEmails.requiredWhenOn'));
        if (text.length > max) throw new Error(t('validation.maxLength', { limit: max }));
        const unknown = unknownPlaceholders(text);
        if (unknown.length) throw new Error(t('candidateEmails.unknownPlaceholder', { names: unknown.map((name) => `{${name}}`).join(', ') }));
      },
    }),
  ];
}

function TemplateForm({ template }: { template: CandidateEmailTemplate }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const showErrors = useFormErrors(form);
  const [saving, run] = useSubmit();
  const enabled = Form.useWatch('enabled', form);
  // A role that may only read applications sees the e-mails as they are, and saves none.
  const writable = useCanWrite('applications');
  const status = t(`applications.statuses.${template.statusId}`);
  useEffect(() => {
    form.setFieldsValue({ enabled: template.enabled, subject: template.subject, body: template.body });
  }, [template, form]);

  const save = () =>
    run(async () => {
      const values = await form.validateFields();
      try {
        await api<CandidateEmailTemplate>('CandidateEmailTemplate/Update', { body: { id: template.id, ...values, updatedAt: template.updatedAt } });
        message.success(t('common.saved'));
        await queryClient.invalidateQueries({ queryKey: CANDIDATE_EMAIL_TEMPLATES_KEY });
      } catch (error) {
        showErrors(error);
      }
    });

  const language = (locale: Locale) => t(`candidateEmails.languages.${locale}`);
  return (
    <Card
      size="small"
      title={status}
      extra={<Typography.Text type="secondary">{enabled ? t('candidateEmails.on') : t('candidateEmails.off')}</Typography.Text>}
      style={{ marginBottom: 16 }}
    >
      <Form form={form} name={`candidate-email-${template.statusId}`} layout="vertical" aria-label={status} onFinish={save} disabled={!writable}>
        <Form.Item name="enabled" label={t('candidateEmails.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Row gutter={16}>
          {LOCALES.map((locale) => (
            <Col key={locale} xs={24} md={12} lang={locale}>
              <Form.Item name={['subject', locale]} label={`${t('candidateEmails.subject')} · ${language(locale)}`} dependencies={['enabled']} rules={textRules(t, CANDIDATE_EMAIL_SUBJECT_MAX)}>
                <Input maxLength={CANDIDATE_EMAIL_SUBJECT_MAX} />
              </Form.Item>
              <Form.Item name={['body', locale]} label={`${t('candidateEmails.body')} · ${language(locale)}`} dependencies={['enabled']} rules={textRules(t, CANDIDATE_EMAIL_BODY_MAX)}>
                <Input.TextArea rows={8} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {writable && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('candidateEmails.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

export function CandidateEmailScreen() {
  const { t } = useTranslation('admin');
  const templates = useCandidateEmailTemplates();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={2}>{t('candidateEmails.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('candidateEmails.intro')}</Typography.Paragraph>
      <Descriptions title={t('candidateEmails.placeholders')} column={1} size="small" bordered>
        {CANDIDATE_EMAIL_PLACEHOLDERS.map((name) => (
          <Descriptions.Item key={name} label={<code>{`{${name}}`}</code>}>
            {t(`candidateEmails.placeholderHelp.${name}`)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {templates.error && <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(templates.error, t) })} />}
      {!templates.data && !templates.error && <Skeleton active />}
      {templates.data?.items.map((template) => <TemplateForm key={template.id} template={template} />)}
    </Space>
  );
}
