import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, DatePicker, Form, Input, Select, Skeleton, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { Page } from '../../../../shared/api.js';
import type { Category } from '../../../../shared/schemas/category.js';
import type { News } from '../../../../shared/schemas/news.js';
import { CONTENT_LOCALES, NEWS_STATUSES, NEWS_TEMPLATES, newsCreateSchema, newsTexts } from '../../../../shared/schemas/news.js';
import type { Translations } from '../../../../shared/translations.js';
import { TranslationTabs, translationsBody } from '../../../admin/translation-tabs.js';
import { ADMIN_PATHS, newsViewPath } from '../../../../shared/paths.js';
import { zodRule } from '../../../admin/zod-rule.js';
import { api } from '../../../api/client.js';
import { RichText } from '../../../admin/rich-text.js';
import { ImagePicker } from '../../../admin/image-picker.js';
import { errorText } from '../../../admin/error-text.js';
import { useFormErrors } from '../../../admin/use-form-errors.js';
import { useSubmit } from '../../../admin/use-submit.js';
import { HistoryButton } from '../../../admin/history-dialog.js';
import { ReadOnlyContext, ReadOnlyTag } from '../../../admin/read-only.js';
import { useCanWrite } from '../../../admin/session-context.js';
import { ConflictNotice, isStaleConflict } from '../../../admin/conflict-notice.js';
import { useUnsavedChanges } from '../../../admin/use-unsaved-changes.js';
import { LocalDraftOffer, useLocalDraft } from '../../../admin/local-draft.js';

/** The editor's label of each field, for the history's comparison and the copied text. */
const FIELD_KEYS: Record<string, string> = {
  title: 'news.title',
  categoryId: 'news.category',
  template: 'news.template',
  locale: 'news.locale',
  status: 'news.status',
  publishedAt: 'news.publishedAt',
  isTop: 'news.isTop',
  author: 'news.author',
  summary: 'news.summary',
  coverUrl: 'news.cover',
  content: 'news.content',
  translations: 'bilingual.translations',
};

interface NewsValues {
  title: string;
  categoryId: number;
  summary?: string;
  author?: string;
  coverUrl?: string;
  content: string;
  template: News['template'];
  status: News['status'];
  publishedAt?: Dayjs | null;
  isTop: boolean;
  locale: News['locale'];
  translations?: Translations;
}

/** The form's values as the API takes them, and as a local draft keeps them: dates as text. */
const bodyOf = (values: NewsValues) => ({
  ...values,
  summary: values.summary ?? '',
  author: values.author ?? '',
  coverUrl: values.coverUrl ?? '',
  publishedAt: values.publishedAt ? values.publishedAt.toISOString() : null,
  translations: translationsBody(newsTexts, values.locale ?? 'zh-CN', values.translations),
});
type NewsBody = ReturnType<typeof bodyOf>;

/** A record, or a local draft, as the form holds it. */
const valuesOf = <R extends { publishedAt: string | null }>(record: R) => ({ ...record, publishedAt: record.publishedAt ? dayjs(record.publishedAt) : null });

