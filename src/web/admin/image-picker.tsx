import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Modal, Pagination, Space, Spin } from 'antd';
import { textIn } from '../../shared/fields.js';
import type { Media } from '../../shared/schemas/media.js';
import { isLocale } from '../../shared/locale.js';
import { useListStateInComponent } from './list-state.js';
import { MEDIA_GRID_STYLE, MediaUploadButton, THUMB_STYLE, mediaListShape, thumbnailOf, useMediaPage } from './media-library.js';
import { SearchBox } from './search-box.js';
import { useReadOnly } from './read-only.js';

const CHOICE_STYLE = { display: 'flex', flexDirection: 'column', gap: 4, width: '100%', padding: 6, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff', cursor: 'pointer', textAlign: 'start' } as const;

const PAGE_SIZE = 12;
const PICKER_LIST = mediaListShape(PAGE_SIZE);

/**
 * The library in a dialog, a page at a time: choosing an image closes it. Its page and keyword are
 * its own: the address belongs to the screen the dialog opens on (docs/decisions/0049).
 */
function LibraryDialog({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (image: Media) => void }) {
  const { t, i18n } = useTranslation('admin');
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const [query, setQuery] = useListStateInComponent(PICKER_LIST);
  const list = useMediaPage(query.page, PAGE_SIZE, query.keyword ?? '');
  const items = list.data?.items ?? [];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('media.chooseTitle')} width={880} destroyOnHidden>
      <SearchBox
        label={t('media.search')}
        style={{ marginBottom: 16, maxWidth: 360 }}
        value={query.keyword ?? ''}
        onSearch={(value) => setQuery((q) => ({ ...q, page: 1, keyword: value.trim() || undefined }))}
      />
      <Spin spinning={list.isFetching}>
        {items.length === 0 && !list.isFetching ? (
          <Empty description={t('media.empty')} />
        ) : (
          <ul style={MEDIA_GRID_STYLE} aria-label={t('media.chooseTitle')}>
            {items.map((image) => (
              <li key={image.id}>
                <button type="button" style={CHOICE_STYLE} onClick={() => onChoose(image)} aria-label={`${t('media.select')}: ${image.name}`}>
                  <img src={thumbnailOf(image.reference)} alt={textIn(image.alt, locale)} width={160} height={120} loading="lazy" style={THUMB_STYLE} />
                  <span style={{ overflowWrap: 'anywhere' }}>{image.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      <Pagination
        current={query.page}
        pageSize={PAGE_SIZE}
        total={list.data?.meta.total ?? 0}
        onChange={(page) => setQuery((q) => ({ ...q, page }))}
        showSizeChanger={false}
        hideOnSinglePage
        style={{ marginTop: 16 }}
      />
    </Modal>
  );
}

/**
 * An image field of a form (antd's value / onChange): shows the chosen image, chooses one from the
 * library or uploads one into it. The value is the image's reference, a URL (`/api/File/Download/12#…`),
 * as every image field stores; an address from elsewhere is shown as it is.
 */
export function ImagePicker({ value, onChange, id }: { value?: string; onChange?: (url: string) => void; id?: string }) {
  const { t } = useTranslation('admin');
  const [choosing, setChoosing] = useState(false);
  const readOnly = useReadOnly();
  return (
    <div className="image-picker" id={id}>
      {value ? (
        <img className="image-picker-preview" src={thumbnailOf(value)} alt={t('media.chosen')} width={160} height={90} style={{ objectFit: 'cover', borderRadius: 6 }} />
      ) : (
        <span className="image-picker-none">{t('media.none')}</span>
      )}
      {!readOnly && (
        <Space wrap style={{ marginInlineStart: 12 }}>
          <Button onClick={() => setChoosing(true)}>{t('media.choose')}</Button>
          <MediaUploadButton onUploaded={(image) => onChange?.(image.reference)} />
          {value && <Button onClick={() => onChange?.('')}>{t('media.remove')}</Button>}
        </Space>
      )}
      <LibraryDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        onChoose={(image) => {
          onChange?.(image.reference);
          setChoosing(false);
        }}
      />
    </div>
  );
}
