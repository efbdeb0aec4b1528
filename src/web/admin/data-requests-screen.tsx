import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Descriptions, Drawer, Empty, Form, Input, Pagination, Space, Table, Typography } from 'antd';
import { DownloadOutlined, DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { applicationDetailsPath } from '../../shared/paths.js';
import { DATA_SUBJECT_KINDS, subjectShape } from '../../shared/schemas/data-subject.js';
import type { DataSubjectEraseAnswer, DataSubjectFindAnswer, DataSubjectKind, DataSubjectMatch } from '../../shared/schemas/data-subject.js';
import { ApiError, api } from '../api/client.js';
import { getToken } from '../api/session.js';
import { ErrorCode } from '../../shared/api.js';
import type { ValidationIssue } from '../../shared/api.js';
import { errorText } from './error-text.js';
import { StatusTag } from './status-tag.js';
import { formatTime } from './time.js';
import { zodRule } from './zod-rule.js';
import { useCanWrite } from './session-context.js';

/**
 * Data subject requests (docs/decisions/0044): staff of the privacy module find everything held
 * about one person by e-mail and/or phone, open each record, export it all as one archive, or erase
 * it all after a confirmation that names how much and says it cannot be undone.
 */

interface Subject {
  email?: string;
  phone?: string;
}

const PAGE_SIZE = 100;

/** Only the fields given, trimmed: a blank one is not part of the request. */
function subjectOf(values: { email?: string; phone?: string }): Subject {
  const subject: Subject = {};
  if (values.email?.trim()) subject.email = values.email.trim();
  if (values.phone?.trim()) subject.phone = values.phone.trim();
  return subject;
}

const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * Fetches the archive with the bearer token, counting the bytes as they arrive (its length is not
 * known before it is written), and hands it to the browser as a download.
 */
async function downloadArchive(subject: Subject, onProgress: (bytes: number) => void): Promise<void> {
  const response = await fetch('/api/DataSubject/Export', {
    method: 'POST',
    headers: { Authorization: `Bearer ${getToken() ?? ''}`, 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(subject),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; errorCode?: number; data?: { issues?: ValidationIssue[] } | null } | null;
    throw new ApiError(body?.message ?? `HTTP ${response.status}`, body?.errorCode ?? ErrorCode.unexpected, response.status, body?.data?.issues ?? [], body?.data ?? null);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(received);
    }
  }
  const name = /filename="([^"]+)"/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'data-subject.tar.gz';
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/gzip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A contact message or join-us entry in full, read where it is kept. */
function RecordDrawer({ match, onClose }: { match: DataSubjectMatch; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const read = useQuery({ queryKey: [match.entity, match.id], queryFn: () => api<Record<string, unknown>>(`/api/${match.entity}/${match.id}`, { method: 'GET' }), retry: false });
  const record = read.data;
  const error = read.error ? errorText(read.error, t) : null;
  const shown = ['name', 'company', 'email', 'phone', 'subject', 'region', 'cooperationType', 'message', 'note', 'createdAt'];
  return (
    <Drawer open title={`${t(`dataRequests.kinds.${match.entity}`)} #${match.id}`} onClose={onClose} size="large">
      {error && <Alert type="error" showIcon message={error} />}
      {record && (
        <Descriptions column={1} bordered size="small">
          {shown
            .filter((field) => field in record)
            .map((field) => (
              <Descriptions.Item key={field} label={t(`dataRequests.fields.${field}`)}>
                {field === 'createdAt' ? formatTime(String(record[field])) : String(record[field] ?? '') || '—'}
              </Descriptions.Item>
            ))}
        </Descriptions>
      )}
    </Drawer>
  );
}

export function DataRequestsScreen() {
  const { t } = useTranslation('admin');
  const writable = useCanWrite('privacy');
  const { message, modal } = AntApp.useApp();
  const [form] = Form.useForm<{ email?: string; phone?: string }>();
  const [subject, setSubject] = useState<Subject | null>(null);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<DataSubjectMatch | null>(null);
  const [downloaded, setDownloaded] = useState<number | null>(null);

  const find = useMutation({
    mutationFn: ({ who, at }: { who: Subject; at: number }) => api<DataSubjectFindAnswer>('/api/DataSubject/Find', { method: 'POST', body: { ...who, page: at, pageSize: PAGE_SIZE } }),
    onError: (error) => message.error(errorText(error, t)),
  });
  const result = find.data;
  const total = result?.meta.total ?? 0;

  const search = (who: Subject, at = 1) => {
    setSubject(who);
    setPage(at);
    find.mutate({ who, at });
  };

  const onFinish = (values: { email?: string; phone?: string }) => {
    const who = subjectOf(values);
    if (!who.email && !who.phone) {
      form.setFields([{ name: 'email', errors: [t('dataRequests.eitherRequired')] }]);
      return;
    }
    search(who);
  };

  const exportArchive = useMutation({
    mutationFn: (who: Subject) => {
      setDownloaded(0);
      return downloadArchive(who, setDownloaded);
    },
    onSuccess: () => message.success(t('dataRequests.exported')),
    onError: (error) => message.error(errorText(error, t)),
    onSettled: () => setDownloaded(null),
  });

  const erase = useMutation({
    mutationFn: (who: Subject) => api<DataSubjectEraseAnswer>('/api/DataSubject/Erase', { method: 'POST', body: { ...who, confirm: true } }),
    onSuccess: (answer, who) => {
      const count = DATA_SUBJECT_KINDS.reduce((sum, kind) => sum + answer.erased[kind], 0);
      message.success(t('dataRequests.erased', { count }));
      search(who);
    },
    onError: (error) => message.error(errorText(error, t)),
  });

  const confirmErase = () => {
    if (!subject || !result) return;
    const counts = result.counts;
    modal.confirm({
      title: t('dataRequests.eraseTitle', { count: total }),
      content: (
        <>
          <p>{t('dataRequests.eraseCounts', { applications: counts.JobApplication, contact: counts.ContactInfo, joinUs: counts.JoinUs })}</p>
          <p>
            <strong>{t('dataRequests.eraseWarning')}</strong>
          </p>
        </>
      ),
      okText: t('dataRequests.eraseConfirm', { count: total }),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // The safe choice has the focus: Enter alone never erases anything.
      autoFocusButton: 'cancel',
      onOk: () => erase.mutateAsync(subject).catch(() => undefined),
    });
  };

  const columns = (kind: DataSubjectKind) => [
    {
      title: t('dataRequests.fields.id'),
      dataIndex: 'id',
      key: 'id',
      render: (id: number, row: DataSubjectMatch) =>
        kind === 'JobApplication' ? (
          <Link to={applicationDetailsPath(id)}>#{id}</Link>
        ) : (
          <Button type="link" size="small" onClick={() => setOpened(row)}>
            #{id}
          </Button>
        ),
    },
    { title: t('dataRequests.fields.name'), dataIndex: 'name', key: 'name' },
    { title: t('dataRequests.fields.email'), dataIndex: 'email', key: 'email' },
    { title: t('dataRequests.fields.phone'), dataIndex: 'phone', key: 'phone' },
    { title: t(`dataRequests.titles.${kind}`), dataIndex: 'title', key: 'title' },
    {
      title: t('common.status'),
      dataIndex: 'statusId',
      key: 'statusId',
      render: (statusId: number) => <StatusTag kind={kind === 'JobApplication' ? 'applications' : 'inquiries'} statusId={statusId} />,
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatTime(at) },
  ];

  const busy = exportArchive.isPending || erase.isPending;

  return (
    <div className="data-requests">
      <Typography.Title level={2}>{t('dataRequests.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('dataRequests.intro')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={onFinish} aria-label={t('dataRequests.title')}>
        <Form.Item name="email" label={t('dataRequests.fields.email')} rules={[zodRule(subjectShape.email, t)]}>
          <Input type="email" name="email" autoComplete="off" allowClear style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="phone" label={t('dataRequests.fields.phone')} rules={[zodRule(subjectShape.phone, t)]}>
          <Input type="tel" name="phone" autoComplete="off" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={find.isPending}>
            {t('dataRequests.find')}
          </Button>
        </Form.Item>
      </Form>

      {result && subject && (
        <section className="data-requests-result" aria-live="polite" style={{ marginTop: 24 }}>
          <Space wrap style={{ marginBottom: 16 }}>
            <Typography.Text strong>{t('dataRequests.found', { count: total })}</Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={() => exportArchive.mutate(subject)} loading={exportArchive.isPending} disabled={total === 0 || busy}>
              {t('dataRequests.export')}
            </Button>
            {/* Finding and exporting read; erasing is a change, for a role that may write (docs/decisions/0059). */}
            {writable && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmErase} loading={erase.isPending} disabled={total === 0 || busy}>
                {t('dataRequests.eraseAll')}
              </Button>
            )}
            {downloaded !== null && (
              <Typography.Text type="secondary" role="status">
                {downloaded === 0 ? t('dataRequests.preparing') : t('dataRequests.downloading', { size: formatBytes(downloaded) })}
              </Typography.Text>
            )}
          </Space>
          {total === 0 ? (
            <Empty description={t('dataRequests.nothingFound')} />
          ) : (
            DATA_SUBJECT_KINDS.filter((kind) => result.counts[kind] > 0).map((kind) => {
              const rows = result.items.filter((item) => item.entity === kind);
              return (
                <Card key={kind} size="small" style={{ marginBottom: 16 }} title={`${t(`dataRequests.kinds.${kind}`)} (${result.counts[kind]})`}>
                  {rows.length === 0 ? (
                    <Typography.Text type="secondary">{t('dataRequests.onOtherPages')}</Typography.Text>
                  ) : (
                    <Table<DataSubjectMatch> rowKey="id" size="small" pagination={false} dataSource={rows} columns={columns(kind)} />
                  )}
                </Card>
              );
            })
          )}
          {total > PAGE_SIZE && <Pagination current={page} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={(at) => search(subject, at)} />}
        </section>
      )}
      {opened && <RecordDrawer match={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
