import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Descriptions, Drawer, Empty, Tag } from 'antd';
import { ADMIN_PATHS, applicationDetailsPath, jobEditPath, newsEditPath } from '../../shared/paths.js';
import { AUDIT_ENTITIES, auditEventEntity } from '../../shared/schemas/audit.js';
import type { AuditEvent } from '../../shared/schemas/audit.js';
import { ResourceScreen } from './resource-screen.js';
import { formatTime } from './time.js';
import { useFieldText } from './use-field-text.js';

const VALUES = { action: 'audit.actions', entity: 'audit.entities' };

/** Where a record is edited, for the kinds that have an editor of their own. */
export function editorPathOf(entity: string | null, id: string | null): string | null {
  if (!entity || !id) return null;
  const number = /^\d+$/.test(id) ? Number(id) : null;
  switch (entity) {
    case 'News':
      return number === null ? null : newsEditPath(number);
    case 'Job':
      return number === null ? null : jobEditPath(number);
    case 'JobApplication':
      return number === null ? null : applicationDetailsPath(number);
    case 'Page':
      return `${ADMIN_PATHS.sitePageEdit}?key=${encodeURIComponent(id)}`;
    case 'Site':
      return ADMIN_PATHS.siteSettings;
    default:
      return null;
  }
}

/** A changed value as a person reads it: text as it is, anything else as JSON, nothing as a dash. */
function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One entry's details, with an update's changes as `field: before → after`. */
function AuditDetails({ row, onClose }: { row: AuditEvent; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const text = useFieldText('AuditLog', VALUES);
  const changes = Object.entries(row.changes ?? {});
  // Records of personal data keep only which fields changed (docs/decisions/0036).
  const valuesKept = changes.some(([, [before, after]]) => before !== null || after !== null);
  return (
    <Drawer open title={t('audit.details')} onClose={onClose} size="large">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={text.label('at')}>{formatTime(row.at)}</Descriptions.Item>
        <Descriptions.Item label={text.label('userName')}>{row.userName ?? '—'}{row.userId !== null ? ` (#${row.userId})` : ''}</Descriptions.Item>
        <Descriptions.Item label={text.label('action')}>{text.valueText('action', row.action)}</Descriptions.Item>
        <Descriptions.Item label={text.label('entity')}>{row.entity ? `${text.valueText('entity', row.entity)} ${row.entityId ?? ''}` : '—'}</Descriptions.Item>
        <Descriptions.Item label={text.label('clientAddress')}>{row.clientAddress ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={text.label('userAgent')}>{row.userAgent ?? '—'}</Descriptions.Item>
      </Descriptions>
      <h3 className="audit-changes-title">{text.label('changes')}</h3>
      {changes.length === 0 ? (
        <Empty description={t('audit.noChanges')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          {!valuesKept && <p>{t('audit.valuesNotKept')}</p>}
          <ul className="audit-changes" aria-label={text.label('changes')}>
            {changes.map(([field, [before, after]]) => (
              <li key={field}>
                <strong>{field}</strong>
                {valuesKept && (
                  <>
                    : <del>{shownValue(before)}</del> → <ins>{shownValue(after)}</ins>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Drawer>
  );
}

/**
 * The audit log (administrators): who did what, when and from where; filters by user (an id or a
 * name), record kind, action and dates; an entry's changes; the export, written by the server.
 */
export function AuditLogScreen() {
  const { t } = useTranslation('admin');
  const text = useFieldText('AuditLog', VALUES);
  return (
    <ResourceScreen
      module="audit"
      entity={auditEventEntity}
      title={t('audit.title')}
      columns={['at', 'userName', 'action', 'entity', 'clientAddress', 'userAgent']}
      values={VALUES}
      defaultSort={{ field: 'at', order: 'desc' }}
      filterChoices={{ entity: AUDIT_ENTITIES.map((value) => ({ value, label: text.valueText('entity', value) })) }}
      extraFilters={[
        {
          name: 'user',
          label: t('audit.userFilter'),
          kind: 'text',
          names: ['userId', 'userName'],
          // Digits are an id; anything else a name (the log keeps the name an entry was made under).
          pick: (value) => (/^\d+$/.test(value) ? ['userId', Number(value)] : ['userName', value]),
        },
      ]}
      render={{
        userName: (value: string | null, row) => (value ?? '—') + (row.userId !== null ? ` (#${row.userId})` : ''),
        action: (value: string) => <Tag>{text.valueText('action', value)}</Tag>,
        entity: (value: string | null, row) => {
          if (!value) return '—';
          const label = `${text.valueText('entity', value)}${row.entityId ? ` ${row.entityId}` : ''}`;
          const path = editorPathOf(value, row.entityId);
          return path ? <Link to={path}>{label}</Link> : label;
        },
      }}
      exportable
      details={(row, close) => <AuditDetails row={row} onClose={close} />}
    />
  );
}
