import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../shared/api.js';
import type { Category } from '../../../../shared/schemas/category.js';
import type { News } from '../../../../shared/schemas/news.js';
import { NEWS_STATUSES, newsEntity, newsTexts } from '../../../../shared/schemas/news.js';
import { newsEditPath, newsViewPath } from '../../../../shared/paths.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { ReadOnlyTag, readableBulk } from '../../../admin/read-only.js';
import { useCanWrite } from '../../../admin/session-context.js';
import { ResourceList, firstListCall } from '../../../admin/resource-list.js';
import type { ListOutline } from '../../../admin/resource-list.js';
import type { PageHandle } from '../../../root.js';
import { formatTime } from '../../../admin/time.js';
import { MissingTranslationTags, useMissingTranslationFilter } from '../../../admin/missing-translation.js';
import { MISSING_TRANSLATION_FILTER } from '../../../../shared/translations.js';
import { Button, Tag } from '../../../admin/ui/controls.js';
import { ConfirmButton } from '../../../admin/ui/confirm.js';
import { useNotices } from '../../../admin/ui/notices.js';

/** What the list asks for: its columns' fields, filters and sorts (the screen's test holds them to the list below). */
const NEWS_LIST: ListOutline = {
  module: 'news',
  entity: newsEntity,
  fields: ['title', 'isTop', 'categoryName', 'status', 'publishedAt', 'viewCount', 'locale', 'translations'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: [{ name: 'categoryId' }, { name: 'status' }, { name: 'published', kind: 'dateRange' }, { name: MISSING_TRANSLATION_FILTER }],
  sortFields: ['title', 'publishedAt', 'viewCount'],
};

/**
 * The news list, the back-office's first screen for most staff, draws without antd (docs/decisions/0065),
 * and its page sends the session check and the list's query while it loads (docs/decisions/0070).
 */
export const handle: PageHandle & { plain: true } = {
  plain: true,
  earlyCalls: (url) => [firstListCall(NEWS_LIST, url)],
};

/** News: filter, pin, publish or unpublish, edit, view and delete. */
export default function NewsListAdmin() {
  const { t } = useTranslation('admin');
  const missingTranslation = useMissingTranslationFilter();
  const notices = useNotices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A role that may only read the news sees the list and each article, and no control that changes one.
  const writable = useCanWrite('news');
  const categories = useQuery({ queryKey: ['NewsCategory', 'options'], queryFn: () => api<Page<Category>>('NewsCategory/Query', { body: { pageSize: 100, fields: ['name'] } }) });

  const change = async (body: Record<string, unknown>, done = t('common.saved')) => {
    try {
      await api(body.delete ? `News/${body.id}` : 'News/Update', { body: body.delete ? {} : body });
      notices.success(done);
      await queryClient.invalidateQueries({ queryKey: ['News'] });
    } catch (error) {
      notices.error(errorText(error, t));
    }
  };

  return (
    <>
      <h1>
        {t('menus.news.list')}{!writable && <ReadOnlyTag />}
      </h1>
      <ResourceList<News>
        entity={newsEntity}
        fields={NEWS_LIST.fields}
        defaultSort={NEWS_LIST.defaultSort}
        bulk={readableBulk({ delete: true }, writable)}
        filters={[
          { name: 'categoryId', label: t('news.category'), options: (categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })) },
          { name: 'status', label: t('news.status'), options: NEWS_STATUSES.map((s) => ({ value: s, label: t(`news.statuses.${s}`) })) },
          { name: 'published', label: t('common.dateRange'), kind: 'dateRange' },
          missingTranslation,
        ]}
        toolbar={
          writable && (
            <Button kind="primary" onClick={() => navigate(newsEditPath())}>
              {t('news.create')}
            </Button>
          )
        }
        columns={[
          {
            title: t('news.title'),
            dataIndex: 'title',
            key: 'title',
            sorter: true,
            render: (title: string, row: News) => (
              <>
                {row.isTop && <Tag color="gold">{t('news.isTop')}</Tag>}
                <Link to={newsViewPath(row.id)}>{title}</Link> <MissingTranslationTags spec={newsTexts} record={row} />
              </>
            ),
          },
          { title: t('news.category'), dataIndex: 'categoryName', key: 'categoryName' },
          {
            title: t('news.status'),
            dataIndex: 'status',
            key: 'status',
            // Published with a time still to come is not live yet: visitors see it from that time.
            render: (s: string, row: News) =>
              s === 'published' && row.publishedAt && Date.parse(row.publishedAt) > Date.now() ? (
                <Tag color="blue">{t('news.scheduled', { time: formatTime(row.publishedAt) })}</Tag>
              ) : (
                <Tag color={s === 'published' ? 'green' : 'default'}>{t(`news.statuses.${s}`)}</Tag>
              ),
          },
          { title: t('news.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', sorter: true, render: formatTime },
          { title: t('news.viewCount'), dataIndex: 'viewCount', key: 'viewCount', sorter: true },
          {
            title: t('common.actions'),
            key: 'actions',
            // Kept in view on narrow screens (1280 px and less), however wide the other columns are.
            fixed: 'right' as const,
            render: (_: unknown, row: News) =>
              !writable ? (
                <Link to={newsViewPath(row.id)}>{t('common.view')}</Link>
              ) : (
                <span className="row-actions">
                  <Link to={newsEditPath(row.id)}>{t('common.edit')}</Link>
                  <Button size="small" onClick={() => change({ id: row.id, isTop: !row.isTop })}>
                    {row.isTop ? t('news.unpin') : t('news.pin')}
                  </Button>
                  <ConfirmButton
                    size="small"
                    title={row.status === 'published' ? t('news.confirmUnpublish') : t('news.confirmPublish')}
                    okText={row.status === 'published' ? t('news.unpublish') : t('news.publish')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => change({ id: row.id, status: row.status === 'published' ? 'draft' : 'published' })}
                  >
                    {row.status === 'published' ? t('news.unpublish') : t('news.publish')}
                  </ConfirmButton>
                  <ConfirmButton
                    size="small"
                    danger
                    title={t('common.confirmDelete')}
                    okText={t('common.delete')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => change({ id: row.id, delete: true }, t('common.deleted'))}
                  >
                    {t('common.delete')}
                  </ConfirmButton>
                </span>
              ),
          },
        ]}
      />
    </>
  );
}
