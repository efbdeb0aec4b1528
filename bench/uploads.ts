import { photo, uploadSize } from './images.js';

/** What the uploads beside a page load did. */
export interface UploadLoop {
  /** Images stored (`POST /api/File` answered), and their one variant served. */
  uploads: number;
  variants: number;
  /** Uploads or variant requests that failed or answered an error. */
  failures: number;
  /** After the window, how long the resize worker took to make every variant still queued. */
  backlogMs: number;
}

export interface UploadedImage {
  id: number;
  width: number;
  height: number;
  /** What an image field stores to name it (`/api/File/Download/12#w=…&h=…&t=jpeg`). */
  reference: string;
}

/** `POST /api/File` as staff: one JPEG into the media library. */
export async function uploadImage(base: string, token: string, image: Buffer, name: string): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${base}/api/File`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const envelope = (await res.json()) as { isSuccess: boolean; data: UploadedImage; message: string };
  if (!envelope.isSuccess) throw new Error(`File: ${envelope.message}`);
  return envelope.data;
}

/** Distinct photos (the content-hash dedupe must not skip any), made before the window so that making them costs the server nothing. */
export async function uploadImages(count: number, seed = 1_000): Promise<Buffer[]> {
  const images: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const { width, height } = uploadSize(i);
    images.push(await photo(width, height, seed + i));
  }
  return images;
}

/**
 * Uploads `images` as staff would, `perSecond` of them a second (at most `inFlight` uploads at once),
 * each followed by a request for one variant, so that sharp really decodes and encodes while pages are
 * served. `stop()` ends the uploads, then waits until every variant they queued is made: the next
 * scenario must not pay for this one's backlog.
 */
export function startUploads(base: string, token: string, images: Buffer[], options: { perSecond: number; inFlight: number }) {
  const result: UploadLoop = { uploads: 0, variants: 0, failures: 0, backlogMs: 0 };
  const pending = new Set<Promise<void>>();
  const variantRequests = new Set<Promise<void>>();
  const stored: { id: number; width: number }[] = [];
  let next = 0;

  const one = async (image: Buffer, index: number) => {
    const uploaded = await uploadImage(base, token, image, `bench-${index}.jpg`);
    result.uploads++;
    stored.push(uploaded);
    // The variant a page shows most (a content column's width, in the format browsers prefer),
    // asked for at once: it waits behind the variants queued before it. Staff go on uploading
    // meanwhile, so the next upload does not wait for it.
    const variant = fetch(`${base}/api/Media/${uploaded.id}/1024.avif`)
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`variant answered ${res.status}`);
        result.variants++;
      })
      .catch(() => {
        result.failures++;
      })
      .finally(() => variantRequests.delete(variant));
    variantRequests.add(variant);
  };

  const timer = setInterval(() => {
    if (pending.size >= options.inFlight || next >= images.length) return;
    const index = next++;
    const job = one(images[index], index)
      .catch(() => {
        result.failures++;
      })
      .finally(() => pending.delete(job));
    pending.add(job);
  }, 1000 / options.perSecond);

  return {
    /** Images not sent yet: a pool that runs dry means the window outlasted what was made for it. */
    remaining: () => images.length - next,
    async stop(): Promise<UploadLoop> {
      clearInterval(timer);
      const started = Date.now();
      await Promise.allSettled([...pending]);
      await Promise.allSettled([...variantRequests]);
      // Each image's widest JPEG is the last of its variants to be queued: once every one of them is
      // served, the worker's queue is empty.
      for (const image of stored) {
        const res = await fetch(`${base}/api/Media/${image.id}/${Math.min(1600, image.width)}.jpeg`, { signal: AbortSignal.timeout(600_000) }).catch(() => undefined);
        await res?.arrayBuffer().catch(() => undefined);
      }
      result.backlogMs = Date.now() - started;
      return result;
    },
  };
}
