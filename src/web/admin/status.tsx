import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form, Input, Select, Tag, Timeline } from 'antd';
import { APPLICATION_STATUSES, INQUIRY_STATUSES, applicationStatusMoveSchema, internalNoteSchema } from '../../shared/status.js';
import type { StatusHistoryEntry } from '../../shared/status.js';
import type { Locale } from '../../shared/locale.js';
import { zodRule } from './zod-rule.js';
import { api } from '../api/client.js';
import { FormDialog } from './form-dialog.js';
import { useDialogSubmit } from './use-dialog-submit.js';

export type StatusKind = 'applications' | 'inquiries';

const COLORS = ['default', 'blue', 'gold', 'purple', 'cyan', 'green', 'red'];

export function useStatusOptions(kind: StatusKind) {
  const { t } = useTranslation('admin');
  const statuses = kind === 'applications' ? APPLICATION_STATUSES : INQUIRY_STATUSES;
  return statuses.map((s) => ({ value: s.id, label: t(`${kind}.statuses.${s.id}`) }));
}

export function StatusTag({ kind, statusId }: { kind: StatusKind; statusId: number }) {
  const { t } = useTranslation('admin');
  const color = kind === 'inquiries' ? ['default', 'blue', 'gold', 'green'][statusId] : COLORS[statusId];
  return <Tag color={color}>{t(`${kind}.statuses.${statusId}`)}</Tag>;
}

/** Moves a record to another status with a note; the server keeps every move as history. */
export function StatusChange({ entity, kind, id, statusId, onDone, onClose }: { entity: string; kind: StatusKind; id: number; statusId: number; onDone?: () => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const options = useStatusOptions(kind);
  const [form] = Form.useForm<{ statusId: number; note?: string }>();
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    await api(`${entity}/${id}`, { body: { statusId: values.statusId, ...(values.note?.trim() ? { note: values.note.trim() } : {}) } });
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: [entity] });
    onDone?.();
    onClose();
  });
  return (
    <FormDialog title={t('common.changeStatus')} saving={saving} onSave={submit} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ statusId }}>
        <Form.Item name="statusId" label={t('common.status')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select options={options} />
        </Form.Item>
        {/* Kept with this move in the history; the record's internal note is edited on its own. */}
        <Form.Item name="note" label={t('common.moveNote')} rules={[zodRule(applicationStatusMoveSchema.shape.note, t)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** Edits a record's internal note (`POST {E}/{id}/Note`); status moves never change it. */
export function InternalNoteEdit({ entity, id, note, onClose }: { entity: string; id: number; note: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    await api(`${entity}/${id}/Note`, { body: { note: values.note ?? '' } });
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: [entity] });
    onClose();
  });
  return (
    <FormDialog title={t('common.editNote')} saving={saving} onSave={submit} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ note }}>
        <Form.Item name="note" label={t('common.internalNote')} rules={[zodRule(internalNoteSchema.shape.note, t)]}>
          <Input.TextArea rows={4} autoFocus />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

export function History({ kind, history }: { kind: StatusKind; history: StatusHistoryEntry[] }) {
  const { t } = useTranslation('admin');
  if (!history.length) return <p>{t('common.noHistory')}</p>;
  return (
    <Timeline
      items={history.map((h, index) => ({
        key: index,
        children: (
          <div>
            <StatusTag kind={kind} statusId={h.statusId} /> {formatTime(h.at)} · {h.byUserName === null ? t('common.sentByVisitor') : `${t('common.by')} ${h.byUserName}`}
            {h.note && <p style={{ margin: '4px 0 0' }}>{h.note}</p>}
          </div>
        ),
      }))}
    />
  );
}

/**
 * The back-office's language for dates and times: set by its layout, as it sets dayjs's, so a time
 * is written the way the screen's language writes it, not the way the browser's does (the
 * browser's until a layout has said).
 */
let timeLocale: Locale | undefined;
export const setTimeLocale = (locale: Locale) => {
  timeLocale = locale;
};

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(timeLocale) : '—');
