import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Empty, Form, Input, Modal, Pagination, Popconfirm, Spin } from 'antd';
import { ErrorCode } from '../../../../shared/api.js';
import { textIn } from '../../../../shared/fields.js';
import { isLocale } from '../../../../shared/locale.js';
import { ADMIN_PATHS, jobEditPath, newsEditPath } from '../../../../shared/paths.js';
import { ALT_MAX, mediaUpdateSchema } from '../../../../shared/schemas/media.js';
import type { ImageUse, Media } from '../../../../shared/schemas/media.js';
import { ApiError, api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { MEDIA_GRID_STYLE, MEDIA_QUERY_KEY, MediaUploadButton, THUMB_STYLE, mediaListShape, thumbnailOf, useMediaPage } from '../../../admin/media-library.js';
import { useListStateInUrl } from '../../../admin/list-state.js';
import { SearchBox } from '../../../admin/search-box.js';
import { useCanWrite } from '../../../admin/session-context.js';
import { ReadOnlyTag } from '../../../admin/read-only.js';
import { zodRule } from '../../../admin/zod-rule.js';

const PAGE_SIZE = 24;
const MEDIA_LIST = mediaListShape(PAGE_SIZE);

/** Where a use of an image can be changed, for the uses the back-office has an editor for. */
function editPathOf(use: ImageUse): string | null {
  if (use.entity === 'News' && typeof use.id === 'number') return newsEditPath(use.id);
  if (use.entity === 'Job' && typeof use.id === 'number') return jobEditPath(use.id);
  if (use.entity === 'SiteSettings') return ADMIN_PATHS.siteSettings;
  if (use.entity === 'SitePage') return `${ADMIN_PATHS.sitePageEdit}?key=${encodeURIComponent(String(use.id))}`;
  return null;
}

function AltDialog({ image, onClose }: { image: Media; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ zh: string; en: string }>();
  const [saving, setSaving] = useState(false);
  const altRule = zodRule(mediaUpdateSchema.shape.alt.shape['zh-CN'], t);
  const save = async ({ zh, en }: { zh?: string; en?: string }) => {
    setSaving(true);
    try {
      await api('Media/Update', { body: { id: image.id, alt: { 'zh-CN': zh ?? '', 'en-US': en ?? '' } } });
      message.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });
      onClose();
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('media.editAltTitle')} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: saving }} okText={t('common.save')} cancelText={t('common.cancel')}>
      <img src={thumbnailOf(image.reference)} alt="" width={240} height={180} style={{ ...THUMB_STYLE, width: 240, marginBottom: 12 }} />
      <p>{t('media.altHint')}</p>
      <Form form={form} layout="vertical" initialValues={{ zh: image.alt['zh-CN'], en: image.alt['en-US'] }} onFinish={save}>
        <Form.Item name="zh" label={t('media.altZh')} rules={[altRule]}>
          <Input maxLength={ALT_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="en" label={t('media.altEn')} rules={[altRule]}>
          <Input maxLength={ALT_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The media library: every image, newest first, to upload, describe and delete. */
export default function MediaLibrary() {
  const { t, i18n } = useTranslation('admin');
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  // Uploads and alt texts are for whoever may write news, jobs or the site; deleting is the site's (docs/decisions/0059).
  const canChange = useCanWrite('news', 'jobs', 'site');
  const canDelete = useCanWrite('site');
  // The page and keyword live in the address, as every back-office list's do (docs/decisions/0049).
  const [query, setQuery] = useListStateInUrl(MEDIA_LIST);
  const [editing, setEditing] = useState<Media | null>(null);
  const list = useMediaPage(query.page, PAGE_SIZE, query.keyword ?? '');
  const items = list.data?.items ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });

  const remove = async (image: Media) => {
    try {
      await api(`Media/${image.id}`, { method: 'DELETE' });
      message.success(t('media.deleted'));
      await refresh();
    } catch (error) {
      const uses = error instanceof ApiError && error.errorCode === ErrorCode.conflict ? ((error.data as { uses?: ImageUse[] } | null)?.uses ?? []) : [];
      if (!uses.length) {
        message.error(errorText(error, t));
        return;
      }
      modal.warning({
        title: t('media.inUseTitle'),
        content: (
          <>
            <p>{t('media.inUseIntro')}</p>
            <ul className="media-uses">
              {uses.map((use) => {
                const path = editPathOf(use);
                // A settings field and a page key are named in the reader's language; a news item or a job by its title.
                const own =
                  use.entity === 'SiteSettings' ? t(`siteSettings.fields.${use.label}`, { defaultValue: use.label }) : use.entity === 'SitePage' ? t(`pages.keys.${use.label}`, { defaultValue: use.label }) : use.label;
                const text = `${t(`media.entities.${use.entity}`, { defaultValue: use.entity })}: ${own}`;
                return <li key={`${use.entity}-${use.id}`}>{path ? <Link to={path}>{text}</Link> : text}</li>;
              })}
            </ul>
          </>
        ),
      });
    }
  };

  return (
    <>
      <h1>
        {t('media.title')}{!canChange && <ReadOnlyTag />}
      </h1>
      <p>{t('media.intro')}</p>
      <div className="admin-toolbar">
        <SearchBox label={t('media.search')} style={{ maxWidth: 320 }} value={query.keyword ?? ''} onSearch={(value) => setQuery((q) => ({ ...q, page: 1, keyword: value.trim() || undefined }))} />
        <span className="grow" />
        {canChange && (
          <MediaUploadButton
            type="primary"
            onUploaded={() => {
              setQuery((q) => ({ ...q, page: 1 }));
              void refresh();
            }}
          />
        )}
      </div>
      {list.error && <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(list.error, t) })} />}
      <Spin spinning={list.isFetching}>
        {items.length === 0 && !list.isFetching ? (
          <Empty description={t('media.empty')} />
        ) : (
          <ul style={MEDIA_GRID_STYLE} aria-label={t('media.title')} className="media-library-grid">
            {items.map((image) => {
              const alt = textIn(image.alt, locale);
              return (
                <li key={image.id} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, background: '#fff' }}>
                  <img src={thumbnailOf(image.reference)} alt={alt} width={180} height={135} loading="lazy" style={THUMB_STYLE} />
                  <div style={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{image.name}</div>
                  <div style={{ color: '#888', fontSize: 12 }}>
                    {image.width && image.height ? t('media.dimensions', { width: image.width, height: image.height }) : null}
                  </div>
                  <div style={{ color: alt ? undefined : '#d46b08', fontSize: 12 }}>{alt || t('media.altMissing')}</div>
                  <div style={{ display: 'flex', gap: 4, marginTop: 6 }}>
                    {canChange && (
                      <Button size="small" onClick={() => setEditing(image)}>
                        {t('media.editAlt')}
                      </Button>
                    )}
                    {canDelete && (
                      <Popconfirm title={t('media.deleteConfirm')} onConfirm={() => remove(image)} okText={t('media.delete')} cancelText={t('common.cancel')}>
                        <Button size="small" danger>
                          {t('media.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      <Pagination
        current={query.page}
        pageSize={PAGE_SIZE}
        total={list.data?.meta.total ?? 0}
        onChange={(page) => setQuery((q) => ({ ...q, page }))}
        showSizeChanger={false}
        style={{ marginTop: 16 }}
      />
      {editing && <AltDialog image={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
