import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { makeImage } from '../media/test-images.js';

/** The other image kinds, real ones (sharp reads each before it is stored). */
const otherImages = async (): Promise<[string, Buffer, string][]> => [
  ['photo.jpg', await makeImage('jpeg', 8, 8), 'image/jpeg'],
  ['anim.gif', await makeImage('gif', 8, 8), 'image/gif'],
  ['pic.webp', await makeImage('webp', 8, 8), 'image/webp'],
  ['pic.avif', await makeImage('avif', 8, 8), 'image/avif'],
];

describe.each(testEngines())('image uploads on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const upload = (content: Buffer, token?: string, name = 'photo.png', field = 'file') => {
    const body = multipart({}, { [field]: { name, type: 'image/png', content } });
    return t.app.inject({ method: 'POST', url: '/api/File', payload: body.payload, headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };

  it('stores an image checked by content and serves it to anyone', async () => {
    const res = await upload(samples.png, admin, '封面 "cover".png');
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ size: samples.png.length, mimeType: 'image/png', url: `/api/File/Download/${file.id}` });
    expect(file.name).not.toContain('"');
    const download = await t.call('GET', file.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^inline; filename="[^"]*"; filename\*=UTF-8''/);
    expect(download.rawPayload.equals(samples.png)).toBe(true);
  });

  it('takes JPEG, GIF, WebP and AVIF by content too, whatever name they carry', async () => {
    for (const [name, content, mimeType] of await otherImages()) {
      const res = await upload(content, admin, `${name}.txt`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data).toMatchObject({ mimeType, size: content.length });
      const download = await t.call('GET', res.json().data.url);
      expect(download.headers['content-type']).toBe(mimeType);
      expect(download.rawPayload.equals(content)).toBe(true);
    }
  });

  it('refuses what is not an image, whatever its name, with 415', async () => {
    for (const content of [samples.pdf, samples.exe, samples.text]) {
      const res = await upload(content, admin, 'looks-like.png');
      expect(res.statusCode).toBe(415);
      expect(res.json().errorCode).toBe(40015);
    }
  });

  it('refuses an image over 20 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([samples.png, Buffer.alloc(20 * 1024 * 1024, 0)]);
    const res = await upload(big, admin, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40013 });
    const rows = await t.app.ctx.db.kysely.selectFrom('files').select('size').execute();
    expect(rows.map((r) => Number(r.size))).not.toContain(big.length);
  });

  it('needs a signed-in user with news, jobs or the site', async () => {
    expect((await upload(samples.png)).statusCode).toBe(401);
    const service = await buildUser(t, admin, ['service']);
    expect((await upload(samples.png, service.token)).statusCode).toBe(403);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await upload(samples.png, editor.token)).statusCode).toBe(200);
    const hr = await buildUser(t, admin, ['hr']);
    expect((await upload(samples.png, hr.token)).statusCode).toBe(200);
    const marketing = await buildUser(t, admin, ['marketing']);
    expect((await upload(samples.png, marketing.token)).statusCode).toBe(200);
  });

  it('asks for the file under its name, answers 404 for unknown files and 400 for a malformed id', async () => {
    expect((await upload(samples.png, admin, 'a.png', 'image')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/File/Download/99999')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/File/Download/abc')).statusCode).toBe(400);
  });
});
