import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ResizeWorker } from './resize-worker.js';

/** The nice value of each thread of this process (field 19 of its stat, after the name in brackets). */
function niceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('the resize worker', () => {
  it.runIf(process.platform === 'linux')('resizes at the lowest CPU priority, so pages are answered first', async () => {
    expect(Math.max(...niceValues())).toBe(0);
    const worker = new ResizeWorker();
    try {
      const input = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const output = await worker.resize({ input, width: 320, format: 'webp' });
      expect((await sharp(output).metadata()).width).toBe(320);
      // The worker's thread (and the encoder threads it started) run at nice 19; the rest of the
      // process, the event loop answering requests, is untouched.
      expect(niceValues()).toContain(19);
      expect(niceValues()).toContain(0);
    } finally {
      await worker.close();
    }
  });
});
