import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../shared/api.js';
import type { Category } from '../../../../shared/schemas/category.js';
import type { Job } from '../../../../shared/schemas/job.js';
import { EMPLOYMENT_TYPES, JOB_STATUSES, jobEntity, jobTexts } from '../../../../shared/schemas/job.js';
import { jobEditPath } from '../../../../shared/paths.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { ReadOnlyTag, readableBulk } from '../../../admin/read-only.js';
import { useCanWrite } from '../../../admin/session-context.js';
import { ResourceList, firstListCall } from '../../../admin/resource-list.js';
import type { ListOutline } from '../../../admin/resource-list.js';
import type { PageHandle } from '../../../root.js';
import { MISSING_TRANSLATION_FILTER } from '../../../../shared/translations.js';
import { formatTime } from '../../../admin/time.js';
import { MissingTranslationTags, useMissingTranslationFilter } from '../../../admin/missing-translation.js';
import { Button, Tag } from '../../../admin/ui/controls.js';
import { ConfirmButton } from '../../../admin/ui/confirm.js';
import { useNotices } from '../../../admin/ui/notices.js';

/** What the list asks for: its columns' fields, filters and sorts (the screen's test holds them to the list below). */
const JOBS_LIST: ListOutline = {
  module: 'jobs',
  entity: jobEntity,
  fields: ['title', 'categoryName', 'location', 'employmentType', 'status', 'archived', 'closesAt', 'publishedAt', 'locale', 'translations'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: [{ name: 'categoryId' }, { name: 'status' }, { name: 'employmentType' }, { name: MISSING_TRANSLATION_FILTER }, { name: 'archived' }],
  sortFields: ['title', 'closesAt', 'publishedAt'],
};

/**
 * The jobs list, the first screen of staff with the jobs module and not the news, draws without antd
 * (docs/decisions/0065), and its page sends the list's query while it loads (docs/decisions/0070).
 */
export const handle: PageHandle & { plain: true } = {
  plain: true,
  earlyCalls: (url) => [firstListCall(JOBS_LIST, url)],
};

const STATUS_COLOR = { draft: 'default', open: 'green', closed: 'red' } as const;

/** What the list's one status button does to a job in each status. */
const NEXT_ACTION = { draft: 'open', open: 'close', closed: 'reopen' } as const;

/** Jobs: filter, open or close, archive, edit and delete. */
export default function JobsAdmin() {
  const { t } = useTranslation('admin');
  const missingTranslation = useMissingTranslationFilter();
  const notices = useNotices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A role that may only read the jobs sees the list and each job (its editor as a view), and no control that changes one.
  const writable = useCanWrite('jobs');
  const categories = useQuery({ queryKey: ['JobCategory', 'options'], queryFn: () => api<Page<Category>>('JobCategory/Query', { body: { pageSize: 100, fields: ['name'] } }) });
  const run = async (path: string, body: unknown, done: string) => {
    try {
      await api(path, { body });
      notices.success(done);
      await queryClient.invalidateQueries({ queryKey: ['Job'] });
    } catch (error) {
      notices.error(errorText(error, t));
    }
  };
  return (
    <>
      <h1>
        {t('menus.jobs.list')}{!writable && <ReadOnlyTag />}
      </h1>
      <ResourceList<Job>
        entity={jobEntity}
        fields={JOBS_LIST.fields}
        defaultSort={JOBS_LIST.defaultSort}
        bulk={readableBulk({ delete: true }, writable)}
        filters={[
          { name: 'categoryId', label: t('jobs.category'), options: (categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })) },
          { name: 'status', label: t('jobs.status'), options: JOB_STATUSES.map((s) => ({ value: s, label: t(`jobs.statuses.${s}`) })) },
          { name: 'employmentType', label: t('jobs.employmentType'), options: EMPLOYMENT_TYPES.map((s) => ({ value: s, label: t(`jobs.types.${s}`) })) },
          missingTranslation,
          {
            name: 'archived',
            label: t('jobs.archivedFilter'),
            options: [{ value: 'no', label: t('jobs.archivedChoices.no') }, { value: 'yes', label: t('jobs.archivedChoices.yes') }],
            toValue: (value) => value === 'yes',
          },
        ]}
        toolbar={
          writable && (
            <Button kind="primary" onClick={() => navigate(jobEditPath())}>
              {t('jobs.create')}
            </Button>
          )
        }
        columns={[
          { title: t('jobs.title'), dataIndex: 'title', key: 'title', sorter: true, render: (title: string, row: Job) => (
              <>
                <Link to={jobEditPath(row.id)}>{title}</Link> <MissingTranslationTags spec={jobTexts} record={row} />
              </>
            ),
          },
          { title: t('jobs.category'), dataIndex: 'categoryName', key: 'categoryName' },
          { title: t('jobs.location'), dataIndex: 'location', key: 'location' },
          { title: t('jobs.employmentType'), dataIndex: 'employmentType', key: 'employmentType', render: (v: string) => t(`jobs.types.${v}`) },
          { title: t('jobs.status'), dataIndex: 'status', key: 'status', render: (s: Job['status'], row: Job) => (
              <>
                <Tag color={STATUS_COLOR[s]}>{t(`jobs.statuses.${s}`)}</Tag>
                {row.archived && <Tag>{t('jobs.archived')}</Tag>}
              </>
            ) },
          { title: t('jobs.closesAt'), dataIndex: 'closesAt', key: 'closesAt', sorter: true, render: formatTime },
          { title: t('jobs.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', sorter: true, render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            // Kept in view on narrow screens (1280 px and less), however wide the other columns are.
            fixed: 'right' as const,
            render: (_: unknown, row: Job) =>
              !writable ? (
                <Link to={jobEditPath(row.id)}>{t('common.view')}</Link>
              ) : (
                <span className="row-actions">
                  <Link to={jobEditPath(row.id)}>{t('common.edit')}</Link>
                  {/* The button says what it does, and asks first: it changes what visitors see. */}
                  <ConfirmButton
                    size="small"
                    title={t(`jobs.confirms.${NEXT_ACTION[row.status]}`)}
                    okText={t(`jobs.actions.${NEXT_ACTION[row.status]}`)}
                    cancelText={t('common.cancel')}
                    onConfirm={() => run('Job/Update', { id: row.id, status: row.status === 'open' ? 'closed' : 'open' }, t('common.saved'))}
                  >
                    {t(`jobs.actions.${NEXT_ACTION[row.status]}`)}
                  </ConfirmButton>
                  {/* Archiving hides a job everywhere public and keeps its applications (docs/decisions/0043). */}
                  <ConfirmButton
                    size="small"
                    title={t(`jobs.confirms.${row.archived ? 'unarchive' : 'archive'}`)}
                    okText={t(`jobs.actions.${row.archived ? 'unarchive' : 'archive'}`)}
                    cancelText={t('common.cancel')}
                    onConfirm={() => run(`Job/${row.id}/${row.archived ? 'Unarchive' : 'Archive'}`, {}, t('common.saved'))}
                  >
                    {t(`jobs.actions.${row.archived ? 'unarchive' : 'archive'}`)}
                  </ConfirmButton>
                  <ConfirmButton size="small" danger title={t('common.confirmDelete')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => run(`Job/${row.id}`, {}, t('common.deleted'))}>
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
