import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { SVG, makeImage, pngClaiming } from './test-images.js';
import { mediaVariants, variantKey } from './variants.js';

describe.each(testEngines())('the media library on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    categoryId = (await t.call('POST', '/api/NewsCategory', { name: 'Media' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const upload = (content: Buffer, token: string | null = admin, name = 'photo.png') => {
    const body = multipart({}, { file: { name, type: 'image/png', content } });
    return t.app.inject({ method: 'POST', url: '/api/File', payload: body.payload, headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };
  const uploaded = async (content: Buffer, name?: string) => {
    const res = await upload(content, admin, name);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; url: string; reference: string; width: number; height: number; mimeType: string };
  };
  const fileCount = async () => Number((await t.app.ctx.db.kysely.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const storedFiles = () => {
    const root = path.join(t.dataDir, 'files');
    return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).length : 0;
  };

  it('takes every format by content, AVIF too, with its size in pixels and a reference that carries it', async () => {
    for (const [format, mimeType] of [['png', 'image/png'], ['jpeg', 'image/jpeg'], ['webp', 'image/webp'], ['avif', 'image/avif'], ['gif', 'image/gif']] as const) {
      const content = await makeImage(format, 300, 200, 1);
      const file = await uploaded(content, `picture.${format}.txt`);
      expect(file, format).toMatchObject({ mimeType, width: 300, height: 200, url: `/api/File/Download/${file.id}` });
      expect(file.reference).toBe(`/api/File/Download/${file.id}#w=300&h=200&t=${format}`);
      const download = await t.call('GET', file.url);
      expect(download.headers['content-type']).toBe(mimeType);
      expect(download.rawPayload.equals(content)).toBe(true);
      const media = (await t.call('GET', `/api/Media/${file.id}`, undefined, admin)).json().data;
      expect(media).toMatchObject({ id: file.id, width: 300, height: 200, alt: { 'zh-CN': '', 'en-US': '' } });
      // A GIF keeps its original only; the others come as AVIF, WebP and their own format.
      const formats = [...new Set(media.variants.map((v: { format: string }) => v.format))].sort();
      expect(formats, format).toEqual(format === 'gif' ? [] : [...new Set(['avif', 'webp', format])].sort());
    }
  });

  it('refuses SVG, text, over 20 MB and over 50 megapixels, and stores nothing', async () => {
    await mediaVariants(t.app.ctx).idle();
    const before = { rows: await fileCount(), stored: storedFiles() };
    for (const content of [SVG, samples.text, samples.pdf]) {
      const res = await upload(content, admin, 'image.png');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40015 });
    }
    const big = Buffer.concat([await makeImage('png', 10, 10), Buffer.alloc(21 * 1024 * 1024, 1)]);
    const tooBig = await upload(big, admin, 'big.png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ isSuccess: false, errorCode: 40013 });
    const bomb = await upload(pngClaiming(10_000, 6_000), admin, 'bomb.png');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ isSuccess: false, errorCode: 40013, message: 'The image is larger than 50 megapixels' });
    expect(await fileCount()).toBe(before.rows);
    expect(storedFiles()).toBe(before.stored);
  });

  it('takes an image of up to 20 MB', async () => {
    // A JPEG of 19 MB: a real photo's header and pixels, padded after its end as some cameras do.
    const big = Buffer.concat([await makeImage('jpeg', 64, 48, 5), Buffer.alloc(19 * 1024 * 1024, 0)]);
    const file = await uploaded(big, 'camera.jpg');
    expect(file).toMatchObject({ size: big.length, width: 64, height: 48 });
  });

  it('stores the same bytes once', async () => {
    const content = await makeImage('png', 64, 64, 7);
    const first = await uploaded(content, 'first.png');
    const rows = await fileCount();
    const second = await uploaded(content, 'second.png');
    expect(second.id).toBe(first.id);
    expect(await fileCount()).toBe(rows);
  });

  it('serves variants at their width and type, makes each once and keeps it', async () => {
    const file = await uploaded(await makeImage('png', 1200, 800, 3), 'wide.png');
    const variants = mediaVariants(t.app.ctx);
    await variants.idle();
    const media = (await t.call('GET', `/api/Media/${file.id}`, undefined, admin)).json().data;
    expect(media.variants.map((v: { width: number }) => v.width)).toEqual([320, 320, 320, 640, 640, 640, 1024, 1024, 1024, 1200, 1200, 1200]);

    for (const [name, type, format, width] of [['640.webp', 'image/webp', 'webp', 640], ['320.avif', 'image/avif', 'heif', 320], ['1024.png', 'image/png', 'png', 1024]] as const) {
      const res = await t.call('GET', `/api/Media/${file.id}/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(res.rawPayload).metadata();
      expect(metadata).toMatchObject({ format, width, height: Math.round((800 * width) / 1200) });
    }
    // Made in the background on upload: asking for them made nothing more.
    const made = variants.worker.made;
    await t.call('GET', `/api/Media/${file.id}/640.webp`);
    expect(variants.worker.made).toBe(made);

    // One not made yet (gone from storage) is made once for requests that ask at the same time, then kept.
    await t.app.ctx.storage.remove(variantKey(file.id, 640, 'avif'));
    const answers = await Promise.all([1, 2, 3].map(() => t.call('GET', `/api/Media/${file.id}/640.avif`)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(variants.worker.made).toBe(made + 1);
    expect(await t.app.ctx.storage.exists(variantKey(file.id, 640, 'avif'))).toBe(true);
    await t.call('GET', `/api/Media/${file.id}/640.avif`);
    expect(variants.worker.made).toBe(made + 1);

    // Never wider than the original, only the formats it has, nothing for unknown images.
    for (const url of [`/api/Media/${file.id}/1600.webp`, `/api/Media/${file.id}/500.webp`, `/api/Media/${file.id}/640.jpeg`, '/api/Media/99999/640.webp']) {
      expect((await t.call('GET', url)).statusCode, url).toBe(404);
    }
    expect((await t.call('GET', `/api/Media/${file.id}/640.svg`)).statusCode).toBe(400);
  });

  it('makes the variants of a large photo off the event loop: other requests are answered meanwhile', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();
    const variants = mediaVariants(t.app.ctx);
    await variants.idle();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const file = await uploaded(photo, 'noise.jpg');
    const working = variants.idle();
    let finished = false;
    void working.then(() => (finished = true));
    const health = await t.call('GET', '/healthz');
    expect(health.statusCode).toBe(200);
    expect(finished, 'the health check waited for the variants').toBe(false);
    await working;
    delay.disable();
    // Thirteen encodings of a 12-megapixel photo take seconds; the event loop never stalled for long.
    expect(delay.max / 1e6).toBeLessThan(500);
    const made = await t.call('GET', `/api/Media/${file.id}/1600.avif`);
    expect((await sharp(made.rawPayload).metadata()).width).toBe(1600);
    // The encodings run at the lowest CPU priority (docs/decisions/0032): on a machine busy with other
    // work they wait their turn, which is the point, and can take well over the default 30 s.
  }, 180_000);

  it('lists with paging and a keyword on name and alt text, and changes the alt text', async () => {
    const file = await uploaded(await makeImage('jpeg', 100, 80, 11), 'harbour-view.jpg');
    const changed = await t.call('POST', '/api/Media/Update', { id: file.id, alt: { 'zh-CN': '港口的早晨', 'en-US': 'The harbour at dawn' } }, admin);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.alt).toEqual({ 'zh-CN': '港口的早晨', 'en-US': 'The harbour at dawn' });
    for (const keyword of ['harbour-view', 'at dawn', '港口']) {
      const list = (await t.call('POST', '/api/Media/Query', { keyword }, admin)).json().data;
      expect(list.items.map((m: { id: number }) => m.id), keyword).toEqual([file.id]);
    }
    const page = (await t.call('POST', '/api/Media/Query', { page: 1, pageSize: 2 }, admin)).json().data;
    expect(page.items).toHaveLength(2);
    expect(page.meta.total).toBeGreaterThan(2);
    expect(page.items[0].id).toBe(file.id); // newest first
    const refused = await t.call('POST', '/api/Media/Update', { id: file.id, alt: { 'zh-CN': 'x'.repeat(301), 'en-US': '' } }, admin);
    expect(refused.statusCode).toBe(400);
    expect((await t.call('POST', '/api/Media/Update', { id: 99999, alt: { 'zh-CN': '', 'en-US': '' } }, admin)).statusCode).toBe(404);
  });

  it('refuses to delete an image in use, saying where, and deletes it with its variants once unused', async () => {
    const file = await uploaded(await makeImage('png', 700, 400, 21), 'cover.png');
    await mediaVariants(t.app.ctx).idle();
    const news = (await t.call('POST', '/api/News', { title: 'Harbour opens', content: '<p>x</p>', categoryId, coverUrl: file.reference }, admin)).json().data;
    const inText = (
      await t.call('POST', '/api/News', { title: 'In the text', content: `<p><img src="${file.url}" alt=""></p>`, categoryId }, admin)
    ).json().data;

    const refused = await t.call('DELETE', `/api/Media/${file.id}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'in-use' } });
    expect(refused.json().data.uses).toEqual([
      { entity: 'News', id: news.id, label: 'Harbour opens' },
      { entity: 'News', id: inText.id, label: 'In the text' },
    ]);
    expect((await t.call('GET', file.url)).statusCode).toBe(200);

    await t.call('DELETE', `/api/News/${news.id}`, undefined, admin);
    await t.call('DELETE', `/api/News/${inText.id}`, undefined, admin);
    await mediaVariants(t.app.ctx).idle();
    const storedBefore = storedFiles();
    const deleted = await t.call('DELETE', `/api/Media/${file.id}`, undefined, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.call('GET', file.url)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/Media/${file.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/Media/${file.id}/320.webp`)).statusCode).toBe(404);
    // The original and its 9 variants (320, 640 and 700 wide in AVIF, WebP and PNG) are gone.
    expect(storedBefore - storedFiles()).toBe(10);
    expect((await t.call('DELETE', `/api/Media/${file.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('keeps no variant of an image deleted while its variants were being made', async () => {
    const variants = mediaVariants(t.app.ctx);
    await variants.idle();
    const stored = storedFiles();
    const file = await uploaded(await makeImage('png', 1500, 1000, 41), 'short-lived.png');
    expect((await t.call('DELETE', `/api/Media/${file.id}`, undefined, admin)).statusCode).toBe(200);
    await variants.idle();
    expect(storedFiles()).toBe(stored);
  });

  it('lets staff of news, jobs and the site upload, list and describe, and only the site delete', async () => {
    const content = await makeImage('webp', 40, 40, 31);
    const service = await buildUser(t, admin, ['service']);
    const editor = await buildUser(t, admin, ['editor']);
    const hr = await buildUser(t, admin, ['hr']);
    const marketing = await buildUser(t, admin, ['marketing']);
    expect((await upload(content, null)).statusCode).toBe(401);
    expect((await upload(content, service.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/Media/Query', {}, service.token)).statusCode).toBe(403);
    for (const user of [editor, hr, marketing]) {
      const res = await upload(content, user.token);
      expect(res.statusCode).toBe(200);
      expect((await t.call('POST', '/api/Media/Query', {}, user.token)).statusCode).toBe(200);
      expect((await t.call('POST', '/api/Media/Update', { id: res.json().data.id, alt: { 'zh-CN': '图', 'en-US': 'Picture' } }, user.token)).statusCode).toBe(200);
    }
    const id = (await upload(content, editor.token)).json().data.id;
    expect((await t.call('DELETE', `/api/Media/${id}`, undefined, editor.token)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/Media/${id}`, undefined, hr.token)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/Media/${id}`, undefined, marketing.token)).statusCode).toBe(200);
  });
});
