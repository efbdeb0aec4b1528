import { useTranslation } from 'react-i18next';
import { App as AntApp } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '../../shared/api.js';
import type { Category, newsCategoryEntity } from '../../shared/schemas/category.js';
import { ApiError, api } from '../api/client.js';
import { ResourceScreen } from './resource-screen.js';

/** News and job categories: create, rename, reorder, delete (a category in use says why it cannot go). */
export function CategoryScreen({ entity, title }: { entity: typeof newsCategoryEntity; title: string }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();

  // The server refuses to delete a category that still holds items: say how many (counted now, the
  // list may be older than the refusal) and how to proceed.
  const explainInUse = async (error: unknown, category: Category) => {
    if (!(error instanceof ApiError && error.errorCode === ErrorCode.conflict)) return false;
    const fresh = await api<Category>(`${entity.name}/${category.id}`, { method: 'GET' }).catch(() => category);
    message.error(t('categories.inUse', { count: fresh.itemCount }), 8);
    await queryClient.invalidateQueries({ queryKey: [entity.name] });
    return true;
  };

  return (
    <ResourceScreen
      module={entity.name === 'JobCategory' ? 'jobs' : 'news'}
      entity={entity}
      title={title}
      columns={['name', 'sortOrder', 'itemCount', 'updatedAt']}
      defaultSort={{ field: 'sortOrder', order: 'asc' }}
      form={{ createTitle: t('categories.create'), editTitle: t('categories.rename') }}
      remove={{ method: 'POST', onRefused: explainInUse }}
      bulk={{ delete: true }}
    />
  );
}
