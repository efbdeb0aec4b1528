import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Space, Statistic, Table, Typography } from 'antd';
import { APPLICATION_STATUSES } from '../../shared/status.js';
import { GLANCE_KINDS, OLDEST_MAX } from '../../shared/schemas/overview.js';
import type { GlanceKind, OverviewAnswer } from '../../shared/schemas/overview.js';
import { ADMIN_PATHS, applicationDetailsPath } from '../../shared/paths.js';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import { formatTime } from './time.js';

/**
 * The overview (docs/decisions/0051): what is new per kind, the applications of the last seven days
 * per job and status, and the oldest items nobody has touched yet. Each part shows only for staff
 * holding its module; the server answers nothing else.
 */

const LIST_OF: Record<GlanceKind, string> = { JobApplication: ADMIN_PATHS.applications, ContactInfo: ADMIN_PATHS.contact, JoinUs: ADMIN_PATHS.joinUs };
const STATUS_IDS = APPLICATION_STATUSES.map((_, index) => index + 1);

interface WeekLine {
  jobId: number;
  jobTitle: string;
  total: number;
  byStatus: Record<number, number>;
}

/** The week's rows, one per job, its statuses side by side. */
function weekLines(week: NonNullable<OverviewAnswer['week']>): WeekLine[] {
  const lines = new Map<number, WeekLine>();
  for (const row of week) {
    const line = lines.get(row.jobId) ?? { jobId: row.jobId, jobTitle: row.jobTitle, total: 0, byStatus: {} };
    line.byStatus[row.statusId] = row.count;
    line.total += row.count;
    lines.set(row.jobId, line);
  }
  return [...lines.values()];
}

export function OverviewScreen() {
  const { t } = useTranslation('admin');
  const overview = useQuery({ queryKey: ['Overview', 'screen'], queryFn: () => api<OverviewAnswer>('/api/Overview', { method: 'GET' }) });

  if (overview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('shell.loadFailed', { message: errorText(overview.error, t) })}
        action={<Button onClick={() => void overview.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const data = overview.data;
  const kinds = GLANCE_KINDS.filter(({ kind }) => data?.counts[kind] !== null && data?.counts[kind] !== undefined);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1}>{t('overview.title')}</Typography.Title>
      <Space wrap size="middle" aria-busy={overview.isPending}>
        {overview.isPending ? (
          <Card loading style={{ width: 220 }} />
        ) : (
          kinds.map(({ kind }) => (
            <Card key={kind} style={{ width: 220 }}>
              <Statistic title={t(`overview.new.${kind}`)} value={data!.counts[kind]!} />
              <Link to={LIST_OF[kind]}>{t('overview.openList')}</Link>
            </Card>
          ))
        )}
      </Space>

      {data?.week && (
        <section aria-labelledby="overview-week">
          <Typography.Title level={2} id="overview-week">
            {t('overview.weekTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('overview.weekSince', { time: formatTime(data.weekFrom) })}</Typography.Paragraph>
          <Table<WeekLine>
            rowKey="jobId"
            size="small"
            dataSource={weekLines(data.week)}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
            locale={{ emptyText: <Empty description={t('overview.weekEmpty')} /> }}
            scroll={{ x: true }}
            columns={[
              { key: 'job', title: t('overview.job'), dataIndex: 'jobTitle' },
              ...STATUS_IDS.map((statusId) => ({
                key: `status-${statusId}`,
                title: t(`applications.statuses.${statusId}`),
                align: 'right' as const,
                render: (_: unknown, line: WeekLine) => line.byStatus[statusId] ?? 0,
              })),
              { key: 'total', title: t('overview.total'), dataIndex: 'total', align: 'right' as const },
            ]}
          />
        </section>
      )}

      {data &&
        kinds.map(({ kind }) => (
          <section key={kind} aria-labelledby={`overview-oldest-${kind}`}>
            <Typography.Title level={2} id={`overview-oldest-${kind}`}>
              {t(`overview.oldest.${kind}`, { count: OLDEST_MAX })}
            </Typography.Title>
            <List
              bordered
              size="small"
              dataSource={data.oldest[kind] ?? []}
              // Said in secondary text, not antd's pale placeholder grey, which readers cannot make out.
              locale={{ emptyText: <Typography.Text type="secondary">{t('overview.nothingWaiting')}</Typography.Text> }}
              renderItem={(item) => (
                <List.Item>
                  <span>
                    {kind === 'JobApplication' ? <Link to={applicationDetailsPath(item.id)}>{item.name}</Link> : item.name}
                    {item.jobTitle && <Typography.Text type="secondary"> · {item.jobTitle}</Typography.Text>}
                  </span>
                  <Typography.Text type="secondary">{t('overview.since', { time: formatTime(item.createdAt) })}</Typography.Text>
                </List.Item>
              )}
            />
            {kind !== 'JobApplication' && <Link to={LIST_OF[kind]}>{t('overview.openList')}</Link>}
          </section>
        ))}
    </Space>
  );
}
