import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Checkbox, Descriptions, Form, Input, Select, Spin, Timeline } from 'antd';
import type { CandidateEmailPreview } from '../../shared/schemas/candidate-email.js';
import { applicationStatusMoveSchema, internalNoteSchema } from '../../shared/status.js';
import type { StatusHistoryEntry } from '../../shared/status.js';
import { zodRule } from './zod-rule.js';
import { api } from '../api/client.js';
import { FormDialog } from './form-dialog.js';
import { useDialogSubmit } from './use-dialog-submit.js';
import { useCandidateEmailTemplates } from './candidate-email-templates.js';
import { errorText } from './error-text.js';
import { formatTime } from './time.js';
import { StatusTag, useStatusOptions } from './status-tag.js';
import type { StatusKind } from './status-tag.js';
import AntdScope from './antd-scope.js';

/**
 * Moves a record to another status with a note; the server keeps every move as history. An
 * application's move offers to send the applicant the new status' e-mail when it has one switched
 * on, and shows exactly what would be sent before it is confirmed (docs/decisions/0056).
 */
export function StatusChange({ entity, kind, id, statusId, onDone, onClose }: { entity: string; kind: StatusKind; id: number; statusId: number; onDone?: () => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const options = useStatusOptions(kind);
  const [form] = Form.useForm<{ statusId: number; note?: string; sendEmail?: boolean }>();
  const target = Form.useWatch('statusId', form) ?? statusId;
  const sendEmail = Form.useWatch('sendEmail', form) === true;
  const templates = useCandidateEmailTemplates(kind === 'applications');
  const hasEmail = kind === 'applications' && !!templates.data?.items.some((template) => template.statusId === target && template.enabled);
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    const body = { statusId: values.statusId, ...(values.note?.trim() ? { note: values.note.trim() } : {}), ...(hasEmail && values.sendEmail ? { sendEmail: true } : {}) };
    await api(`${entity}/${id}`, { body });
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: [entity] });
    onDone?.();
    onClose();
  });
  return (
    <FormDialog title={t('common.changeStatus')} saving={saving} onSave={submit} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ statusId, sendEmail: false }}>
        <Form.Item name="statusId" label={t('common.status')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select options={options} />
        </Form.Item>
        {/* Kept with this move in the history; the record's internal note is edited on its own. */}
        <Form.Item name="note" label={t('common.moveNote')} rules={[zodRule(applicationStatusMoveSchema.shape.note, t)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        {hasEmail && (
          <Form.Item name="sendEmail" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('candidateEmails.sendEmail')}</Checkbox>
          </Form.Item>
        )}
        {hasEmail && sendEmail && <EmailPreview entity={entity} id={id} statusId={target} />}
      </Form>
    </FormDialog>
  );
}

/** What moving the application to `statusId` would send, as the server renders it. */
function EmailPreview({ entity, id, statusId }: { entity: string; id: number; statusId: number }) {
  const { t } = useTranslation('admin');
  const preview = useQuery({
    queryKey: [entity, 'email-preview', id, statusId],
    queryFn: () => api<CandidateEmailPreview>(`${entity}/${id}/EmailPreview?statusId=${statusId}`, { method: 'GET' }),
    staleTime: 0,
  });
  if (preview.error) return <Alert type="error" showIcon message={t('candidateEmails.previewFailed', { message: errorText(preview.error, t) })} />;
  if (!preview.data) return <Spin aria-label={t('candidateEmails.previewLoading')} />;
  const mail = preview.data;
  return (
    <section aria-label={t('candidateEmails.previewTitle')}>
      <Descriptions title={t('candidateEmails.previewTitle')} column={1} size="small" bordered>
        <Descriptions.Item label={t('candidateEmails.to')}>{mail.to}</Descriptions.Item>
        <Descriptions.Item label={t('candidateEmails.language')}>{t(`candidateEmails.languages.${mail.locale}`)}</Descriptions.Item>
        <Descriptions.Item label={t('candidateEmails.subject')}>{mail.subject}</Descriptions.Item>
        <Descriptions.Item label={t('candidateEmails.body')}>
          <div lang={mail.locale} style={{ whiteSpace: 'pre-wrap' }}>
            {mail.body}
          </div>
        </Descriptions.Item>
      </Descriptions>
    </section>
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
            {h.email && (
              <p style={{ margin: '4px 0 0' }}>
                {h.email.to ? t('candidateEmails.sent', { to: h.email.to, subject: h.email.subject, interpolation: { escapeValue: false } }) : t('candidateEmails.sentErased')}
              </p>
            )}
          </div>
        ),
      }))}
    />
  );
}

// In their own module, so that screens that only show times do not load the status dialogs.
export { formatTime, setTimeLocale } from './time.js';

/**
 * The status dialog as a list loads it, with the first move: inside antd's scope, which a list drawn
 * without antd does not have. The list keeps it once loaded, closed too, so the notice of a move
 * outlives the dialog (docs/decisions/0065).
 */
export function ScopedStatusChange({ open, ...props }: Parameters<typeof StatusChange>[0] & { open: boolean }) {
  return <AntdScope>{open && <StatusChange {...props} />}</AntdScope>;
}
