import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../shared/api.js';
import type { Job } from '../../../../shared/schemas/job.js';
import { JOB_APPLICATION_LIST_FIELDS, jobApplicationEntity } from '../../../../shared/schemas/job-application.js';
import type { JobApplication } from '../../../../shared/schemas/job-application.js';
import { applicationDetailsPath } from '../../../../shared/paths.js';
import { api } from '../../../api/client.js';
import { downloadWithToken } from '../../../admin/download.js';
import { errorText } from '../../../admin/error-text.js';
import { ErasureActions } from '../../../admin/erasure-actions.js';
import { ResourceList, firstListCall } from '../../../admin/resource-list.js';
import type { ListOutline } from '../../../admin/resource-list.js';
import type { PageHandle } from '../../../root.js';
import { StatusTag, useStatusOptions } from '../../../admin/status-tag.js';
import { formatTime } from '../../../admin/time.js';
import { ReadOnlyTag, readableBulk } from '../../../admin/read-only.js';
import { useCanWrite } from '../../../admin/session-context.js';
import { Button, Tag } from '../../../admin/ui/controls.js';
import { Opening, useNotices } from '../../../admin/ui/notices.js';
import { useKept } from '../../../admin/use-kept.js';

/** What the list asks for: its columns' fields, filters and sorts (the screen's test holds them to the list below). */
const APPLICATIONS_LIST: ListOutline = {
  module: 'applications',
  entity: jobApplicationEntity,
  fields: JOB_APPLICATION_LIST_FIELDS,
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: [{ name: 'jobId' }, { name: 'statusId' }, { name: 'created', kind: 'dateRange' }],
  sortFields: ['name', 'statusId', 'createdAt'],
};

/**
 * The applications list, hiring staff's daily screen, draws without antd (docs/decisions/0065), and
 * its page sends the list's query while it loads (docs/decisions/0070).
 */
export const handle: PageHandle & { plain: true } = {
  plain: true,
  earlyCalls: (url) => [firstListCall(APPLICATIONS_LIST, url)],
};

// The status dialog is antd's: it comes with the first "Change status".
const StatusChange = lazy(() => import('../../../admin/status.js').then((module) => ({ default: module.ScopedStatusChange })));

/** Job applications: filter by job, status, date and keyword; move through the pipeline; résumés; CSV. */
export default function Applications() {
  const { t } = useTranslation('admin');
  const notices = useNotices();
  const statusOptions = useStatusOptions('applications');
  const [moving, setMoving] = useState<JobApplication | null>(null);
  // Once loaded, the dialog's scope stays, so the notice of a move outlives the dialog.
  const lastMoved = useKept(moving);
  // Reading applications and their résumés, and exporting them, is a read; a status move is a change.
  const writable = useCanWrite('applications');
  const jobs = useQuery({ queryKey: ['Job', 'options'], queryFn: () => api<Page<Job>>('Job/Query', { body: { pageSize: 100, sort: { field: 'createdAt', order: 'desc' }, fields: ['title'] } }) });
  const download = (row: JobApplication) => downloadWithToken(row.resumeUrl, row.resumeName || 'resume').catch((error: unknown) => notices.error(errorText(error, t)));

  return (
    <>
      <h1>
        {t('applications.title')}{!writable && <ReadOnlyTag />}
      </h1>
      <ResourceList<JobApplication>
        entity={jobApplicationEntity}
        fields={APPLICATIONS_LIST.fields}
        defaultSort={APPLICATIONS_LIST.defaultSort}
        filters={[
          { name: 'jobId', label: t('applications.job'), options: (jobs.data?.items ?? []).map((job) => ({ value: job.id, label: job.title })) },
          { name: 'statusId', label: t('common.status'), options: statusOptions },
          { name: 'created', label: t('common.dateRange'), kind: 'dateRange' },
        ]}
        exportable
        bulk={readableBulk({ statuses: statusOptions, export: true }, writable)}
        columns={[
          { title: t('applications.name'), dataIndex: 'name', key: 'name', sorter: true, render: (name: string, row: JobApplication) => (row.anonymisedAt ? <Tag>{t('erasure.anonymised')}</Tag> : <Link to={applicationDetailsPath(row.id)}>{name}</Link>) },
          { title: t('applications.job'), dataIndex: 'jobTitle', key: 'jobTitle' },
          { title: t('applications.phone'), dataIndex: 'phone', key: 'phone' },
          { title: t('applications.email'), dataIndex: 'email', key: 'email' },
          { title: t('common.status'), dataIndex: 'statusId', key: 'statusId', sorter: true, render: (value: number) => <StatusTag kind="applications" statusId={value} /> },
          { title: t('common.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: JobApplication) => (
              <span className="row-actions">
                <Link to={applicationDetailsPath(row.id)}>{t('common.view')}</Link>
                {writable && (
                  <Button size="small" onClick={() => setMoving(row)}>
                    {t('common.changeStatus')}
                  </Button>
                )}
                {!row.anonymisedAt && (
                  <Button size="small" onClick={() => void download(row)}>
                    {t('applications.download')}
                  </Button>
                )}
                <ErasureActions entity="JobApplication" id={row.id} anonymised={!!row.anonymisedAt} size="small" />
              </span>
            ),
          },
        ]}
      />
      {lastMoved && (
        <Suspense fallback={<Opening />}>
          <StatusChange open={moving !== null} entity="JobApplication" kind="applications" id={lastMoved.id} statusId={lastMoved.statusId} onClose={() => setMoving(null)} />
        </Suspense>
      )}
    </>
  );
}
