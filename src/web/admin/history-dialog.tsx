import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Empty, Modal, Space, Table } from 'antd';
import type { Page } from '../../shared/api.js';
import type { RevisionRecord, RevisionSummary } from '../../shared/schemas/revision.js';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import { compareVersions } from './revision-diff.js';
import type { FieldDiff } from './revision-diff.js';
import { formatTime } from './time.js';
import { useReadOnly } from './read-only.js';

/**
 * "History" of a news item, job, page or the site settings (docs/decisions/0037): the versions each
 * save replaced, newest first; tick two to compare them (or one, against the current version), and
 * restore one after a confirmation. Every text is compared as text: HTML is never rendered here.
 */

const PAGE_SIZE = 10;

/** `path` is the record's API path: `News/5`, `Page/about`, `Site`. */
export function HistoryButton(props: Omit<HistoryDialogProps, 'open' | 'onClose'>) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('revisions.open')}</Button>
      {open && <HistoryDialog {...props} open onClose={() => setOpen(false)} />}
    </>
  );
}

export interface HistoryDialogProps {
  path: string;
  /** The record as it is now, to compare a version with. */
  current: Record<string, unknown>;
  open: boolean;
  onClose: () => void;
  /** After a restore, with the record as it is now. */
  onRestored?: (record: Record<string, unknown>) => void;
  /** A field's label (`title`, `blocks.0.html.zh-CN`); the path itself when not given. */
  fieldLabel?: (field: string) => string;
}

export function HistoryDialog({ path, current, open, onClose, onRestored, fieldLabel = (field) => field }: HistoryDialogProps) {
  const readOnly = useReadOnly();
  const { t } = useTranslation('admin');
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const [comparison, setComparison] = useState<{ from: string; to: string; diffs: FieldDiff[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['Revisions', path, page],
    queryFn: () => api<Page<RevisionSummary>>(`${path}/Revisions?page=${page}&pageSize=${PAGE_SIZE}`, { method: 'GET' }),
  });
  const readOne = (id: number) => api<RevisionRecord>(`${path}/Revisions/${id}`, { method: 'GET' });
  const nameOf = (revision: RevisionSummary) => `${formatTime(revision.createdAt)}${revision.userName ? ` · ${revision.userName}` : ''}`;

  const compare = async () => {
    setBusy(true);
    try {
      const chosen = [...picked].sort((a, b) => a - b);
      const versions = await Promise.all(chosen.map(readOne));
      const [older, newer] = versions;
      setComparison(
        newer
          ? { from: nameOf(older!), to: nameOf(newer), diffs: compareVersions(older!.record, newer.record) }
          : { from: nameOf(older!), to: t('revisions.current'), diffs: compareVersions(older!.record, current) },
      );
    } catch (error) {
      message.error(t('revisions.loadFailed', { message: errorText(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  const restore = (revision: RevisionSummary) =>
    modal.confirm({
      title: t('revisions.restore'),
      content: t('revisions.restoreConfirm'),
      okText: t('revisions.restore'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const record = await api<Record<string, unknown>>(`${path}/Restore`, { body: { revisionId: revision.id } });
          message.success(t('revisions.restored'));
          await queryClient.invalidateQueries({ queryKey: ['Revisions', path] });
          onRestored?.(record);
          setComparison(null);
          setPicked([]);
        } catch (error) {
          message.error(errorText(error, t));
        }
      },
    });

  return (
    <Modal open={open} title={t('revisions.title')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {list.error ? (
        <Alert type="error" showIcon message={t('revisions.loadFailed', { message: errorText(list.error, t) })} />
      ) : (
        <>
          <p>{t('revisions.pickTwo')}</p>
          <Table<RevisionSummary>
            rowKey="id"
            size="small"
            loading={list.isLoading}
            dataSource={list.data?.items ?? []}
            locale={{ emptyText: <Empty description={t('revisions.empty')} /> }}
            rowSelection={{
              selectedRowKeys: picked,
              // A version ticked on another page stays ticked: otherwise it is dropped unseen, and the
              // comparison is with the current version instead.
              preserveSelectedRowKeys: true,
              onChange: (keys) => setPicked((keys as number[]).slice(-2)),
              getCheckboxProps: (row) => ({ 'aria-label': `${t('revisions.version')} ${nameOf(row)}` }),
            }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.meta.total ?? 0,
              onChange: setPage,
              showTotal: (total) => t('common.total', { total }),
            }}
            columns={[
              { key: 'createdAt', title: t('revisions.savedAt'), render: (_, row) => formatTime(row.createdAt) },
              { key: 'userName', title: t('revisions.savedBy'), render: (_, row) => row.userName ?? '—' },
              { key: 'summary', title: t('revisions.version'), dataIndex: 'summary' },
              // A restore is a save: not offered to a role that may only read (docs/decisions/0059).
              ...(readOnly
                ? []
                : [
                    {
                      key: 'actions',
                      title: t('common.actions'),
                      render: (_: unknown, row: RevisionSummary) => (
                        <Button size="small" onClick={() => restore(row)}>
                          {t('revisions.restore')}
                        </Button>
                      ),
                    },
                  ]),
            ]}
          />
          <Space>
            <Button type="primary" disabled={picked.length === 0} loading={busy} onClick={compare}>
              {t('revisions.compare')}
            </Button>
          </Space>
          {comparison && <VersionDiff title={t('revisions.compareTitle', { from: comparison.from, to: comparison.to })} diffs={comparison.diffs} fieldLabel={fieldLabel} />}
        </>
      )}
    </Modal>
  );
}

/** Field by field, the words removed (struck through) and added (underlined), as plain text. */
export function VersionDiff({ title, diffs, fieldLabel = (field) => field }: { title: string; diffs: FieldDiff[]; fieldLabel?: (field: string) => string }) {
  const { t } = useTranslation('admin');
  return (
    <section className="revision-diff" aria-label={title}>
      <h3>{title}</h3>
      <p className="revision-diff-legend">{t('revisions.legend')}</p>
      {diffs.length === 0 ? (
        <p>{t('revisions.noDifferences')}</p>
      ) : (
        diffs.map((diff) => (
          <div key={diff.field} className="revision-diff-field">
            <h4>{fieldLabel(diff.field)}</h4>
            <div className="revision-diff-text">
              {diff.parts.map((part, index) =>
                part.removed ? (
                  <del key={index} title={t('revisions.removed')}>
                    {part.text}
                  </del>
                ) : part.added ? (
                  <ins key={index} title={t('revisions.added')}>
                    {part.text}
                  </ins>
                ) : (
                  <span key={index}>{part.text}</span>
                ),
              )}
            </div>
          </div>
        ))
      )}
    </section>
  );
}
