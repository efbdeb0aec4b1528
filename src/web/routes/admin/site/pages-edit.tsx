import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Form, Skeleton, Space, Tag } from 'antd';
import { ADMIN_PATHS } from '../../../../shared/paths.js';
import { isPageKey } from '../../../../shared/schemas/page.js';
import type { PageContent, PageKey, PageRecord } from '../../../../shared/schemas/page.js';
import { ApiError, api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { PageEditor, showIssues } from '../../../admin/page-editor.js';
import { pagePreviewPath } from '../../../admin/page-preview.js';
import { HistoryButton } from '../../../admin/history-dialog.js';
import { ConflictNotice, isStaleConflict } from '../../../admin/conflict-notice.js';
import { useUnsavedChanges } from '../../../admin/use-unsaved-changes.js';
import { ReadOnlyContext, ReadOnlyTag } from '../../../admin/read-only.js';
import { useCanWrite } from '../../../admin/session-context.js';

const contentOf = (page: PageRecord): PageContent => ({ title: page.title, description: page.description, blocks: page.blocks });

/** The editor of one page: save the draft, preview it in a new tab, publish it. */
export default function SitePageEdit() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const key = params.get('key');
  if (!isPageKey(key)) return <Alert type="error" showIcon message={t('pages.previewNotFound')} action={<Link to={ADMIN_PATHS.sitePages}>{t('pages.back')}</Link>} />;
  return <PageEditScreen key={key} pageKey={key} />;
}

function PageEditScreen({ pageKey }: { pageKey: PageKey }) {
  const { t } = useTranslation('admin');
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PageContent>();
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const { unsaved, markChanged, markSaved } = useUnsavedChanges();
  // A role that may only read the site sees the draft and its preview, and saves or publishes nothing.
  const writable = useCanWrite('site');
  // The draft a save refused because someone else saved first: kept on screen to copy.
  const [conflict, setConflict] = useState<PageContent | null>(null);
  const queryKey = ['Page', 'draft', pageKey];
  const page = useQuery({ queryKey, queryFn: () => api<PageRecord>(`Page/${pageKey}?draft=1`, { method: 'GET' }) });

  if (page.error) return <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(page.error, t) })} />;
  if (!page.data) return <Skeleton active />;
  const record = page.data;

  /** Checks the form and saves it as the draft; answers whether it was saved. */
  const save = async (): Promise<boolean> => {
    try {
      await form.validateFields();
    } catch {
      message.error(t('pages.fixErrors'));
      return false;
    }
    const values = form.getFieldsValue(true) as PageContent;
    try {
      // The save says which version it was based on: one over someone else's newer save is refused.
      const body = { key: pageKey, title: values.title, description: values.description, blocks: values.blocks, updatedAt: record.updatedAt };
      const saved = await api<PageRecord>('Page/Update', { body });
      queryClient.setQueryData(queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['Page', 'list'] });
      markSaved();
      return true;
    } catch (error) {
      if (isStaleConflict(error)) {
        setConflict({ title: values.title, description: values.description, blocks: values.blocks });
        return false;
      }
      const shown = error instanceof ApiError && showIssues(form, error.issues, t);
      message.error(shown ? t('pages.fixErrors') : t('pages.saveFailed', { message: errorText(error, t) }));
      return false;
    }
  };

  const saveDraft = async () => {
    setBusy('save');
    if (await save()) message.success(t('pages.saved'));
    setBusy(null);
  };

  // The tab is opened at the click, while the browser still counts it as the user's, and sent to
  // the preview once the draft is saved.
  const preview = async () => {
    const tab = window.open('about:blank', '_blank');
    setBusy('save');
    const saved = await save();
    setBusy(null);
    if (saved && tab) tab.location.href = pagePreviewPath(pageKey);
    else tab?.close();
  };

  const publish = () =>
    modal.confirm({
      title: t('pages.publishConfirmTitle'),
      content: t('pages.publishConfirm'),
      okText: t('pages.publish'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy('publish');
        try {
          if (!(await save())) return;
          const published = await api<PageRecord>('Page/Publish', { body: { key: pageKey } });
          queryClient.setQueryData(queryKey, published);
          await queryClient.invalidateQueries({ queryKey: ['Page', 'list'] });
          message.success(t('pages.publishedNow'));
        } catch (error) {
          message.error(t('pages.publishFailed', { message: errorText(error, t) }));
        } finally {
          setBusy(null);
        }
      },
    });

  /** Takes a version from the server into the form (reloaded after a conflict, or restored). */
  const takeVersion = (latest: PageRecord) => {
    queryClient.setQueryData(queryKey, latest);
    form.setFieldsValue(contentOf(latest));
    markSaved();
  };

  const pageName = t(`pages.keys.${pageKey}`);
  return (
    <ReadOnlyContext.Provider value={!writable}>
      <div className="admin-article">
        <p>
          <Link to={ADMIN_PATHS.sitePages}>← {t('pages.back')}</Link>
        </p>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <h1>
            {t('pages.editTitle', { page: pageName })}{!writable && <ReadOnlyTag />}
          </h1>
          <HistoryButton path={`Page/${pageKey}`} current={record} onRestored={(restored) => takeVersion(restored as PageRecord)} />
        </Space>
        {conflict && (
          <ConflictNotice
            mine={conflict}
            loadTheirs={() => api<PageRecord>(`Page/${pageKey}?draft=1`, { method: 'GET' })}
            onReload={async () => takeVersion(await api<PageRecord>(`Page/${pageKey}?draft=1`, { method: 'GET' }))}
            onDismiss={() => setConflict(null)}
          />
        )}
        <p>
          {record.hasUnpublishedChanges || unsaved ? <Tag color="orange">{t('pages.draftChanged')}</Tag> : <Tag color="green">{t('pages.draftState')}</Tag>}
        </p>
        <PageEditor form={form} initialValues={contentOf(record)} onValuesChange={markChanged} />
        {!writable ? (
          <p>
            <a href={pagePreviewPath(pageKey)} target="_blank" rel="noreferrer">
              {t('pages.preview')} ↗
            </a>
          </p>
        ) : (
          <Space wrap style={{ position: 'sticky', bottom: 0, background: '#fff', padding: '12px 0', marginTop: 16, width: '100%', borderTop: '1px solid #f0f0f0', zIndex: 2 }}>
            <Button type="primary" onClick={saveDraft} loading={busy === 'save'} disabled={busy !== null}>
              {t('pages.saveDraft')}
            </Button>
            <Button onClick={preview} disabled={busy !== null}>
              {t('pages.preview')} ↗
            </Button>
            <Button onClick={publish} loading={busy === 'publish'} disabled={busy !== null}>
              {t('pages.publish')}
            </Button>
          </Space>
        )}
      </div>
    </ReadOnlyContext.Provider>
  );
}