/** The news editor: a new item without `id`, the item's edit with it. */
export default function NewsModify() {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ? Number(params.get('id')) : null;
  // A role that may only read opens the editor as a view: every field disabled, nothing to save.
  const writable = useCanWrite('news');
  const [form] = Form.useForm<NewsValues>();
  const showErrors = useFormErrors(form);
  const [saving, run] = useSubmit();
  // The fields of a save refused because someone else saved first: kept on screen to copy.
  const [conflict, setConflict] = useState<Record<string, unknown> | null>(null);
  const fieldLabel = (field: string) => (FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field);
  const categories = useQuery({ queryKey: ['NewsCategory', 'options'], queryFn: () => api<Page<Category>>('NewsCategory/Query', { body: { pageSize: 100, fields: ['name'] } }) });
  const existing = useQuery({ queryKey: ['News', 'one', id], queryFn: () => api<News>(`News/${id}`, { method: 'GET' }), enabled: id !== null });
  const draft = useLocalDraft<NewsBody>({ entity: 'News', recordId: id, updatedAt: id === null ? null : existing.data?.updatedAt });
  // Leaving through the prompt is the user's choice to drop the changes: their draft goes too.
  const { markChanged, markSaved } = useUnsavedChanges({ onDiscard: draft.remove });
  const ownLocale = Form.useWatch('locale', form) ?? existing.data?.locale ?? 'zh-CN';

  useEffect(() => {
    if (existing.data) form.setFieldsValue(valuesOf(existing.data));
  }, [existing.data, form]);

  if (!writable && id === null) return <Navigate replace to={ADMIN_PATHS.newsList} />;
  if (id !== null && existing.error) return <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(existing.error, t) })} />;
  if (id !== null && !existing.data) return <Skeleton active />;

  const submit = (values: NewsValues) =>
    run(async () => {
      const body = bodyOf(values);
      try {
        // An edit says which version it was based on: a save over someone else's newer one is refused.
        const saved = await api<News>(id ? 'News/Update' : 'News', { body: id ? { id, ...body, updatedAt: existing.data?.updatedAt } : body });
        markSaved();
        draft.remove();
        message.success(t('common.saved'));
        await queryClient.invalidateQueries({ queryKey: ['News'] });
        navigate(newsViewPath(saved.id));
      } catch (error) {
        if (isStaleConflict(error)) setConflict(body);
        else showErrors(error);
      }
    });

  return (
    <ReadOnlyContext.Provider value={!writable}>
      <div className="admin-article">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <h1>
            {id ? t('news.editTitle') : t('news.createTitle')}{!writable && <ReadOnlyTag />}
          </h1>
          {id !== null && existing.data && (
            <HistoryButton
              path={`News/${id}`}
              current={existing.data}
              fieldLabel={fieldLabel}
              onRestored={async () => {
                await queryClient.invalidateQueries({ queryKey: ['News'] });
                markSaved();
              }}
            />
          )}
        </Space>
        {conflict && id !== null && (
          <ConflictNotice
            mine={conflict}
            fieldLabel={fieldLabel}
            loadTheirs={() => api<News>(`News/${id}`, { method: 'GET' })}
            onReload={async () => {
              await existing.refetch();
              markSaved();
            }}
            onDismiss={() => setConflict(null)}
          />
        )}
        {writable && (
          <LocalDraftOffer
            draft={draft}
            onRestore={(values) => {
              form.setFieldsValue(valuesOf(values));
              markChanged();
            }}
          />
        )}
        <Form<NewsValues>
          form={form}
          layout="vertical"
          disabled={!writable}
          onFinish={submit}
          onValuesChange={(_, values) => {
            markChanged();
            draft.keep(bodyOf(values));
          }}
          initialValues={{ template: 'detail', status: 'draft', isTop: false, locale: 'zh-CN', content: '' }}
        >
          <Space wrap size="large">
            <Form.Item name="categoryId" label={t('news.category')} required rules={[zodRule(newsCreateSchema.shape.categoryId, t)]}>
              <Select style={{ minWidth: 200 }} options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
            <Form.Item name="template" label={t('news.template')}>
              <Select style={{ minWidth: 200 }} options={NEWS_TEMPLATES.map((v) => ({ value: v, label: t(`news.templates.${v}`) }))} />
            </Form.Item>
            <Form.Item name="locale" label={t('news.locale')}>
              <Select style={{ minWidth: 120 }} options={CONTENT_LOCALES.map((v) => ({ value: v, label: v === 'zh-CN' ? '中文' : 'English' }))} />
            </Form.Item>
            <Form.Item name="status" label={t('news.status')}>
              <Select style={{ minWidth: 120 }} options={NEWS_STATUSES.map((v) => ({ value: v, label: t(`news.statuses.${v}`) }))} />
            </Form.Item>
            <Form.Item name="publishedAt" label={t('news.publishedAt')}>
              <DatePicker showTime />
            </Form.Item>
            <Form.Item name="isTop" label={t('news.isTop')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="author" label={t('news.author')} rules={[zodRule(newsCreateSchema.shape.author, t)]}>
            <Input />
          </Form.Item>
          <Form.Item name="coverUrl" label={t('news.cover')} rules={[zodRule(newsCreateSchema.shape.coverUrl, t)]}>
            <ImagePicker />
          </Form.Item>
          <TranslationTabs
            form={form}
            spec={newsTexts}
            ownLocale={ownLocale}
            labels={{ title: t('news.title'), summary: t('news.summary'), content: t('news.content') }}
            richText={['content']}
            onCopied={markChanged}
            own={
              <>
                <Form.Item name="title" label={t('news.title')} required rules={[zodRule(newsCreateSchema.shape.title, t)]}>
                  <Input />
                </Form.Item>
                <Form.Item name="summary" label={t('news.summary')} rules={[zodRule(newsCreateSchema.shape.summary, t)]}>
                  <Input.TextArea rows={2} />
                </Form.Item>
                <Form.Item name="content" label={t('news.content')} required rules={[zodRule(newsCreateSchema.shape.content, t)]}>
                  <RichText label={t('news.content')} />
                </Form.Item>
              </>
            }
          />
          {writable && (
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('common.save')}
              </Button>
              <Button onClick={() => navigate(ADMIN_PATHS.newsList)}>{t('common.cancel')}</Button>
            </Space>
          )}
        </Form>
        {!writable && (
          <Button onClick={() => navigate(ADMIN_PATHS.newsList)}>{t('common.back')}</Button>
        )}
      </div>
    </ReadOnlyContext.Provider>
  );
}
