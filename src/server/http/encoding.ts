import zlib from 'node:zlib';

/** Whether an Accept-Encoding header accepts `coding`: named, or by `*`, without `;q=0`. */
export function acceptsEncoding(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
}

/** An answer sent many times as it is (a kept page, a kept public API answer), with its compressed variants. */
export interface Compressible {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this, compressing saves fewer bytes than it costs: the answer goes as it is. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * The bytes to send for an Accept-Encoding header. A variant is compressed on first demand and kept
 * on the answer, so an answer sent a thousand times is compressed once (brotli at quality 5: within
 * a few per cent of the best size, at a fraction of its time).
 */
export function encodedBody(answer: Compressible, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (answer.body.length < MIN_COMPRESSED_BYTES) return { body: answer.body };
  if (acceptsEncoding(acceptEncoding, 'br')) {
    answer.br ??= zlib.brotliCompressSync(answer.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body: answer.br, encoding: 'br' };
  }
  if (acceptsEncoding(acceptEncoding, 'gzip')) {
    answer.gzip ??= zlib.gzipSync(answer.body, { level: 6 });
    return { body: answer.gzip, encoding: 'gzip' };
  }
  return { body: answer.body };
}
