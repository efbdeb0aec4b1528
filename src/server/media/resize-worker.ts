import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { MEDIA_MAX_PIXELS } from '../../shared/schemas/media.js';
import type { VariantFormat } from '../../shared/schemas/media.js';

/**
 * Resizing and encoding run in a worker thread, one image at a time, so that a 50-megapixel upload
 * never holds up the requests the event loop is answering (docs/decisions/0032). The worker's code
 * is plain JavaScript given as text: it then runs the same from the TypeScript sources (tests, dev)
 * and from the built server, with no second file to build or ship.
 */

export interface ResizeJob {
  /**
   * The image, or how to read it: read only when the job's turn comes, so a queue holds no images.
   * A string is the path of a file libvips reads itself.
   */
  input: Buffer | (() => Promise<Buffer | string>);
  width: number;
  format: VariantFormat;
}

// Encoder settings: quality a photo needs on a retina screen, at an effort that keeps AVIF (the
// slowest) under a second or so for 1600 px.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const sharp = require(workerData.sharp);
// No libvips operation cache (each variant is made once, then stored) and one libvips thread: the
// server's memory stays bounded and a resize never takes every core from the requests.
sharp.cache(false);
sharp.concurrency(1);
// The lowest CPU priority for the threads that decode and encode: on a small server the pages go
// first and the variants take what is left. Linux gives each thread its own nice value. This thread
// only waits; the pixels are worked on by libvips's own threads, which are started (at the priority
// of whichever thread needed them first, the server's) and kept by libvips, not by this thread. So
// before each job and while it runs, every libvips thread of the process not lowered yet is lowered:
// they work only on images. Raising a nice value needs no privilege; lowering it back would, so it
// never is. Elsewhere than Linux this is skipped.
const fs = require('node:fs');
const os = require('node:os');
const lowered = new Set();
const lowerImageThreads = () => {
  let tids;
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of tids) {
    if (lowered.has(tid)) continue;
    try {
      if (!fs.readFileSync('/proc/self/task/' + tid + '/comm', 'utf8').startsWith('libvips')) continue;
      os.setPriority(Number(tid), 19);
      lowered.add(tid);
    } catch {}
  }
};
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {}
const OPTIONS = {
  // 4:2:0 chroma, as photos are sent on the web: half the bytes of 4:4:4 at the same quality, and
  // the encoder holds ~12 MB less for a 1600 px variant.
  avif: { quality: 50, effort: 3, chromaSubsampling: '4:2:0' },
  // Above 1024 px, effort 1: libaom holds 32 MB for a 1600 px image at efforts 0-2 and 45 MB from 3,
  // the most of any variant, and so the server's peak while uploads are resized. Quality 47 there
  // keeps the fidelity of 50 at effort 3; the file is ~7% larger and made in half the time
  // (docs/decisions/0066).
  avifWide: { quality: 47, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 78 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 8 },
};
// The image goes back to the main thread with the answer, moved rather than copied: dropped there,
// its memory is freed by the busy thread's next young collection, where here it waited for this quiet
// thread's next collection (a backlog of uploads held tens of megabytes of originals that way).
const back = (input) => (typeof input !== 'string' && input.byteOffset === 0 && input.byteLength === input.buffer.byteLength ? [input.buffer] : []);
// A job given a file writes its result there, so the result never becomes a buffer of the server's.
parentPort.on('message', async ({ job, input, width, format, file }) => {
  // A thread libvips starts during the job is lowered within a tenth of a second.
  lowerImageThreads();
  const watch = setInterval(lowerImageThreads, 100);
  try {
    const pipeline = sharp(input, { limitInputPixels: workerData.maxPixels })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toFormat(format, format === 'avif' && width > 1024 ? OPTIONS.avifWide : OPTIONS[format]);
    if (file) {
      await pipeline.toFile(file);
      parentPort.postMessage({ job, written: true, input }, back(input));
    } else {
      parentPort.postMessage({ job, output: await pipeline.toBuffer(), input }, back(input));
    }
  } catch (error) {
    parentPort.postMessage({ job, error: String(error && error.message || error), input }, back(input));
  } finally {
    clearInterval(watch);
  }
});
`;

const sharpPath = createRequire(import.meta.url).resolve('sharp');

interface Pending {
  job: number;
  resolve: (output?: Buffer) => void;
  reject: (error: Error) => void;
}

/** One worker and a queue of one: jobs run in turn, each waiting for the one before it. */
export class ResizeWorker {
  private worker: Worker | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private current: Pending | null = null;
  private jobs = 0;
  private closed = false;
  /** Jobs run so far (the tests check that a stored variant is not made again). */
  made = 0;

  /** The image resized and encoded. */
  async resize(job: ResizeJob): Promise<Buffer> {
    return (await this.queue(job))!;
  }

  /** The image resized and encoded into `file`, which libvips writes itself. */
  async resizeToFile(job: ResizeJob, file: string): Promise<void> {
    await this.queue(job, file);
  }

  private queue(job: ResizeJob, file?: string): Promise<Buffer | undefined> {
    const run = this.tail.then(() => this.run(job, file));
    // The queue goes on whether a job succeeds or fails.
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every job queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    await this.worker?.terminate();
    this.worker = null;
  }

  private async run(job: ResizeJob, file?: string): Promise<Buffer | undefined> {
    if (this.closed) throw new Error('The resize worker is closed');
    // A buffer read for the job is the job's own and is moved to the worker; a caller's is copied.
    const { input: given } = job;
    const owned = typeof given === 'function';
    const input = owned ? await given() : given;
    const worker = this.start();
    return new Promise<Buffer | undefined>((resolve, reject) => {
      this.current = { job: ++this.jobs, resolve, reject };
      this.made++;
      // Not when it is a view of a larger buffer (a small one shares Node's pool).
      const moved = owned && typeof input !== 'string' && input.byteOffset === 0 && input.byteLength === input.buffer.byteLength ? [input.buffer as ArrayBuffer] : [];
      worker.postMessage({ job: this.jobs, input, width: job.width, format: job.format, file }, moved);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sharp: sharpPath, maxPixels: MEDIA_MAX_PIXELS } });
    // A server keeps the process alive by itself; an idle worker must not.
    worker.unref();
    worker.on('message', (message: { job: number; output?: Uint8Array; written?: boolean; error?: string }) => {
      const pending = this.current;
      if (!pending || pending.job !== message.job) return;
      this.current = null;
      if (message.output) pending.resolve(Buffer.from(message.output.buffer, message.output.byteOffset, message.output.byteLength));
      else if (message.written) pending.resolve();
      else pending.reject(new Error(message.error ?? 'Resizing failed'));
    });
    const fail = (error: Error) => {
      this.worker = null;
      const pending = this.current;
      this.current = null;
      pending?.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The resize worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
