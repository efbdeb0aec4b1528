import { useTranslation } from 'react-i18next';
import { App as AntApp } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '../../../../shared/api.js';
import { refusalReasonOf } from '../../../../shared/refusals.js';
import { officeEntity } from '../../../../shared/schemas/office.js';
import type { Office } from '../../../../shared/schemas/office.js';
import { ApiError, api } from '../../../api/client.js';
import { OfficeForm, countryOptions } from '../../../admin/office-form.js';
import { ResourceScreen } from '../../../admin/resource-screen.js';
import { MissingTranslationTags } from '../../../admin/translation-tabs.js';

/** Offices (docs/decisions/0058): where jobs are; create, edit in both languages, reorder, delete. */
export default function Offices() {
  const { t, i18n } = useTranslation('admin');
  const countries = countryOptions(i18n.language);
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();

  // An office jobs still name cannot go: say how many (counted now; the list may be older) and what to do.
  const explainInUse = async (error: unknown, office: Office) => {
    if (!(error instanceof ApiError && error.errorCode === ErrorCode.conflict && refusalReasonOf(error.errorCode, error.data) === 'office-in-use')) return false;
    const fresh = await api<Office>(`${officeEntity.name}/${office.id}`, { method: 'GET' }).catch(() => office);
    message.error(t('offices.inUse', { count: fresh.jobCount }), 8);
    await queryClient.invalidateQueries({ queryKey: [officeEntity.name] });
    return true;
  };

  return (
    <ResourceScreen
      entity={officeEntity}
      module="jobs"
      title={t('offices.title')}
      columns={['name', 'city', 'country', 'sortOrder', 'jobCount', 'updatedAt']}
      render={{
        name: (_value, office) => (
          <>
            {office.name} <MissingTranslationTags spec={officeEntity.translatable!} record={office} />
          </>
        ),
        country: (code: string) => countries.find((country) => country.value === code)?.label ?? code,
      }}
      filterChoices={{ country: countries.map(({ value, label }) => ({ value, label })) }}
      defaultSort={{ field: 'sortOrder', order: 'asc' }}
      form={{
        createTitle: t('offices.create'),
        editTitle: t('offices.edit'),
        dialog: (record, title, close, readOnly) => <OfficeForm record={record} title={title} onClose={close} readOnly={readOnly} />,
      }}
      remove={{ method: 'DELETE', onRefused: explainInUse }}
      bulk={{ delete: true }}
    />
  );
}
