import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Input, Modal, Select, Space } from 'antd';
import { BULK_MAX } from '../../shared/bulk.js';
import { MESSAGE_MAX } from '../../shared/fields.js';
import type { BulkAnswer } from '../../shared/bulk.js';
import { ErrorCode, isConflictReason } from '../../shared/api.js';
import { api } from '../api/client.js';
import { downloadSelection } from './download.js';
import { errorText } from './error-text.js';
import AntdScope from './antd-scope.js';

/** What a list can do to many rows at once (docs/decisions/0057); each needs its server call. */
export interface BulkActions {
  /** `POST {E}/Bulk/Delete`. */
  delete?: boolean;
  /** `POST {E}/Bulk/Status`, to one of these. */
  statuses?: { value: number; label: string }[];
  /** `POST {E}/Bulk/Export` of the ticked rows; every matching row is the list's own export. */
  export?: boolean;
}

/** The rows chosen: those ticked, or every row the list's keyword and filters match. */
export type Chosen = { ids: number[] } | { matching: { keyword?: string; filters?: Record<string, unknown> }; total: number };

export const chosenCount = (chosen: Chosen) => ('ids' in chosen ? chosen.ids.length : chosen.total);

/**
 * The bar above a list when rows are chosen: how many, the choice of every matching row, and the
 * actions. Each action says what it will do and to how many before it runs, shows that it is
 * running, and answers what was done and what was refused, row by row.
 */
type BulkBarProps = Parameters<typeof BulkBar>[0];

/**
 * The bar as a list loads it, with the first ticked row, inside antd's scope, which the list's own
 * screen may not have. The list keeps it once loaded, with nothing chosen too: what an action reports
 * (done, refused row by row) is shown by the scope and outlives the choice the action cleared.
 */
export default function ScopedBulkBar({ chosen, ...props }: Omit<BulkBarProps, 'chosen'> & { chosen: Chosen | null }) {
  return <AntdScope>{chosen && <BulkBar {...props} chosen={chosen} />}</AntdScope>;
}

export function BulkBar(props: {
  entity: string;
  actions: BulkActions;
  chosen: Chosen;
  /** Rows the list's filters match; offered as a choice when more than the ticked ones. */
  total: number;
  onChooseAll: () => void;
  onClear: () => void;
  /** Exports every matching row (the list's own export), for a choice of all of them. */
  onExportAll: () => Promise<void>;
}) {
  const { entity, actions, chosen, total } = props;
  const { t, i18n } = useTranslation('admin');
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<'delete' | 'status' | 'export' | null>(null);
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const count = chosenCount(chosen);
  const all = 'matching' in chosen;
  const selection = all ? { matching: chosen.matching } : { ids: chosen.ids };

  const refusalText = (refusal: BulkAnswer['refused'][number]) => {
    if (refusal.errorCode === ErrorCode.notFound) return t('bulk.refusedGone');
    if (refusal.errorCode === ErrorCode.conflict && isConflictReason(refusal.reason)) return t(`errors.conflicts.${refusal.reason}`);
    return t('bulk.refusedOther');
  };

  const report = (answer: BulkAnswer) => {
    if (answer.done.length) message.success(t('bulk.done', { count: answer.done.length }));
    if (answer.refused.length) {
      modal.warning({
        title: t('bulk.refused', { count: answer.refused.length }),
        content: (
          <ul className="bulk-refusals">
            {answer.refused.map((refusal) => (
              <li key={refusal.id}>{t('bulk.refusedRow', { id: refusal.id, reason: refusalText(refusal) })}</li>
            ))}
          </ul>
        ),
        okText: t('bulk.ok'),
      });
    }
  };

  const run = async (kind: 'delete' | 'status', call: () => Promise<BulkAnswer>) => {
    setRunning(kind);
    try {
      report(await call());
      props.onClear();
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setRunning(null);
      // Whatever was done before a failure is done: the list shows it.
      await queryClient.invalidateQueries({ queryKey: [entity] });
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('bulk.confirmDelete', { count }),
      content: t('bulk.cannotUndo'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => run('delete', () => api<BulkAnswer>(`${entity}/Bulk/Delete`, { body: selection })),
    });

  const move = () => {
    const status = actions.statuses?.find((s) => s.value === moveTo);
    if (!status) return;
    void run('status', () => api<BulkAnswer>(`${entity}/Bulk/Status`, { body: { ...selection, statusId: status.value, ...(note.trim() ? { note: note.trim() } : {}) } })).then(() => {
      setMoveTo(null);
      setNote('');
    });
  };

  const exportChosen = async () => {
    setRunning('export');
    try {
      if (all) await props.onExportAll();
      else await downloadSelection(entity, chosen.ids, i18n.language);
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setRunning(null);
    }
  };

  const tooMany = all && count > BULK_MAX;
  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.region')}>
      <Space wrap>
        <span aria-live="polite">{all ? t('bulk.allChosen', { count }) : t('bulk.chosen', { count })}</span>
        {!all && total > count && (
          <Button type="link" onClick={props.onChooseAll}>
            {t('bulk.chooseAll', { total })}
          </Button>
        )}
        <Button type="link" onClick={props.onClear}>
          {t('bulk.clear')}
        </Button>
        {tooMany && <span className="bulk-too-many">{t('bulk.tooMany', { max: BULK_MAX })}</span>}
        {actions.statuses && (
          <Button disabled={tooMany || running !== null} loading={running === 'status'} onClick={() => setMoveTo(actions.statuses![0].value)}>
            {t('bulk.move')}
          </Button>
        )}
        {actions.export && (
          <Button disabled={running !== null} loading={running === 'export'} onClick={() => void exportChosen()}>
            {t('bulk.export')}
          </Button>
        )}
        {actions.delete && (
          <Button danger disabled={tooMany || running !== null} loading={running === 'delete'} onClick={confirmDelete}>
            {t('bulk.delete')}
          </Button>
        )}
      </Space>
      {moveTo !== null && actions.statuses && (
        <Modal
          open
          title={t('bulk.moveTitle', { count })}
          okText={t('bulk.moveConfirm')}
          cancelText={t('common.cancel')}
          confirmLoading={running === 'status'}
          onOk={move}
          onCancel={() => setMoveTo(null)}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <label htmlFor="bulk-status">{t('bulk.moveTo')}</label>
            <Select id="bulk-status" style={{ width: '100%' }} value={moveTo} options={actions.statuses} onChange={(value: number) => setMoveTo(value)} />
            <label htmlFor="bulk-note">{t('bulk.note')}</label>
            <Input.TextArea id="bulk-note" rows={3} maxLength={MESSAGE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
          </Space>
        </Modal>
      )}
    </div>
  );
}
