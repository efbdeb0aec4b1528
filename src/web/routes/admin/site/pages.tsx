import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { Page } from '../../../../shared/api.js';
import { textIn } from '../../../../shared/fields.js';
import { isLocale } from '../../../../shared/locale.js';
import { ADMIN_PATHS } from '../../../../shared/paths.js';
import { PAGE_PATHS } from '../../../../shared/schemas/page.js';
import type { PageSummary } from '../../../../shared/schemas/page.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { useCanWrite } from '../../../admin/session-context.js';

const PAGES_QUERY_KEY = ['Page'];
const PAGE_SIZE = 10;

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** The editable pages: each with its title, whether its draft is published, and when it was. */
export default function SitePages() {
  const { t, i18n } = useTranslation('admin');
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const [page, setPage] = useState(1);
  const writable = useCanWrite('site');
  const pages = useQuery({
    queryKey: [...PAGES_QUERY_KEY, 'list', page],
    queryFn: () => api<Page<PageSummary>>('Page/Query', { body: { page, pageSize: PAGE_SIZE } }),
  });

  if (pages.error) return <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(pages.error, t) })} />;

  return (
    <div className="admin-article">
      <h1>{t('pages.title')}</h1>
      <p>{t('pages.intro')}</p>
      <Table<PageSummary>
        rowKey="key"
        loading={pages.isLoading}
        dataSource={pages.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: pages.data?.meta.total ?? 0, onChange: setPage, showTotal: (total) => t('common.total', { total }) }}
        columns={[
          {
            title: t('pages.page'),
            dataIndex: 'key',
            render: (key: PageSummary['key']) => <Link to={`${ADMIN_PATHS.sitePageEdit}?key=${key}`}>{t(`pages.keys.${key}`)}</Link>,
          },
          { title: t('pages.pageTitle'), dataIndex: 'title', render: (title: PageSummary['title']) => textIn(title, locale) },
          {
            title: t('pages.state'),
            dataIndex: 'hasUnpublishedChanges',
            render: (changed: boolean) => (changed ? <Tag color="orange">{t('pages.unpublished')}</Tag> : <Tag color="green">{t('pages.published')}</Tag>),
          },
          { title: t('pages.publishedAt'), dataIndex: 'publishedAt', render: when },
          { title: t('pages.updatedAt'), dataIndex: 'updatedAt', render: (at: string | null, row) => `${when(at)}${row.updatedBy ? ` · ${row.updatedBy}` : ''}` },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <>
                <Link to={`${ADMIN_PATHS.sitePageEdit}?key=${row.key}`}>{writable ? t('common.edit') : t('common.view')}</Link>
                {' · '}
                <a href={PAGE_PATHS[row.key]} target="_blank" rel="noopener noreferrer">
                  {t('pages.open')}
                </a>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
