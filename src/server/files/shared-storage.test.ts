import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../media/test-images.js';
import { mediaVariants, variantKey } from '../media/variants.js';
import { createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { startTestS3Server } from '../testing/s3-server.js';
import type { TestS3Server } from '../testing/s3-server.js';
import { readAll } from './storage.js';

/** Files kept in a folder, recursively. */
const filesIn = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];

async function keysOf(t: TestApp, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(prefix)) keys.push(key);
  return keys;
}

/**
 * Two Portico instances with their own DATA_DIR, one database and one S3-compatible bucket: what
 * one stores, the other serves (issue 20, item 6). On SQLite the second opens the first's file.
 */
describe.each(testEngines())('two instances sharing a database and an S3 bucket on %s', (engine) => {
  let s3: TestS3Server;
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let jobId: number;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    a = await createTestApp(engine, s3.env);
    b =
      engine === 'postgres'
        ? await createTestApp(engine, s3.env, { databaseOf: a })
        : await createTestApp(engine, { ...s3.env, DATABASE_URL: `sqlite:${path.join(a.dataDir, 'portico.db')}` });
    admin = await a.signIn();
    const category = (await a.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
    jobId = (await a.call('POST', '/api/Job', { title: '后端工程师', categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
  });
  afterAll(async () => {
    // The second instance borrows the first's database: it closes first.
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  it('says both are ready, with their files in S3', async () => {
    for (const t of [a, b]) {
      const res = await t.call('GET', '/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ status: 'ready', database: engine, files: 's3' });
    }
  });

  it('serves from one instance a résumé uploaded through the other', async () => {
    const form = multipart(
      { jobId: String(jobId), name: '张三', phone: '+86 138 0000 0000', email: 'zhang.san@example.com', consent: 'true' },
      { resume: { name: '简历.pdf', type: 'application/pdf', content: samples.pdf } },
    );
    const applied = await a.app.inject({ method: 'POST', url: '/api/JobApplication', payload: form.payload, headers: form.headers, remoteAddress: '10.9.0.1' });
    expect(applied.statusCode, applied.body).toBe(200);

    const record = (await b.call('GET', `/api/JobApplication/${applied.json().data.id}`, undefined, admin)).json().data;
    const download = await b.call('GET', record.resumeUrl, undefined, admin);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(samples.pdf)).toBe(true);

    // Kept in the bucket, in neither instance's folder.
    expect(filesIn(path.join(a.dataDir, 'files'))).toEqual([]);
    expect(filesIn(path.join(b.dataDir, 'files'))).toEqual([]);
    const row = await b.app.ctx.db.kysely.selectFrom('files').select('storage_key').where('kind', '=', 'resume').executeTakeFirstOrThrow();
    expect(await keysOf(b)).toContain(row.storage_key);
  });

  it('serves from one instance the image variants the other made, and makes a missing one once for both', async () => {
    const content = await makeImage('png', 1200, 800, 5);
    const form = multipart({}, { file: { name: 'wide.png', type: 'image/png', content } });
    const uploaded = await a.app.inject({ method: 'POST', url: '/api/File', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${admin}` } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().data.id as number;
    // The uploading instance makes every variant in the background.
    await mediaVariants(a.app.ctx).idle();
    expect(await keysOf(b, `variants/${id}/`)).toContain(variantKey(id, 640, 'webp'));

    const original = await b.call('GET', `/api/File/Download/${id}`);
    expect(original.rawPayload.equals(content)).toBe(true);
    const madeByB = mediaVariants(b.app.ctx).worker.made;
    const variant = await b.call('GET', `/api/Media/${id}/640.webp`);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.rawPayload.equals(await readAll(a.app.ctx.storage, variantKey(id, 640, 'webp')))).toBe(true);
    expect(mediaVariants(b.app.ctx).worker.made).toBe(madeByB);

    // One gone from the bucket: the instance asked makes it, the other then reads it as stored.
    await a.app.ctx.storage.remove(variantKey(id, 320, 'avif'));
    expect((await b.call('GET', `/api/Media/${id}/320.avif`)).statusCode).toBe(200);
    expect(mediaVariants(b.app.ctx).worker.made).toBe(madeByB + 1);
    const madeByA = mediaVariants(a.app.ctx).worker.made;
    expect((await a.call('GET', `/api/Media/${id}/320.avif`)).statusCode).toBe(200);
    expect(mediaVariants(a.app.ctx).worker.made).toBe(madeByA);
  });

  it('answers a file whose object is gone from the bucket as it does one gone from disk: an error, not a hang', async () => {
    const row = await a.app.ctx.db.kysely.selectFrom('files').select(['id', 'storage_key']).where('kind', '=', 'resume').executeTakeFirstOrThrow();
    await a.app.ctx.storage.remove(row.storage_key);
    const res = await b.call('GET', `/api/File/Download/${row.id}`, undefined, admin);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 50000 });
  });
});

describe('readiness with an S3 bucket', () => {
  it('reports the file storage unavailable (503) while the S3 server is down', async () => {
    const s3 = await startTestS3Server();
    const t = await createTestApp('sqlite', s3.env);
    try {
      expect((await t.call('GET', '/readyz')).statusCode).toBe(200);
      await s3.close();
      const res = await t.call('GET', '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 50003, message: 'The file storage is unavailable', data: { unavailable: 'files', files: 's3' } });
    } finally {
      await t.close();
    }
  });
});
