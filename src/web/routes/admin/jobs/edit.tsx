import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, DatePicker, Form, Input, InputNumber, Select, Skeleton, Space } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { Page } from '../../../../shared/api.js';
import type { Category } from '../../../../shared/schemas/category.js';
import type { Job } from '../../../../shared/schemas/job.js';
import type { Office } from '../../../../shared/schemas/office.js';
import { DEFAULT_LOCALE } from '../../../../shared/locale.js';
import type { Locale } from '../../../../shared/locale.js';
import { EMPLOYMENT_TYPES, JOB_STATUSES, SALARY_CURRENCIES, SALARY_PERIODS, jobCreateSchema, jobTexts } from '../../../../shared/schemas/job.js';
import { TranslationTabs, translationsBody } from '../../../admin/translation-tabs.js';
import { CONTENT_LOCALES } from '../../../../shared/schemas/news.js';
import { ADMIN_PATHS } from '../../../../shared/paths.js';
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

type JobValues = Omit<Job, 'id' | 'closesAt' | 'categoryName' | 'officeAddress' | 'officeCity' | 'officeCountry' | 'publishedAt' | 'createdAt' | 'updatedAt' | 'updatedBy'> & {
  closesAt?: Dayjs | null;
};

/** The form's values as the API takes them, and as a local draft keeps them: dates as text. */
const bodyOf = (values: JobValues) => ({
  ...values,
  department: values.department ?? '',
  location: values.location ?? '',
  officeId: values.officeId ?? null,
  requirements: values.requirements ?? '',
  salaryMin: values.salaryMin ?? null,
  salaryMax: values.salaryMax ?? null,
  closesAt: values.closesAt ? values.closesAt.endOf('day').toISOString() : null,
  imageUrl: values.imageUrl || null,
  translations: translationsBody(jobTexts, values.locale ?? 'zh-CN', values.translations),
});
type JobBody = ReturnType<typeof bodyOf>;

/** A record, or a local draft, as the form holds it. */
const valuesOf = <R extends { closesAt: string | null }>(record: R) => ({ ...record, closesAt: record.closesAt ? dayjs(record.closesAt) : null });

/** Each currency by its code and its name in the back-office's language: `SGD · 新加坡元`. */
function currencyOptions(language: string) {
  const names = new Intl.DisplayNames([language], { type: 'currency' });
  return SALARY_CURRENCIES.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
}

/** An office as the job editor offers it: its name in the staff member's language when it has one there, and its city. */
function officeLabel(office: Pick<Office, 'name' | 'city' | 'translations'>, language: string) {
  const translated = language === DEFAULT_LOCALE ? undefined : office.translations?.[language as Locale];
  const name = translated?.name?.trim() ? translated.name : office.name;
  const city = translated?.city?.trim() ? translated.city : office.city;
  return city && city !== name ? `${name} · ${city}` : name;
}

/** The editor's label of each field, for the history's comparison and the copied text. */
const FIELD_KEYS: Record<string, string> = {
  title: 'jobs.title',
  categoryId: 'jobs.category',
  department: 'jobs.department',
  location: 'jobs.location',
  officeId: 'jobs.office',
  employmentType: 'jobs.employmentType',
  headcount: 'jobs.headcount',
  salaryMin: 'jobs.salaryMin',
  salaryMax: 'jobs.salaryMax',
  salaryCurrency: 'jobs.salaryCurrency',
  salaryPeriod: 'jobs.salaryPeriod',
  status: 'jobs.status',
  closesAt: 'jobs.closesAt',
  imageUrl: 'jobs.image',
  description: 'jobs.description',
  requirements: 'jobs.requirements',
  translations: 'bilingual.translations',
};

