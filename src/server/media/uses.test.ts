import { describe, expect, it } from 'vitest';
import { imageReference, parseImageReference, plainImageAddress } from '../../shared/schemas/media.js';
import { holdsImageReference } from './uses.js';

describe('image references', () => {
  it('carry an image of the library with its size and format, and read back', () => {
    const reference = imageReference({ id: 12, width: 1600, height: 900, mimeType: 'image/jpeg' });
    expect(reference).toBe('/api/File/Download/12#w=1600&h=900&t=jpeg');
    expect(parseImageReference(reference)).toEqual({ id: 12, url: '/api/File/Download/12', width: 1600, height: 900, format: 'jpeg' });
    expect(plainImageAddress(reference)).toBe('/api/File/Download/12');
    expect(imageReference({ id: 3, width: null, height: null, mimeType: 'image/png' })).toBe('/api/File/Download/3');
  });

  it('name no library image for other addresses, and no size for a broken fragment', () => {
    for (const url of ['', 'https://example.com/a.png', '/uploads/a.png', '/api/File/Download/0', '/api/File/Download/012', '/api/File/Download/12/x']) {
      expect(parseImageReference(url), url).toBeNull();
    }
    expect(parseImageReference('/api/File/Download/5#w=abc&h=-1&t=<x>')).toEqual({ id: 5, url: '/api/File/Download/5', width: null, height: null, format: null });
    expect(plainImageAddress('https://example.com/a.png')).toBe('https://example.com/a.png');
  });

  it('match a field holding the image, alone or with its fragment, and no other image', () => {
    const url = '/api/File/Download/12';
    expect(holdsImageReference(url, url)).toBe(true);
    expect(holdsImageReference(`${url}#w=1&h=1&t=png`, url)).toBe(true);
    expect(holdsImageReference('/api/File/Download/123', url)).toBe(false);
    expect(holdsImageReference('', url)).toBe(false);
    expect(holdsImageReference(null, url)).toBe(false);
  });
});
