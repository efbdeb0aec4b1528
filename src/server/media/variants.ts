import { VARIANT_FORMATS, variantWidthsOf } from '../../shared/schemas/media.js';
import type { VariantFormat } from '../../shared/schemas/media.js';
import type { AppContext } from '../context.js';
import { readAll } from '../files/storage.js';
import { ResizeWorker } from './resize-worker.js';

/**
 * An image's variants (a width in a format), made once and kept in the file storage beside the
 * original: after the first time, a variant is read like any stored file. Made in the background
 * when an image is uploaded, and on demand when one is asked for before that; two requests for the
 * same variant wait for the same job.
 */

export interface StoredImage {
  id: number;
  storageKey: string;
  width: number | null;
}

/** Where a variant is stored; the original's id makes it unique (ids are never reused). */
export const variantKey = (fileId: number, width: number, format: VariantFormat) => `variants/${fileId}/${width}-${format}`;

/** Why a queued job made nothing: its image was deleted before the job's turn came. */
const DELETED = new Error('The image was deleted');

export class MediaVariants {
  readonly worker = new ResizeWorker();
  private readonly inflight = new Map<string, Promise<void>>();
  /** Images deleted while some of their variants were queued or being made: those are not stored. */
  private readonly deleted = new Set<number>();
  private closed = false;

  constructor(private readonly ctx: AppContext) {}

  /** The variant's storage key, once it is stored (made now if it was not). */
  async ensure(image: StoredImage, width: number, format: VariantFormat): Promise<string> {
    const key = variantKey(image.id, width, format);
    let job = this.inflight.get(key);
    if (!job) {
      job = this.make(image, key, width, format).finally(() => this.inflight.delete(key));
      this.inflight.set(key, job);
    }
    await job;
    return key;
  }

  /** Queues every variant of a new image; failures are logged, and the variant is made when asked for. */
  prepareAll(image: StoredImage, formats: VariantFormat[]): void {
    for (const width of variantWidthsOf(image.width)) {
      for (const format of formats) {
        this.ensure(image, width, format).catch((error: unknown) => {
          if (!this.closed) this.ctx.log.warn({ err: error, fileId: image.id, width, format }, 'image variant not made');
        });
      }
    }
  }

  /** Forgets every variant of an image (called once its record is gone). */
  async removeAll(image: StoredImage): Promise<void> {
    this.deleted.add(image.id);
    const keys = variantWidthsOf(image.width).flatMap((width) => VARIANT_FORMATS.map((format) => variantKey(image.id, width, format)));
    await Promise.all(keys.map((key) => this.ctx.storage.remove(key)));
  }

  /** Resolves once every variant being made (or queued) is made or has failed. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight.values()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker.close();
  }

  private async make(image: StoredImage, key: string, width: number, format: VariantFormat) {
    const { storage } = this.ctx;
    if (this.deleted.has(image.id) || (await storage.exists(key))) return;
    // The original is read when the job's turn comes, not when it is queued: a backlog of uploads
    // (the bench's: forty photos, a minute of variants) held every original in memory until then.
    // A file on this machine is opened by libvips itself, and a variant kept in a folder is written
    // there by libvips: neither becomes a buffer of the server's, which only a garbage collection
    // would free (docs/decisions/0066).
    const input = () => {
      if (this.deleted.has(image.id)) return Promise.reject(DELETED);
      return storage.fileOf ? Promise.resolve(storage.fileOf(image.storageKey)) : readAll(storage, image.storageKey);
    };
    try {
      if (storage.putWritten) {
        await storage.putWritten(key, async (file) => {
          await this.worker.resizeToFile({ input, width, format }, file);
          if (this.deleted.has(image.id)) throw DELETED;
        });
      } else {
        const output = await this.worker.resize({ input, width, format });
        if (this.deleted.has(image.id)) return;
        await storage.put(key, output);
      }
    } catch (error) {
      if (error === DELETED) return;
      // Another instance stored it first: the same bytes, nothing lost.
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
}

const services = new WeakMap<AppContext, MediaVariants>();

/** The app's variants service, started on first use. */
export function mediaVariants(ctx: AppContext): MediaVariants {
  let service = services.get(ctx);
  if (!service) {
    service = new MediaVariants(ctx);
    services.set(ctx, service);
  }
  return service;
}

/** Stops the worker when the app closes; what was not made yet is made on demand next time. */
export async function closeMediaVariants(ctx: AppContext): Promise<void> {
  await services.get(ctx)?.close();
}
