import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUSES, INQUIRY_STATUSES } from '../../shared/status.js';
import { Tag } from './ui/controls.js';
import type { TagColor } from './ui/controls.js';

/** Whose statuses: an application's pipeline, or a contact message's or join-us entry's handling. */
export type StatusKind = 'applications' | 'inquiries';

/** Each status' colour, by its id: the pipeline's, and the inquiries' four. */
const COLORS: Record<StatusKind, readonly TagColor[]> = {
  applications: ['default', 'blue', 'gold', 'purple', 'cyan', 'green', 'red'],
  inquiries: ['default', 'blue', 'gold', 'green'],
};

/** The statuses of a kind as a select's options, named in the reader's language. */
export function useStatusOptions(kind: StatusKind) {
  const { t } = useTranslation('admin');
  const statuses = kind === 'applications' ? APPLICATION_STATUSES : INQUIRY_STATUSES;
  return statuses.map((s) => ({ value: s.id, label: t(`${kind}.statuses.${s.id}`) }));
}

/** A status as its coloured tag; drawn without antd, so a list shows it on its first load (docs/decisions/0065). */
export function StatusTag({ kind, statusId }: { kind: StatusKind; statusId: number }) {
  const { t } = useTranslation('admin');
  return <Tag color={COLORS[kind][statusId] ?? 'default'}>{t(`${kind}.statuses.${statusId}`)}</Tag>;
}
