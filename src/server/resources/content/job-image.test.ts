import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';
import { makeImage } from '../../media/test-images.js';
import { mediaVariants } from '../../media/variants.js';
import { jobDetailPath } from '../../../shared/paths.js';

/** A job's image (issue 16): stored like a news cover, protected while used, drawn and shared by the job's page. */

interface Uploaded {
  id: number;
  url: string;
  reference: string;
}

async function uploadImage(t: TestApp, token: string, seed: number): Promise<Uploaded> {
  const body = multipart({}, { file: { name: `job-${seed}.jpg`, type: 'image/jpeg', content: await makeImage('jpeg', 1600, 900, seed) } });
  const res = await t.app.inject({ method: 'POST', url: '/api/File', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Uploaded;
}

describe.each(testEngines())('a job image on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    categoryId = (await t.call('POST', '/api/JobCategory', { name: '图片职位' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const createJob = async (fields: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/Job', { title: 'Designer', categoryId, description: '<p>d</p>', ...fields }, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; imageUrl: string | null };
  };
  const imageOf = async (id: number) => (await t.call('GET', `/api/Job/${id}`, undefined, admin)).json().data.imageUrl as string | null;

  it('is created, changed, kept by an update that does not name it, and cleared by null or an empty text', async () => {
    const reference = '/api/File/Download/12#w=1600&h=900&t=jpeg';
    expect((await createJob({})).imageUrl).toBeNull();
    const job = await createJob({ imageUrl: reference });
    expect(job.imageUrl).toBe(reference);
    expect(await imageOf(job.id)).toBe(reference);

    const changed = await t.call('POST', '/api/Job/Update', { id: job.id, imageUrl: ' https://cdn.example.com/team.png ' }, admin);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.imageUrl).toBe('https://cdn.example.com/team.png');
    expect((await t.call('POST', '/api/Job/Update', { id: job.id, title: 'Senior designer' }, admin)).json().data.imageUrl).toBe('https://cdn.example.com/team.png');

    expect((await t.call('POST', '/api/Job/Update', { id: job.id, imageUrl: null }, admin)).json().data.imageUrl).toBeNull();
    expect(await imageOf(job.id)).toBeNull();
    await t.call('POST', '/api/Job/Update', { id: job.id, imageUrl: reference }, admin);
    expect((await t.call('POST', '/api/Job/Update', { id: job.id, imageUrl: '' }, admin)).json().data.imageUrl).toBeNull();
    expect(await imageOf(job.id)).toBeNull();
    expect((await createJob({ imageUrl: '' })).imageUrl).toBeNull();
  });

  it('refuses what is not an image address, naming the field, and changes nothing', async () => {
    const job = await createJob({ imageUrl: '/api/File/Download/3' });
    for (const imageUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'team.png', `/${'x'.repeat(2100)}`, 42]) {
      const created = await t.call('POST', '/api/Job', { title: 'x', categoryId, description: '<p>d</p>', imageUrl }, admin);
      expect(created.statusCode, String(imageUrl)).toBe(400);
      expect(JSON.stringify(created.json().data), String(imageUrl)).toContain('imageUrl');
      const updated = await t.call('POST', '/api/Job/Update', { id: job.id, imageUrl }, admin);
      expect(updated.statusCode, String(imageUrl)).toBe(400);
    }
    expect(await imageOf(job.id)).toBe('/api/File/Download/3');
  });

  it('keeps its library image from being deleted, naming the job, until it no longer shows it', async () => {
    const image = await uploadImage(t, admin, 31);
    const inText = await uploadImage(t, admin, 32);
    await mediaVariants(t.app.ctx).idle();
    const job = await createJob({ title: 'Harbour pilot', imageUrl: image.reference });
    const described = await createJob({ title: 'Crane operator', requirements: `<p><img src="${inText.url}" alt=""></p>` });

    const refused = await t.call('DELETE', `/api/Media/${image.id}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'in-use' } });
    expect(refused.json().data.uses).toEqual([{ entity: 'Job', id: job.id, label: 'Harbour pilot' }]);
    expect((await t.call('GET', image.url)).statusCode).toBe(200);
    const refusedInText = await t.call('DELETE', `/api/Media/${inText.id}`, undefined, admin);
    expect(refusedInText.statusCode).toBe(409);
    expect(refusedInText.json().data.uses).toEqual([{ entity: 'Job', id: described.id, label: 'Crane operator' }]);

    // Another image whose id starts with this one's digits is no use of it.
    await t.call('POST', '/api/Job/Update', { id: job.id, imageUrl: `${image.url}0#w=1&h=1&t=png` }, admin);
    await mediaVariants(t.app.ctx).idle();
    const deleted = await t.call('DELETE', `/api/Media/${image.id}`, undefined, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.call('GET', image.url)).statusCode).toBe(404);
  });
});

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const metaOf = (html: string, key: string) => {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((m) => m.includes(`property="${key}"`));
  return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? '') : null;
};

