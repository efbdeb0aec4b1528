import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Form, InputNumber, Select, Space, Table, Typography } from 'antd';
import { RETENTION_ACTIONS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, RETENTION_KINDS, retentionRule } from '../../shared/schemas/retention.js';
import type { RetentionDue, RetentionPreview, RetentionSettings, RetentionValues } from '../../shared/schemas/retention.js';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import { formatTime } from './time.js';
import { zodRule } from './zod-rule.js';
import { ReadOnlyTag } from './read-only.js';
import { useCanWrite } from './session-context.js';

/**
 * Retention periods (docs/decisions/0045), under the privacy module: per kind of record, how many
 * days it is kept and whether it is then deleted or anonymised. Saving is offered only once the
 * preview of exactly these values is on screen, so nobody sets a period without seeing what it removes.
 */

const PAGE_SIZE = 10;
const QUERY_KEY = ['Retention'];

const valuesOf = (settings: RetentionSettings): RetentionValues => ({
  JobApplication: settings.JobApplication,
  ContactInfo: settings.ContactInfo,
  JoinUs: settings.JoinUs,
});

export function RetentionScreen() {
  const { t } = useTranslation('admin');
  const writable = useCanWrite('privacy');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RetentionValues>();
  const [previewed, setPreviewed] = useState<{ values: string; page: number } | null>(null);
  const settings = useQuery({ queryKey: QUERY_KEY, queryFn: () => api<RetentionSettings>('/api/Retention', { method: 'GET' }) });

  useEffect(() => {
    if (settings.data) form.setFieldsValue(valuesOf(settings.data));
  }, [settings.data, form]);

  const preview = useMutation({
    mutationFn: ({ values, page }: { values: RetentionValues; page: number }) =>
      api<RetentionPreview>('/api/Retention/Preview', { method: 'POST', body: { settings: values, page, pageSize: PAGE_SIZE } }),
    onSuccess: (_data, { values, page }) => setPreviewed({ values: JSON.stringify(values), page }),
    onError: (error) => message.error(errorText(error, t)),
  });
  const save = useMutation({
    mutationFn: (values: RetentionValues) => api<RetentionSettings>('/api/Retention/Update', { method: 'POST', body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(QUERY_KEY, saved);
      message.success(t('retention.saved'));
    },
    onError: (error) => message.error(errorText(error, t)),
  });

  const runPreview = async (page = 1) => {
    const values = await form.validateFields();
    preview.mutate({ values, page });
  };
  // Any change of the values asks for a new preview before saving.
  const onValuesChange = () => setPreviewed(null);
  const result = previewed ? preview.data : undefined;
  const total = result?.meta.total ?? 0;

  const columns = [
    { title: t('retention.fields.entity'), dataIndex: 'entity', key: 'entity', render: (kind: RetentionDue['entity']) => t(`retention.kinds.${kind}`) },
    { title: t('retention.fields.id'), dataIndex: 'id', key: 'id' },
    { title: t('retention.fields.since'), dataIndex: 'since', key: 'since', render: (at: string) => formatTime(at) },
    { title: t('retention.fields.action'), dataIndex: 'action', key: 'action', render: (action: RetentionDue['action']) => t(`retention.actions.${action}`) },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2}>
        {t('retention.title')}{!writable && <ReadOnlyTag />}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('retention.intro')}</Typography.Paragraph>
      <Typography.Text type="secondary">
        {settings.data?.lastRunOn ? t('retention.lastRun', { day: settings.data.lastRunOn }) : t('retention.neverRun')}
      </Typography.Text>
      <Form form={form} layout="vertical" aria-label={t('retention.title')} onValuesChange={onValuesChange} onFinish={(values) => save.mutate(values)} disabled={!writable}>
        {RETENTION_KINDS.map((kind) => (
          <Card key={kind} size="small" title={t(`retention.kinds.${kind}`)} style={{ marginBottom: 12 }}>
            <Space wrap align="start">
              <Form.Item
                name={[kind, 'days']}
                label={`${t('retention.days')} (${t(`retention.measured.${kind}`)})`}
                rules={[{ required: true, message: t('validation.required') }, zodRule(retentionRule.shape.days, t)]}
              >
                <InputNumber min={RETENTION_DAYS_MIN} max={RETENTION_DAYS_MAX} precision={0} aria-label={`${t(`retention.kinds.${kind}`)} ${t('retention.days')}`} />
              </Form.Item>
              <Form.Item name={[kind, 'action']} label={t('retention.action')} rules={[{ required: true, message: t('validation.required') }]}>
                <Select
                  style={{ minWidth: 220 }}
                  aria-label={`${t(`retention.kinds.${kind}`)} ${t('retention.action')}`}
                  options={RETENTION_ACTIONS.map((action) => ({ value: action, label: t(`retention.actions.${action}`) }))}
                />
              </Form.Item>
            </Space>
          </Card>
        ))}
        <Space>
          {/* A preview only reads: offered to a role that may only read too, with the periods as they are. */}
          <Button onClick={() => void runPreview(1)} loading={preview.isPending} disabled={false}>
            {t('retention.preview')}
          </Button>
          {writable && (
            <Button type="primary" htmlType="submit" disabled={!previewed} loading={save.isPending}>
              {t('retention.save')}
            </Button>
          )}
          {writable && !previewed && <Typography.Text type="secondary">{t('retention.previewFirst')}</Typography.Text>}
        </Space>
      </Form>
      {result && (
        <Card size="small">
          <Alert
            type={total ? 'warning' : 'info'}
            showIcon
            message={total ? t('retention.previewTitle', { count: total }) : t('retention.previewNone')}
            description={RETENTION_KINDS.map((kind) => `${t(`retention.kinds.${kind}`)}: ${result.counts[kind]}`).join(' · ')}
          />
          {total > 0 && (
            <Table<RetentionDue>
              style={{ marginTop: 12 }}
              rowKey={(row) => `${row.entity}-${row.id}`}
              dataSource={result.items}
              columns={columns}
              pagination={{ current: previewed?.page ?? 1, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: (page) => void runPreview(page) }}
            />
          )}
        </Card>
      )}
    </Space>
  );
}
