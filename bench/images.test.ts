import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photo, uploadSize } from './images.js';

describe('bench images', () => {
  it('makes the same photo for the same seed, a different one for another, sized like a photograph', async () => {
    const [a, again, other] = await Promise.all([photo(2400, 1350, 16), photo(2400, 1350, 16), photo(2400, 1350, 17)]);
    expect(a.equals(again)).toBe(true);
    expect(a.equals(other)).toBe(false);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: 2400, height: 1350 });
    // Not a block of colour that compresses to nothing: a few hundred kilobytes, as a real photo.
    expect(a.length).toBeGreaterThan(300 * 1024);
    expect(a.length).toBeLessThan(600 * 1024);
  });

  it('sends uploads of 1 to 4 megapixels', () => {
    for (let i = 0; i < 8; i++) {
      const { width, height } = uploadSize(i);
      expect(width * height).toBeGreaterThanOrEqual(1_000_000);
      expect(width * height).toBeLessThanOrEqual(4_000_000);
    }
  });
});
