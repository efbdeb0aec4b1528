import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Descriptions, Drawer, Popconfirm, Space } from 'antd';
import type { ContactInfo, JoinUs } from '../../shared/schemas/inquiry.js';
import { COOPERATION_TYPES } from '../../shared/choices.js';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import { ResourceList } from './resource-list.js';
import type { CsvColumn } from './resource-list.js';
import { History, StatusChange, StatusTag, formatTime, useStatusOptions } from './status.js';

type Inquiry = ContactInfo | JoinUs;

/** Contact messages and join-us entries: list, read, move through statuses with notes, delete, export. */
export function InquiryScreen({ entity }: { entity: 'ContactInfo' | 'JoinUs' }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const statusOptions = useStatusOptions('inquiries');
  const [openId, setOpenId] = useState<number | null>(null);
  const [moving, setMoving] = useState<Inquiry | null>(null);
  const isContact = entity === 'ContactInfo';

  const remove = async (id: number) => {
    try {
      await api(`${entity}/${id}`, { method: 'DELETE' });
      message.success(t('common.deleted'));
      await queryClient.invalidateQueries({ queryKey: [entity] });
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  const csv: CsvColumn<Inquiry>[] = [
    { title: 'ID', value: (r) => r.id },
    { title: t('inquiries.name'), value: (r) => r.name },
    { title: t('inquiries.company'), value: (r) => r.company },
    { title: t('inquiries.email'), value: (r) => r.email },
    { title: t('inquiries.phone'), value: (r) => r.phone },
    ...(isContact
      ? [{ title: t('inquiries.subject'), value: (r: Inquiry) => (r as ContactInfo).subject }]
      : [
          { title: t('inquiries.region'), value: (r: Inquiry) => (r as JoinUs).region },
          { title: t('inquiries.cooperationType'), value: (r: Inquiry) => ((r as JoinUs).cooperationType ? t(`inquiries.types.${(r as JoinUs).cooperationType}`) : '') },
        ]),
    { title: t('inquiries.message'), value: (r) => r.message },
    { title: t('common.status'), value: (r) => t(`inquiries.statuses.${r.statusId}`) },
    { title: t('common.createdAt'), value: (r) => r.createdAt },
  ];

  return (
    <>
      <h1>{isContact ? t('inquiries.contactTitle') : t('inquiries.joinUsTitle')}</h1>
      <ResourceList<Inquiry>
        entity={entity}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        filters={[
          { name: 'statusId', label: t('common.status'), options: statusOptions },
          ...(isContact ? [] : [{ name: 'cooperationType', label: t('inquiries.cooperationType'), options: COOPERATION_TYPES.map((v) => ({ value: v, label: t(`inquiries.types.${v}`) })) }]),
          { name: 'created', label: t('common.dateRange'), kind: 'dateRange' as const },
        ]}
        csv={{ name: entity, columns: csv }}
        columns={[
          { title: t('inquiries.name'), dataIndex: 'name', key: 'name', sorter: true },
          { title: t('inquiries.company'), dataIndex: 'company', key: 'company' },
          isContact ? { title: t('inquiries.subject'), dataIndex: 'subject', key: 'subject' } : { title: t('inquiries.region'), dataIndex: 'region', key: 'region', sorter: true },
          { title: isContact ? t('inquiries.email') : t('inquiries.phone'), dataIndex: isContact ? 'email' : 'phone', key: 'contact' },
          { title: t('common.status'), dataIndex: 'statusId', key: 'statusId', sorter: true, render: (value: number) => <StatusTag kind="inquiries" statusId={value} /> },
          { title: t('common.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, defaultSortOrder: 'descend', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: Inquiry) => (
              <Space>
                <Button size="small" onClick={() => setOpenId(row.id)}>
                  {t('common.view')}
                </Button>
                <Button size="small" onClick={() => setMoving(row)}>
                  {t('common.changeStatus')}
                </Button>
                <Popconfirm title={t('common.confirmDelete')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => remove(row.id)}>
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {openId !== null && <InquiryDrawer entity={entity} id={openId} onClose={() => setOpenId(null)} onMove={setMoving} />}
      {moving && <StatusChange entity={entity} kind="inquiries" id={moving.id} statusId={moving.statusId} onClose={() => setMoving(null)} />}
    </>
  );
}

function InquiryDrawer({ entity, id, onClose, onMove }: { entity: string; id: number; onClose: () => void; onMove: (row: Inquiry) => void }) {
  const { t } = useTranslation('admin');
  const { data } = useQuery({ queryKey: [entity, 'one', id], queryFn: () => api<Inquiry>(`${entity}/${id}`, { method: 'GET' }) });
  return (
    <Drawer open title={t('inquiries.details')} onClose={onClose} width={520} extra={data && <Button onClick={() => onMove(data)}>{t('common.changeStatus')}</Button>}>
      {data && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('inquiries.name')}>{data.name}</Descriptions.Item>
            <Descriptions.Item label={t('inquiries.company')}>{data.company || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('inquiries.email')}>{data.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('inquiries.phone')}>{data.phone || '—'}</Descriptions.Item>
            {'subject' in data && <Descriptions.Item label={t('inquiries.subject')}>{data.subject || '—'}</Descriptions.Item>}
            {'region' in data && <Descriptions.Item label={t('inquiries.region')}>{data.region || '—'}</Descriptions.Item>}
            {'cooperationType' in data && <Descriptions.Item label={t('inquiries.cooperationType')}>{data.cooperationType ? t(`inquiries.types.${data.cooperationType}`) : '—'}</Descriptions.Item>}
            <Descriptions.Item label={t('inquiries.message')}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{data.message}</div>
            </Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <StatusTag kind="inquiries" statusId={data.statusId} />
            </Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>{formatTime(data.createdAt)}</Descriptions.Item>
          </Descriptions>
          <h3 style={{ marginTop: 24 }}>{t('common.history')}</h3>
          <History kind="inquiries" history={data.history ?? []} />
        </>
      )}
    </Drawer>
  );
}
