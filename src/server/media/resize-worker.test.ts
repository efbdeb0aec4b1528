import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ResizeWorker } from './resize-worker.js';

/** Each thread of this process: its name and nice value (field 19 of its stat, after the name in brackets). */
function threads(): { tid: number; name: string; nice: number }[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return {
      tid: Number(tid),
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]),
    };
  });
}

describe('the resize worker', () => {
  it.runIf(process.platform === 'linux')('resizes at the lowest CPU priority, so pages are answered first', async () => {
    expect(Math.max(...threads().map((thread) => thread.nice))).toBe(0);
    // An image read on the server's side first (as an upload's size is): libvips starts its threads
    // then, at the server's priority, and keeps them for the jobs that follow.
    const input = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const imageThreads = () => threads().filter((thread) => thread.name.startsWith('libvips'));
    expect(imageThreads().length).toBeGreaterThan(0);
    const worker = new ResizeWorker();
    try {
      const output = await worker.resize({ input, width: 320, format: 'webp' });
      // Every thread that works on pixels now runs at nice 19, those started before the worker too;
      // the event loop answering requests (the process's first thread) is untouched.
      expect(imageThreads().map((thread) => thread.nice)).toEqual(imageThreads().map(() => 19));
      expect(threads().find((thread) => thread.tid === process.pid)?.nice).toBe(0);
      expect((await sharp(output).metadata()).width).toBe(320);
    } finally {
      await worker.close();
    }
  });

  it('reads an image from its file and writes a variant to a file, each through libvips', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-resize-'));
    const worker = new ResizeWorker();
    try {
      const original = path.join(dir, 'original');
      fs.writeFileSync(original, await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } }).jpeg().toBuffer());
      for (const [width, format] of [[1600, 'avif'], [640, 'webp']] as const) {
        const variant = path.join(dir, `${width}-${format}`);
        await worker.resizeToFile({ input: async () => original, width, format }, variant);
        const made = await sharp(variant).metadata();
        expect([made.format, made.width, made.height]).toEqual([format === 'avif' ? 'heif' : format, width, width / 2]);
      }
      // A file that is not there fails the job, and the queue goes on.
      await expect(worker.resizeToFile({ input: async () => path.join(dir, 'missing'), width: 320, format: 'webp' }, path.join(dir, 'never'))).rejects.toThrow();
      expect(fs.existsSync(path.join(dir, 'never'))).toBe(false);
      const output = await worker.resize({ input: async () => original, width: 320, format: 'jpeg' });
      expect((await sharp(output).metadata()).width).toBe(320);
    } finally {
      await worker.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
