import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Skeleton, Space } from 'antd';
import type { SiteSettings } from '../../../../shared/schemas/site.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { SiteSettingsForm, formValuesOf, updateOf } from '../../../admin/site-settings-form.js';
import type { SiteSettingsFormValues } from '../../../admin/site-settings-form.js';
import { useSubmit } from '../../../admin/use-submit.js';
import { HistoryButton } from '../../../admin/history-dialog.js';
import { ConflictNotice, isStaleConflict } from '../../../admin/conflict-notice.js';
import { useUnsavedChanges } from '../../../admin/use-unsaved-changes.js';
import { ReadOnlyContext, ReadOnlyTag } from '../../../admin/read-only.js';
import { useCanWrite } from '../../../admin/session-context.js';

const QUERY_KEY = ['Site', 'edit'];

/** The site settings screen: the whole record, saved at once; the public site shows it immediately. */
export default function SiteSettingsScreen() {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [saving, run] = useSubmit();
  const { markChanged, markSaved } = useUnsavedChanges();
  const writable = useCanWrite('site');
  const settings = useQuery({ queryKey: QUERY_KEY, queryFn: () => api<SiteSettings>('Site/Edit', { method: 'GET' }) });
  // The fields of a save refused because someone else saved first: kept on screen to copy.
  const [conflict, setConflict] = useState<Record<string, unknown> | null>(null);
  const fieldLabel = (field: string) => t(`siteSettings.fields.${field.split('.')[0]}`) + (field.includes('.') ? ` (${field.split('.').slice(1).join('.')})` : '');

  if (settings.error) return <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(settings.error, t) })} />;
  if (!settings.data) return <Skeleton active />;

  const save = (values: SiteSettingsFormValues) =>
    run(async () => {
      try {
        // The save says which version it was based on: one over someone else's newer save is refused.
        const saved = await api<SiteSettings>('Site/Update', { body: { ...updateOf(values), updatedAt: settings.data?.updatedAt ?? null } });
        queryClient.setQueryData(QUERY_KEY, saved);
        markSaved();
        message.success(t('siteSettings.saved'));
      } catch (error) {
        if (isStaleConflict(error)) setConflict(updateOf(values) as Record<string, unknown>);
        else message.error(t('siteSettings.saveFailed', { message: errorText(error, t) }));
      }
    });

  return (
    <ReadOnlyContext.Provider value={!writable}>
      <div className="admin-article">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <h1>
            {t('siteSettings.title')}{!writable && <ReadOnlyTag />}
          </h1>
          <HistoryButton
            path="Site"
            current={settings.data}
            fieldLabel={fieldLabel}
            onRestored={(record) => {
              queryClient.setQueryData(QUERY_KEY, record);
              markSaved();
            }}
          />
        </Space>
        <p>{t('siteSettings.intro')}</p>
        {conflict && (
          <ConflictNotice
            mine={conflict}
            fieldLabel={fieldLabel}
            loadTheirs={() => api<SiteSettings>('Site/Edit', { method: 'GET' })}
            onReload={async () => {
              await settings.refetch();
              markSaved();
            }}
            onDismiss={() => setConflict(null)}
          />
        )}
        {/* A new version (saved, reloaded or restored) starts the form again from it: nothing is unsaved then. */}
        <SiteSettingsForm key={settings.data.updatedAt ?? 'new'} initialValues={formValuesOf(settings.data)} saving={saving} onSave={save} onChange={markChanged} />
      </div>
    </ReadOnlyContext.Provider>
  );
}
