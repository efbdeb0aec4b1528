import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Popconfirm } from 'antd';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import type { ModuleKey } from '../../shared/modules.js';
import { useCanWrite } from './session-context.js';

/** The records holding someone's personal data that staff can erase or anonymise (docs/decisions/0043). */
export type ErasableEntity = 'JobApplication' | 'ContactInfo' | 'JoinUs';

/** Whose write an erasure is: the module of its records (docs/decisions/0059). */
const MODULE_OF = { JobApplication: 'applications', ContactInfo: 'contact', JoinUs: 'joinus' } as const satisfies Record<ErasableEntity, ModuleKey>;

/**
 * "Delete" (`DELETE {E}/{id}`) and "Anonymise" (`POST {E}/{id}/Anonymise`), each behind a
 * confirmation that says what goes and what stays. An anonymised record offers only Delete.
 */
export function ErasureActions({ entity, id, anonymised, size, onDeleted }: { entity: ErasableEntity; id: number; anonymised: boolean; size?: 'small'; onDeleted?: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const writable = useCanWrite(MODULE_OF[entity]);
  const run = async (action: 'delete' | 'anonymise') => {
    try {
      if (action === 'delete') await api(`${entity}/${id}`, { method: 'DELETE' });
      else await api(`${entity}/${id}/Anonymise`, { body: {} });
      message.success(t(action === 'delete' ? 'erasure.deleted' : 'erasure.anonymisedDone'));
      if (action === 'delete') onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: [entity] });
    } catch (error) {
      message.error(errorText(error, t));
    }
  };
  if (!writable) return null;
  return (
    <>
      {!anonymised && (
        <Popconfirm
          title={t('erasure.anonymise')}
          description={<div style={{ maxWidth: 360 }}>{t(`erasure.confirmAnonymise.${entity}`)}</div>}
          okText={t('erasure.anonymise')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run('anonymise')}
        >
          <Button size={size}>{t('erasure.anonymise')}</Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('erasure.delete')}
        description={<div style={{ maxWidth: 360 }}>{t(`erasure.confirmDelete.${entity}`)}</div>}
        okText={t('erasure.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => run('delete')}
      >
        <Button size={size} danger>
          {t('erasure.delete')}
        </Button>
      </Popconfirm>
    </>
  );
}
