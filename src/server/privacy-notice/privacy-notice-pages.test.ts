import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/**
 * The public forms send the privacy notice's version their page showed (docs/decisions/0045): the
 * pages hold it in a hidden field, a newly published version reaches them at once, and a form sent
 * from a page older than the current version is refused with the reason. Needs `npm run build`.
 */
const versionIn = (html: string) => /<input type="hidden" name="privacyVersion" value="(\d+)"\/?>/.exec(html)?.[1];

describe.each(testEngines())('the privacy notice version in the public forms on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { web: true });
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it('puts the current version in each form and refuses a form from before a new one', async () => {
    expect(versionIn(await page('/ContactUs'))).toBe('0');
    expect(versionIn(await page('/Joinus'))).toBe('0');
    await t.call('POST', '/api/Site/Update', { privacyNotice: { 'zh-CN': '新版隐私声明', 'en-US': 'New privacy notice' } }, admin);
    expect(versionIn(await page('/ContactUs'))).toBe('1');
    expect(versionIn(await page('/Joinus'))).toBe('1');

    const post = (version: string) =>
      t.app.inject({
        method: 'POST',
        url: '/ContactUs',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'portico.locale=en-US' },
        payload: new URLSearchParams({ name: 'Li Lei', email: 'li.lei@example.com', message: 'Hello', privacyVersion: version }).toString(),
      });
    const stale = await post('0');
    expect(stale.statusCode).toBe(409);
    // In the visitor's language, with what they typed, under the current version, ready to send again.
    expect(stale.body).toContain('The privacy notice changed while you were filling in this form');
    expect(stale.body).not.toContain('隐私声明');
    expect(stale.body).toContain('value="li.lei@example.com"');
    expect(versionIn(stale.body)).toBe('1');
    expect(await t.app.ctx.db.kysely.selectFrom('contact_infos').select('id').execute()).toHaveLength(0);
    const sent = await post('1');
    expect(sent.statusCode).toBe(200);
    const stored = await t.app.ctx.db.kysely.selectFrom('contact_infos').select('privacy_version').execute();
    expect(stored).toEqual([{ privacy_version: 1 }]);
  });
});