/** Creates a job (no `id`) or edits one. */
export default function JobEdit() {
  const { t, i18n } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ? Number(params.get('id')) : null;
  // A role that may only read opens the editor as a view: every field disabled, nothing to save.
  const writable = useCanWrite('jobs');
  const [form] = Form.useForm<JobValues>();
  const showErrors = useFormErrors(form);
  const [saving, run] = useSubmit();
  // The fields of a save refused because someone else saved first: kept on screen to copy.
  const [conflict, setConflict] = useState<Record<string, unknown> | null>(null);
  const fieldLabel = (field: string) => (FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field);
  const offices = useQuery({
    queryKey: ['Office', 'options'],
    queryFn: () => api<Page<Office>>('Office/Query', { body: { pageSize: 100, fields: ['name', 'city', 'translations'] } }),
  });
  const categories = useQuery({ queryKey: ['JobCategory', 'options'], queryFn: () => api<Page<Category>>('JobCategory/Query', { body: { pageSize: 100, fields: ['name'] } }) });
  const existing = useQuery({ queryKey: ['Job', 'one', id], queryFn: () => api<Job>(`Job/${id}`, { method: 'GET' }), enabled: id !== null });
  const draft = useLocalDraft<JobBody>({ entity: 'Job', recordId: id, updatedAt: id === null ? null : existing.data?.updatedAt });
  // Leaving through the prompt is the user's choice to drop the changes: their draft goes too.
  const { markChanged, markSaved } = useUnsavedChanges({ onDiscard: draft.remove });
  const ownLocale = Form.useWatch('locale', form) ?? existing.data?.locale ?? 'zh-CN';

  useEffect(() => {
    if (existing.data) form.setFieldsValue(valuesOf(existing.data));
  }, [existing.data, form]);

  if (!writable && id === null) return <Navigate replace to={ADMIN_PATHS.jobs} />;
  if (id !== null && existing.error) return <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(existing.error, t) })} />;
  if (id !== null && !existing.data) return <Skeleton active />;

  const submit = (values: JobValues) =>
    run(async () => {
      const body = bodyOf(values);
      try {
        // An edit says which version it was based on: a save over someone else's newer one is refused.
        await api<Job>(id ? 'Job/Update' : 'Job', { body: id ? { id, ...body, updatedAt: existing.data?.updatedAt } : body });
        markSaved();
        draft.remove();
        message.success(t('common.saved'));
        await queryClient.invalidateQueries({ queryKey: ['Job'] });
        navigate(ADMIN_PATHS.jobs);
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
            {id ? t('jobs.editTitle') : t('jobs.createTitle')}{!writable && <ReadOnlyTag />}
          </h1>
          {id !== null && existing.data && (
            <HistoryButton
              path={`Job/${id}`}
              current={existing.data}
              fieldLabel={fieldLabel}
              onRestored={async () => {
                await queryClient.invalidateQueries({ queryKey: ['Job'] });
                markSaved();
              }}
            />
          )}
        </Space>
        {conflict && id !== null && (
          <ConflictNotice
            mine={conflict}
            fieldLabel={fieldLabel}
            loadTheirs={() => api<Job>(`Job/${id}`, { method: 'GET' })}
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
        <Form<JobValues>
          form={form}
          layout="vertical"
          disabled={!writable}
          onFinish={submit}
          onValuesChange={(_, values) => {
            markChanged();
            draft.keep(bodyOf(values));
          }}
          initialValues={{ employmentType: 'full-time', headcount: 1, salaryCurrency: 'CNY', salaryPeriod: 'month', status: 'draft', locale: 'zh-CN', description: '', requirements: '' }}
        >
          <Space wrap size="large">
            <Form.Item name="categoryId" label={t('jobs.category')} required rules={[zodRule(jobCreateSchema.shape.categoryId, t)]}>
              <Select style={{ minWidth: 180 }} options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
            <Form.Item name="officeId" label={t('jobs.office')}>
              <Select
                style={{ minWidth: 200 }}
                showSearch
                allowClear
                optionFilterProp="label"
                placeholder={t('jobs.noOffice')}
                options={(offices.data?.items ?? []).map((office) => ({ value: office.id, label: officeLabel(office, i18n.language) }))}
                onChange={(officeId: number | undefined) => {
                  // The office's own name becomes the free text too, which clients that know only locations read and filter by.
                  const office = offices.data?.items.find((o) => o.id === officeId);
                  if (office) form.setFieldValue('location', office.name);
                }}
              />
            </Form.Item>
            <Form.Item name="location" label={t('jobs.location')} extra={t('jobs.locationHint')} rules={[zodRule(jobCreateSchema.shape.location, t)]}>
              <Input />
            </Form.Item>
            <Form.Item name="employmentType" label={t('jobs.employmentType')}>
              <Select style={{ minWidth: 140 }} options={EMPLOYMENT_TYPES.map((v) => ({ value: v, label: t(`jobs.types.${v}`) }))} />
            </Form.Item>
            <Form.Item name="headcount" label={t('jobs.headcount')} rules={[zodRule(jobCreateSchema.shape.headcount, t)]}>
              <InputNumber min={1} max={10000} precision={0} />
            </Form.Item>
            <Form.Item name="salaryMin" label={t('jobs.salaryMin')} rules={[zodRule(jobCreateSchema.shape.salaryMin, t)]}>
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item
              name="salaryMax"
              label={t('jobs.salaryMax')}
              dependencies={['salaryMin']}
              rules={[
                zodRule(jobCreateSchema.shape.salaryMax, t),
                ({ getFieldValue }) => ({
                  validator: (_, value: number | null | undefined) => {
                    const min = getFieldValue('salaryMin') as number | null | undefined;
                    return value == null || min == null || value >= min ? Promise.resolve() : Promise.reject(new Error(t('validation.salaryRange')));
                  },
                }),
              ]}
            >
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item name="salaryCurrency" label={t('jobs.salaryCurrency')}>
              <Select style={{ minWidth: 100 }} showSearch optionFilterProp="label" options={currencyOptions(i18n.language)} />
            </Form.Item>
            <Form.Item name="salaryPeriod" label={t('jobs.salaryPeriod')}>
              <Select style={{ minWidth: 100 }} options={SALARY_PERIODS.map((v) => ({ value: v, label: t(`jobs.salaryPeriods.${v}`) }))} />
            </Form.Item>
            <Form.Item name="closesAt" label={t('jobs.closesAt')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="status" label={t('jobs.status')}>
              <Select style={{ minWidth: 120 }} options={JOB_STATUSES.map((v) => ({ value: v, label: t(`jobs.statuses.${v}`) }))} />
            </Form.Item>
            <Form.Item name="locale" label={t('news.locale')}>
              <Select style={{ minWidth: 110 }} options={CONTENT_LOCALES.map((v) => ({ value: v, label: v === 'zh-CN' ? '中文' : 'English' }))} />
            </Form.Item>
          </Space>
          <Form.Item name="imageUrl" label={t('jobs.image')} extra={t('jobs.imageHint')} rules={[zodRule(jobCreateSchema.shape.imageUrl, t)]}>
            <ImagePicker />
          </Form.Item>
          <TranslationTabs
            form={form}
            spec={jobTexts}
            ownLocale={ownLocale}
            labels={{ title: t('jobs.title'), department: t('jobs.department'), description: t('jobs.description'), requirements: t('jobs.requirements') }}
            richText={['description', 'requirements']}
            onCopied={markChanged}
            own={
              <>
                <Form.Item name="title" label={t('jobs.title')} required rules={[zodRule(jobCreateSchema.shape.title, t)]}>
                  <Input />
                </Form.Item>
                <Form.Item name="department" label={t('jobs.department')} rules={[zodRule(jobCreateSchema.shape.department, t)]}>
                  <Input />
                </Form.Item>
                <Form.Item name="description" label={t('jobs.description')} required rules={[zodRule(jobCreateSchema.shape.description, t)]}>
                  <RichText label={t('jobs.description')} />
                </Form.Item>
                <Form.Item name="requirements" label={t('jobs.requirements')} rules={[zodRule(jobCreateSchema.shape.requirements, t)]}>
                  <RichText label={t('jobs.requirements')} />
                </Form.Item>
              </>
            }
          />
          {writable && (
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('common.save')}
              </Button>
              <Button onClick={() => navigate(ADMIN_PATHS.jobs)}>{t('common.cancel')}</Button>
            </Space>
          )}
        </Form>
        {!writable && (
          <Button onClick={() => navigate(ADMIN_PATHS.jobs)}>{t('common.back')}</Button>
        )}
      </div>
    </ReadOnlyContext.Provider>
  );
}
