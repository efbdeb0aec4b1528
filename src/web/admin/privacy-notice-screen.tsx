import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import type { PrivacyNoticeQuery, PrivacyNoticeVersion } from '../../shared/schemas/privacy-notice.js';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import { PrivacyNoticeTexts, publishedText } from './privacy-notice-version.js';

/**
 * The privacy notice's versions (docs/decisions/0048), read by site and privacy staff: newest first,
 * a page at a time, each with when and by whom it was published and both its texts in a row that
 * opens. The notice itself is changed in the site settings, which publishes the next version.
 */

const PAGE_SIZE = 10;

interface VersionPage {
  items: PrivacyNoticeVersion[];
  meta: { page: number; pageSize: number; total: number };
}

export function PrivacyNoticeScreen() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['PrivacyNotice', 'list', page],
    queryFn: () => api<VersionPage>('PrivacyNotice/Query', { method: 'POST', body: { page, pageSize: PAGE_SIZE } satisfies PrivacyNoticeQuery }),
    placeholderData: keepPreviousData,
  });
  const shown = query.data;
  const items = shown?.items ?? [];
  const total = shown?.meta.total ?? 0;
  // Newest first: the current version opens the first page.
  const current = shown?.meta.page === 1 ? items[0]?.version : undefined;
  // Versions are numbered without gaps, so a last page ending at 1 means version 0 was not kept.
  const zeroMissing = !!shown && shown.meta.page * PAGE_SIZE >= total && items.at(-1)?.version === 1;

  const columns = [
    {
      title: t('privacyNotice.version'),
      dataIndex: 'version',
      key: 'version',
      render: (version: number) => (
        <Space>
          <span>{t('privacyNotice.versionNumber', { version })}</span>
          {version === current && <Tag color="blue">{t('privacyNotice.current')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('privacyNotice.publishedAt'),
      dataIndex: 'publishedAt',
      key: 'publishedAt',
      render: (_: unknown, row: PrivacyNoticeVersion) => publishedText({ publishedAt: row.publishedAt, publishedBy: null }, t),
    },
    { title: t('privacyNotice.publishedBy'), dataIndex: 'publishedBy', key: 'publishedBy', render: (by: string | null) => by ?? '—' },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2}>{t('privacyNotice.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('privacyNotice.intro')} {t('privacyNotice.showText')}
      </Typography.Paragraph>
      {query.error && <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(query.error, t) })} />}
      <Table<PrivacyNoticeVersion>
        rowKey="version"
        loading={query.isFetching}
        dataSource={items}
        columns={columns}
        expandable={{ expandedRowRender: (row) => <PrivacyNoticeTexts version={row} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage, showTotal: (count) => t('common.total', { total: count }) }}
      />
      {zeroMissing && <Alert type="info" showIcon message={t('privacyNotice.zeroMissing')} />}
    </Space>
  );
}
