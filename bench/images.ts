import sharp from 'sharp';
import { prng } from './generate.js';

/**
 * A photo-like JPEG, the same bytes for the same seed: soft colour fields (a sky, a landscape's
 * bands, a few blurred shapes) under fine grain, so that it compresses like a photograph and not
 * like a block of colour. 2400 × 1350 comes out at a few hundred kilobytes.
 */
export async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const random = prng(seed);
  // The colour fields, drawn at an eighth of the size and enlarged smoothly, as a lens would blur them.
  const w = Math.ceil(width / 8);
  const h = Math.ceil(height / 8);
  const field = Buffer.alloc(w * h * 3);
  const base = [random() * 255, random() * 255, random() * 255];
  const shapes = Array.from({ length: 6 }, () => ({
    x: random() * w,
    y: random() * h,
    r: (0.1 + random() * 0.3) * Math.min(w, h),
    colour: [random() * 255, random() * 255, random() * 255],
  }));
  for (let y = 0; y < h; y++) {
    const v = y / h;
    for (let x = 0; x < w; x++) {
      const u = x / w;
      // Sky to ground: a vertical gradient with a gentle wave across it.
      const band = 0.5 + 0.5 * Math.sin(6 * v + 3 * u + seed);
      const rgb = [base[0] * (1 - v) + 40 * v + 60 * band, base[1] * (1 - v) + 110 * v + 30 * band, base[2] * (1 - v) + 50 * v + 20 * band];
      for (const s of shapes) {
        const d = Math.hypot(x - s.x, y - s.y) / s.r;
        if (d < 1) for (let c = 0; c < 3; c++) rgb[c] += (s.colour[c] - rgb[c]) * (1 - d) * (1 - d);
      }
      for (let c = 0; c < 3; c++) field[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, rgb[c]));
    }
  }
  const pixels = await sharp(field, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
  // Grain: a table of noise read at a seeded stride, so that a large image costs one cheap pass.
  const grain = new Int8Array(65_536).map(() => Math.round((random() - 0.5) * 30));
  let g = Math.floor(random() * grain.length);
  for (let i = 0; i < pixels.length; i++) {
    g = (g + 7919) & 0xffff;
    pixels[i] = Math.max(0, Math.min(255, pixels[i] + grain[g]));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 82 }).toBuffer();
}

/** The size of the `index`th image an upload scenario sends: 1 to 4 megapixels, 16:9 or 4:3, each different. */
export function uploadSize(index: number): { width: number; height: number } {
  const sizes = [
    { width: 1280, height: 800 },
    { width: 1600, height: 1200 },
    { width: 2048, height: 1152 },
    { width: 2304, height: 1728 },
  ];
  return sizes[index % sizes.length];
}
