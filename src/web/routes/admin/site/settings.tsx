import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Skeleton } from 'antd';
import type { SiteSettings } from '../../../../shared/schemas/site.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { SiteSettingsForm, formValuesOf, updateOf } from '../../../admin/site-settings-form.js';
import type { SiteSettingsFormValues } from '../../../admin/site-settings-form.js';
import { useSubmit } from '../../../admin/use-submit.js';

const QUERY_KEY = ['Site', 'edit'];

/** The site settings screen: the whole record, saved at once; the public site shows it immediately. */
export default function SiteSettingsScreen() {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [saving, run] = useSubmit();
  const settings = useQuery({ queryKey: QUERY_KEY, queryFn: () => api<SiteSettings>('Site/Edit', { method: 'GET' }) });

  if (settings.error) return <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(settings.error, t) })} />;
  if (!settings.data) return <Skeleton active />;

  const save = (values: SiteSettingsFormValues) =>
    run(async () => {
      try {
        const saved = await api<SiteSettings>('Site/Update', { body: updateOf(values) });
        queryClient.setQueryData(QUERY_KEY, saved);
        message.success(t('siteSettings.saved'));
      } catch (error) {
        message.error(t('siteSettings.saveFailed', { message: errorText(error, t) }));
      }
    });

  return (
    <div className="admin-article">
      <h1>{t('siteSettings.title')}</h1>
      <p>{t('siteSettings.intro')}</p>
      <SiteSettingsForm initialValues={formValuesOf(settings.data)} saving={saving} onSave={save} />
    </div>
  );
}
