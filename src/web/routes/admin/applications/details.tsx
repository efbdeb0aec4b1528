import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Skeleton, Space } from 'antd';
import type { JobApplication } from '../../../../shared/schemas/job-application.js';
import { ADMIN_PATHS } from '../../../../shared/paths.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { ErasureActions } from '../../../admin/erasure-actions.js';
import { AgreedPrivacyVersion } from '../../../admin/privacy-notice-version.js';
import { ResumeActions } from '../../../admin/resume-preview.js';
import { History, InternalNoteEdit, StatusChange } from '../../../admin/status.js';
import { StatusTag } from '../../../admin/status-tag.js';
import { formatTime } from '../../../admin/time.js';
import { useCanWrite } from '../../../admin/session-context.js';

/** One application in full, with its history, its résumé and the next step in the pipeline. */
export default function ApplicationDetails() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const [moving, setMoving] = useState(false);
  const [noting, setNoting] = useState(false);
  const writable = useCanWrite('applications');
  const query = useQuery({
    queryKey: ['JobApplication', 'one', id],
    queryFn: () => api<JobApplication>(`JobApplication/${id}`, { method: 'GET' }),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (!Number.isInteger(id) || id <= 0 || query.error) {
    const message = query.error ? t('shell.loadFailed', { message: errorText(query.error, t) }) : t('shell.missingId');
    return <Alert type="error" showIcon message={message} action={<Link to={ADMIN_PATHS.applications}>{t('common.back')}</Link>} />;
  }
  const a = query.data;
  if (!a) return <Skeleton active />;
  return (
    <div className="admin-article">
      <Space style={{ marginBottom: 16 }} wrap>
        <Link to={ADMIN_PATHS.applications}>← {t('common.back')}</Link>
        {writable && (
          <Button type="primary" onClick={() => setMoving(true)}>
            {t('common.changeStatus')}
          </Button>
        )}
        {!a.anonymisedAt && <ResumeActions url={a.resumeUrl} name={a.resumeName || 'resume'} />}
        <ErasureActions entity="JobApplication" id={a.id} anonymised={!!a.anonymisedAt} onDeleted={() => navigate(ADMIN_PATHS.applications)} />
      </Space>
      {a.anonymisedAt && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`${t('erasure.anonymised')} ${formatTime(a.anonymisedAt)}`} />}
      <h1>
        {t('applications.details')}: {a.name}
      </h1>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('applications.job')}>{a.jobTitle}</Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <StatusTag kind="applications" statusId={a.statusId} />
        </Descriptions.Item>
        <Descriptions.Item label={t('applications.phone')}>{a.phone}</Descriptions.Item>
        <Descriptions.Item label={t('applications.email')}>
          <a href={`mailto:${a.email}`}>{a.email}</a>
        </Descriptions.Item>
        <Descriptions.Item label={t('applications.education')}>{a.education ? t(`applications.educationLevels.${a.education}`) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('applications.yearsOfExperience')}>{a.yearsOfExperience ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('applications.coverLetter')}>
          <div style={{ whiteSpace: 'pre-wrap' }}>{a.coverLetter || '—'}</div>
        </Descriptions.Item>
        <Descriptions.Item label={t('applications.resume')}>{a.resumeName}</Descriptions.Item>
        <Descriptions.Item label={t('common.internalNote')}>
          <Space align="start">
            <div style={{ whiteSpace: 'pre-wrap' }}>{a.note || '—'}</div>
            {writable && (
              <Button size="small" onClick={() => setNoting(true)}>
                {t('common.editNote')}
              </Button>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('applications.consentAt')}>{formatTime(a.consentAt)}</Descriptions.Item>
        <Descriptions.Item label={t('applications.privacyVersion')}>
          <AgreedPrivacyVersion version={a.privacyVersion} />
        </Descriptions.Item>
        <Descriptions.Item label={t('common.createdAt')}>{formatTime(a.createdAt)}</Descriptions.Item>
      </Descriptions>
      <h2 style={{ marginTop: 24 }}>{t('common.history')}</h2>
      <History kind="applications" history={a.history ?? []} />
      {noting && <InternalNoteEdit entity="JobApplication" id={a.id} note={a.note} onClose={() => setNoting(false)} />}
      {moving && <StatusChange entity="JobApplication" kind="applications" id={a.id} statusId={a.statusId} onClose={() => setMoving(false)} />}
    </div>
  );
}
