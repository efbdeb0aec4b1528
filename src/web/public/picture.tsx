import type { CSSProperties } from 'react';
import { parseImageReference, variantFormatsOf, variantUrl, variantWidthsOf } from '../../shared/schemas/media.js';
import type { VariantFormat } from '../../shared/schemas/media.js';

export interface PictureProps {
  /** An image field's value: a library reference (`/api/File/Download/12#w=…&h=…&t=…`) or any image address. */
  src: string;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a variant: `(max-width: 640px) 100vw, 780px`. */
  sizes: string;
  /**
   * The largest image above the fold (a detail page's cover): fetched first and at once. Every other
   * image loads lazily, when it nears the screen.
   */
  priority?: boolean;
  /** The size to reserve for an image the library does not describe (an address from elsewhere). */
  width?: number;
  height?: number;
  className?: string;
  style?: CSSProperties;
}

/** The variant a browser without `<source>` support loads: a middle width, not the largest. */
const FALLBACK_WIDTH = 1024;

/**
 * An image of the library at the size it is drawn: `<picture>` with AVIF and WebP variants (and the
 * original's format) in `srcset`, `sizes`, and its `width` and `height` so that nothing shifts while it
 * loads. Everything comes from the reference the field holds: no request per image, no script.
 */
export function Picture({ src, alt, sizes, priority = false, width, height, className, style }: PictureProps) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const image = parseImageReference(src);
  const formats = image?.format ? variantFormatsOf(image.format) : [];
  if (!image || !image.width || !image.height || !image.format || formats.length === 0) {
    // Not described by the library (an outside address, an image from before it, a GIF kept as it is).
    return (
      <img
        src={image?.url ?? src}
        alt={alt}
        width={image?.width ?? width}
        height={image?.height ?? height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
        style={style}
      />
    );
  }
  const widths = variantWidthsOf(image.width);
  const srcSet = (format: VariantFormat) => widths.map((w) => `${variantUrl(image.id, w, format)} ${w}w`).join(', ');
  // The <img> itself, for browsers that skip the sources, carries the original's own format when it
  // is JPEG, PNG or WebP, else (an AVIF original) WebP.
  const imgFormat: VariantFormat = image.format !== 'avif' && formats.includes(image.format as VariantFormat) ? (image.format as VariantFormat) : 'webp';
  const sources = formats.filter((format) => format !== imgFormat);
  const fallbackWidth = [...widths].reverse().find((w) => w <= FALLBACK_WIDTH) ?? widths[0];
  return (
    <picture className={className}>
      {sources.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(format)} sizes={sizes} />
      ))}
      <img
        src={variantUrl(image.id, fallbackWidth, imgFormat)}
        srcSet={srcSet(imgFormat)}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        style={style}
      />
    </picture>
  );
}
