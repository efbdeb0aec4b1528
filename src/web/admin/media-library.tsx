import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App as AntApp, Button, Progress, Upload } from 'antd';
import { ErrorCode } from '../../shared/api.js';
import type { Page } from '../../shared/api.js';
import { MEDIA_MIME_TYPES, mediaEntity, parseImageReference, variantFormatsOf, variantUrl, variantWidthsOf } from '../../shared/schemas/media.js';
import type { Media } from '../../shared/schemas/media.js';
import { ApiError, api } from '../api/client.js';
import { errorText } from './error-text.js';
import type { ListShape } from './list-state.js';

/** What the media screen and the image picker share: the library's list, uploads and thumbnails. */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An image as `POST File` answers it. */
export interface UploadedImage {
  id: number;
  name: string;
  size: number;
  mimeType: string;
  url: string;
  width: number | null;
  height: number | null;
  /** What an image field stores to name it. */
  reference: string;
}

export const MEDIA_QUERY_KEY = ['Media'] as const;

/** A grid of thumbnails that fills the width it is given. */
export const MEDIA_GRID_STYLE = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12, listStyle: 'none', padding: 0, margin: 0 } as const;
export const THUMB_STYLE = { width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' } as const;

/** The library as a list of `pageSize` images a page, searched by keyword; kept in the address on the media screen, in the dialog by the picker. */
export const mediaListShape = (pageSize: number): ListShape => ({ schema: mediaEntity.query, pageSizes: [pageSize] });

/** One page of the library, newest first, keeping the last page on screen while the next loads. */
export function useMediaPage(page: number, pageSize: number, keyword: string) {
  return useQuery({
    queryKey: [...MEDIA_QUERY_KEY, 'page', page, pageSize, keyword],
    queryFn: () => api<Page<Media>>('Media/Query', { body: { page, pageSize, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<UploadedImage> {
  const form = new FormData();
  form.set('file', file);
  return api<UploadedImage>('File', { form, onUploadProgress: onProgress });
}

/** An upload's refusal said the way the library's limits are: size and type first. */
export function mediaErrorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.errorCode === ErrorCode.tooLarge) return t('media.tooLarge');
  if (error instanceof ApiError && error.errorCode === ErrorCode.unsupportedType) return t('media.fileType');
  return errorText(error, t);
}

/** A small copy of an image for a grid or a form: its narrowest WebP variant, or the original. */
export function thumbnailOf(url: string): string {
  const image = parseImageReference(url);
  if (!image || !image.width || !image.format || !variantFormatsOf(image.format).includes('webp')) return image?.url ?? url;
  return variantUrl(image.id, variantWidthsOf(image.width)[0], 'webp');
}

/** An upload button showing its progress; `onUploaded` gets the stored image. */
export function MediaUploadButton({ onUploaded, type = 'default' }: { onUploaded: (image: UploadedImage) => void; type?: 'default' | 'primary' }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  return (
    <span className="media-upload">
      <Upload
        accept={MEDIA_MIME_TYPES.join(',')}
        showUploadList={false}
        disabled={progress !== null}
        customRequest={({ file, onSuccess, onError }) => {
          setProgress(0);
          uploadMedia(file as File, (fraction) => setProgress(Math.round(fraction * 100))).then(
            (image) => {
              setProgress(null);
              message.success(t('media.uploaded'));
              onUploaded(image);
              onSuccess?.(image);
            },
            (error: Error) => {
              setProgress(null);
              message.error(mediaErrorText(error, t));
              onError?.(error);
            },
          );
        }}
      >
        <Button type={type} loading={progress !== null}>
          {progress === null ? t('media.upload') : t('media.uploading', { percent: progress })}
        </Button>
      </Upload>
      {progress !== null && <Progress percent={progress} size="small" style={{ width: 160, marginInlineStart: 8 }} aria-label={t('media.uploading', { percent: progress })} />}
    </span>
  );
}
