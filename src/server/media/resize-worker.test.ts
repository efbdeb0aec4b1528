import fs from 'node:fs';
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
});