/** The job's page as a visitor's browser receives it, through the built web app (`npm run build` first). */
describe.each(testEngines())('a job page with an image on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { web: true });
    admin = await t.signIn();
    categoryId = (await t.call('POST', '/api/JobCategory', { name: 'Open roles' }, admin)).json().data.id;
  });
  afterAll(() => t?.close());

  const openJob = async (fields: Record<string, unknown>) =>
    (await t.call('POST', '/api/Job', { categoryId, description: '<p>Build things.</p>', status: 'open', ...fields }, admin)).json().data as { id: number };
  const page = async (id: number) => {
    const res = await t.app.inject({ method: 'GET', url: jobDetailPath(id), headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('draws the image at once with its size and variants, and shares it described by the job title', async () => {
    const publicUrl = t.app.ctx.config.publicUrl;
    const job = await openJob({ title: 'Harbour <pilot>', imageUrl: '/api/File/Download/7#w=1600&h=900&t=jpeg' });
    const html = await page(job.id);
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(html)?.[0];
    expect(picture).toBeDefined();
    expect(picture).toContain('<source type="image/avif" srcSet="/api/Media/7/320.avif 320w, /api/Media/7/640.avif 640w, /api/Media/7/1024.avif 1024w, /api/Media/7/1600.avif 1600w"');
    expect(picture).toContain('sizes="(max-width: 820px) 100vw, 780px"');
    const img = /<img\b[^>]*>/.exec(picture!)![0];
    expect(img).toContain('src="/api/Media/7/1024.jpeg"');
    expect(img).toContain('width="1600" height="900"');
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('alt=""');
    // Under the title, before the job's facts.
    expect(html.indexOf('<picture>')).toBeGreaterThan(html.indexOf('<h1>'));
    expect(html.indexOf('<picture>')).toBeLessThan(html.indexOf('class="facts"'));
    expect(metaOf(html, 'og:image')).toBe(`${publicUrl}/api/File/Download/7`);
    expect(metaOf(html, 'og:image:alt')).toBe('Harbour <pilot>');
  });

  it('draws an outside address as a plain image, and without an image shares the site\'s share image', async () => {
    const publicUrl = t.app.ctx.config.publicUrl;
    const outside = await openJob({ title: 'Crane operator', imageUrl: 'https://cdn.example.com/crane.png' });
    let html = await page(outside.id);
    expect(html).not.toContain('<picture>');
    expect(html).toMatch(/<img src="https:\/\/cdn\.example\.com\/crane\.png" alt="" width="780" height="400" loading="eager"/);
    expect(metaOf(html, 'og:image')).toBe('https://cdn.example.com/crane.png');

    const plain = await openJob({ title: 'Clerk' });
    html = await page(plain.id);
    expect(html).not.toContain('<picture>');
    expect(html).not.toContain('/api/Media/');
    expect(metaOf(html, 'og:image')).toBe(`${publicUrl}/share-default.png`);
    expect(metaOf(html, 'og:image:alt')).not.toBe('Clerk');
  });
});
