import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input, InputNumber, Popconfirm, Space } from 'antd';
import { ErrorCode } from '../../shared/api.js';
import type { Category } from '../../shared/schemas/category.js';
import { categoryCreateSchema } from '../../shared/schemas/category.js';
import { zodRule } from './zod-rule.js';
import { ApiError, api } from '../api/client.js';
import { errorText } from './error-text.js';
import { ResourceList } from './resource-list.js';
import { formatTime } from './status.js';
import { FormDialog } from './form-dialog.js';
import { useDialogSubmit } from './use-dialog-submit.js';

/** News and job categories: create, rename, reorder, delete (a category in use says why it cannot go). */
export function CategoryScreen({ entity, title }: { entity: 'NewsCategory' | 'JobCategory'; title: string }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Partial<Category> | null>(null);

  const remove = async (category: Category) => {
    try {
      await api(`${entity}/${category.id}`, { body: {} });
      message.success(t('common.deleted'));
      await queryClient.invalidateQueries({ queryKey: [entity] });
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === ErrorCode.conflict) {
        // The server refuses to delete a category that still holds items: say how many (counted
        // now, the list may be older than the refusal) and how to proceed.
        const fresh = await api<Category>(`${entity}/${category.id}`, { method: 'GET' }).catch(() => category);
        message.error(t('categories.inUse', { count: fresh.itemCount }), 8);
        await queryClient.invalidateQueries({ queryKey: [entity] });
      } else {
        message.error(errorText(error, t));
      }
    }
  };

  return (
    <>
      <h1>{title}</h1>
      <ResourceList<Category>
        entity={entity}
        defaultSort={{ field: 'sortOrder', order: 'asc' }}
        toolbar={
          <Button type="primary" onClick={() => setEditing({ name: '', sortOrder: 0 })}>
            {t('categories.create')}
          </Button>
        }
        columns={[
          { title: t('common.name'), dataIndex: 'name', key: 'name', sorter: true },
          { title: t('common.sortOrder'), dataIndex: 'sortOrder', key: 'sortOrder', sorter: true, defaultSortOrder: 'ascend' },
          { title: t('common.itemCount'), dataIndex: 'itemCount', key: 'itemCount' },
          { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: Category) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm title={t('common.confirmDelete')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => remove(row)}>
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <CategoryForm entity={entity} category={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CategoryForm({ entity, category, onClose }: { entity: string; category: Partial<Category>; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; sortOrder: number }>();
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    await api(category.id ? `${entity}/Update` : entity, { body: category.id ? { id: category.id, ...values } : values });
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: [entity] });
    onClose();
  });
  return (
    <FormDialog title={category.id ? t('categories.rename') : t('categories.create')} saving={saving} onSave={submit} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ name: category.name, sortOrder: category.sortOrder ?? 0 }}>
        <Form.Item name="name" label={t('common.name')} required rules={[zodRule(categoryCreateSchema.shape.name, t)]}>
          <Input />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('common.sortOrder')} rules={[zodRule(categoryCreateSchema.shape.sortOrder, t)]}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
