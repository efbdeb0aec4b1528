import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import type { ModuleKey } from '../../shared/modules.js';
import { useCanWrite } from './session-context.js';
import { ConfirmButton } from './ui/confirm.js';
import { useNotices } from './ui/notices.js';

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
  const notices = useNotices();
  const queryClient = useQueryClient();
  const writable = useCanWrite(MODULE_OF[entity]);
  const run = async (action: 'delete' | 'anonymise') => {
    try {
      if (action === 'delete') await api(`${entity}/${id}`, { method: 'DELETE' });
      else await api(`${entity}/${id}/Anonymise`, { body: {} });
      notices.success(t(action === 'delete' ? 'erasure.deleted' : 'erasure.anonymisedDone'));
      if (action === 'delete') onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: [entity] });
    } catch (error) {
      notices.error(errorText(error, t));
    }
  };
  if (!writable) return null;
  return (
    <>
      {!anonymised && (
        <ConfirmButton
          size={size}
          title={t('erasure.anonymise')}
          description={t(`erasure.confirmAnonymise.${entity}`)}
          okText={t('erasure.anonymise')}
          okDanger
          cancelText={t('common.cancel')}
          onConfirm={() => run('anonymise')}
        >
          {t('erasure.anonymise')}
        </ConfirmButton>
      )}
      <ConfirmButton
        size={size}
        danger
        title={t('erasure.delete')}
        description={t(`erasure.confirmDelete.${entity}`)}
        okText={t('erasure.delete')}
        cancelText={t('common.cancel')}
        onConfirm={() => run('delete')}
      >
        {t('erasure.delete')}
      </ConfirmButton>
    </>
  );
}
