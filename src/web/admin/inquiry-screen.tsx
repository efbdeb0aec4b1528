import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Space } from 'antd';
import type { ContactInfo, JoinUs, contactInfoEntity, joinUsEntity } from '../../shared/schemas/inquiry.js';
import { api } from '../api/client.js';
import { showValue } from './resource-columns.js';
import { ResourceScreen } from './resource-screen.js';
import type { FieldOf } from './resource-screen.js';
import { History, InternalNoteEdit, StatusChange } from './status.js';
import { StatusTag, useStatusOptions } from './status-tag.js';
import { useFieldText } from './use-field-text.js';
import { ErasureActions } from './erasure-actions.js';
import { useCanWrite } from './session-context.js';
import { AgreedPrivacyVersion } from './privacy-notice-version.js';
import type { ErasableEntity } from './erasure-actions.js';
import type { FieldText } from './use-field-text.js';

type InquiryEntity = typeof contactInfoEntity | typeof joinUsEntity;
type Inquiry = ContactInfo | JoinUs;

/** Where the catalogue names an inquiry's statuses and partnership types (the status texts are shared with the status dialog). */
const VALUES = { statusId: 'inquiries.statuses', cooperationType: 'inquiries.types' };
const statusTag = (statusId: number) => <StatusTag kind="inquiries" statusId={statusId} />;

/**
 * Contact messages and join-us entries: list, read, move through statuses with notes, delete or
 * anonymise (behind a confirmation saying what goes), export.
 * Each kind names its columns and the fields only it has (shown in the details and the export).
 */
export function InquiryScreen<E extends InquiryEntity>({ entity, title, columns, ownFields }: { entity: E; title: string; columns: readonly FieldOf<E>[]; ownFields: readonly FieldOf<E>[] }) {
  const { t } = useTranslation('admin');
  const text = useFieldText(entity.name, VALUES);
  const statusOptions = useStatusOptions('inquiries');
  const [moving, setMoving] = useState<Inquiry | null>(null);
  const detailFields = ['name', 'company', 'email', 'phone', ...ownFields, 'message', 'statusId', 'createdAt', 'privacyVersion'] as const;

  return (
    <>
      <ResourceScreen<InquiryEntity>
        module={entity.name === 'JoinUs' ? 'joinus' : 'contact'}
        entity={entity}
        title={title}
        columns={columns}
        rowFields={['statusId', 'anonymisedAt']}
        render={{ statusId: statusTag }}
        values={VALUES}
        filterChoices={{ statusId: statusOptions }}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        exportable
        bulk={{ statuses: statusOptions, export: true }}
        details={(row, close) => <InquiryDrawer entity={entity} id={row.id} fields={detailFields} text={text} onClose={close} onMove={setMoving} />}
        rowActions={(row) => (
          <>
            <Button size="small" onClick={() => setMoving(row)}>
              {t('common.changeStatus')}
            </Button>
            <ErasureActions entity={entity.name as ErasableEntity} id={row.id} anonymised={!!row.anonymisedAt} size="small" />
          </>
        )}
      />
      {moving && <StatusChange entity={entity.name} kind="inquiries" id={moving.id} statusId={moving.statusId} onClose={() => setMoving(null)} />}
    </>
  );
}

function InquiryDrawer({ entity, id, fields, text, onClose, onMove }: { entity: InquiryEntity; id: number; fields: readonly string[]; text: FieldText; onClose: () => void; onMove: (row: Inquiry) => void }) {
  const { t } = useTranslation('admin');
  const { data } = useQuery({ queryKey: [entity.name, 'one', id], queryFn: () => api<Inquiry>(`${entity.name}/${id}`, { method: 'GET' }) });
  const [noting, setNoting] = useState(false);
  const writable = useCanWrite(entity.name === 'JoinUs' ? 'joinus' : 'contact');
  const shown = (field: string, value: unknown) => {
    if (field === 'statusId') return statusTag(value as number);
    // A message keeps the visitor's line breaks.
    if (field === 'message') return <div style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</div>;
    if (field === 'privacyVersion') return <AgreedPrivacyVersion version={(value as number | null | undefined) ?? null} />;
    return showValue(entity, text, field, value) || '—';
  };
  return (
    <Drawer
      open
      title={t('inquiries.details')}
      onClose={onClose}
      width={520}
      extra={
        data &&
        writable && (
          <Space>
            <Button onClick={() => setNoting(true)}>{t('common.editNote')}</Button>
            <Button onClick={() => onMove(data)}>{t('common.changeStatus')}</Button>
            <ErasureActions entity={entity.name as ErasableEntity} id={id} anonymised={!!data.anonymisedAt} onDeleted={onClose} />
          </Space>
        )
      }
    >
      {data && noting && <InternalNoteEdit entity={entity.name} id={id} note={data.note} onClose={() => setNoting(false)} />}
      {data && (
        <>
          <Descriptions column={1} bordered size="small">
            {fields.map((field) => (
              <Descriptions.Item key={field} label={text.label(field)}>
                {shown(field, (data as Record<string, unknown>)[field])}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <h3 style={{ marginTop: 24 }}>{t('common.history')}</h3>
          <History kind="inquiries" history={data.history ?? []} />
        </>
      )}
    </Drawer>
  );
}
