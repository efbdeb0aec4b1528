import zlib from 'node:zlib';
import sharp from 'sharp';

/** Real images for the library's tests, made with sharp so that every format is what it says. */

export async function makeImage(format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif', width = 1200, height = 800, seed = 0): Promise<Buffer> {
  // A gradient-free block of colour compresses to almost nothing; the seed makes distinct bytes.
  const image = sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 200 } } });
  return image.toFormat(format).toBuffer();
}

/**
 * A PNG whose header claims `width` × `height` pixels and whose data is one tiny row: a
 * decompression bomb's shape, without the memory to build a real one.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width * 3 > 4096 ? 4096 : 1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
