import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

/** Records in two languages (docs/decisions/0054): written, merged, checked, resolved, listed, on both engines. */
describe.each(testEngines())('translations of news, jobs and categories on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let newsCategory: number;
  let jobCategory: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    newsCategory = (await t.call('POST', '/api/NewsCategory', { name: '行业动态', translations: { 'en-US': { name: 'Industry' } } }, admin)).json().data.id;
    jobCategory = (await t.call('POST', '/api/JobCategory', { name: '市场营销' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const ok = async (res: ReturnType<TestApp['call']>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const createNews = (fields: Record<string, unknown>) =>
    ok(t.call('POST', '/api/News', { title: '标题', content: '<p>正文</p>', categoryId: newsCategory, status: 'published', ...fields }, admin));
  const visitor = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) => ok(t.call(method, url, body, undefined, headers));
  const setListUntranslated = (listUntranslated: boolean) => ok(t.call('POST', '/api/Site/Update', { listUntranslated }, admin));

  it('writes translations, answers them to staff, and keeps the own fields as they were', async () => {
    const news = await createNews({ title: '港口开放', summary: '摘要', translations: { 'en-US': { title: 'Harbour opens', summary: 'In short', content: '<p>Words</p>' } } });
    expect(news).toMatchObject({ title: '港口开放', summary: '摘要', content: '<p>正文</p>', locale: 'zh-CN' });
    expect(news.translations).toEqual({ 'en-US': { title: 'Harbour opens', summary: 'In short', content: '<p>Words</p>' } });
    expect(await ok(t.call('GET', `/api/News/${news.id}`, undefined, admin))).toMatchObject({ translations: news.translations });
    const plain = await createNews({ title: '无翻译' });
    expect(plain.translations).toEqual({});
  });

  it('merges a partial update per language and per field; null removes a text or a whole language', async () => {
    const news = await createNews({ translations: { 'en-US': { title: 'Old', summary: 'Kept', content: '<p>Kept</p>' } } });
    const changed = await ok(t.call('POST', '/api/News/Update', { id: news.id, translations: { 'en-US': { title: 'New' } } }, admin));
    expect(changed.translations).toEqual({ 'en-US': { title: 'New', summary: 'Kept', content: '<p>Kept</p>' } });
    expect(changed.title).toBe('标题');
    const untouched = await ok(t.call('POST', '/api/News/Update', { id: news.id, title: '新标题' }, admin));
    expect(untouched.translations).toEqual(changed.translations);
    const fieldRemoved = await ok(t.call('POST', '/api/News/Update', { id: news.id, translations: { 'en-US': { summary: null } } }, admin));
    expect(fieldRemoved.translations).toEqual({ 'en-US': { title: 'New', content: '<p>Kept</p>' } });
    const removed = await ok(t.call('POST', '/api/News/Update', { id: news.id, translations: { 'en-US': null } }, admin));
    expect(removed.translations).toEqual({});
  });

  it('checks translations with the main fields\' rules, sanitises their rich text, and refuses the own language', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ translations: { 'en-US': { title: 'x'.repeat(201) } } }, 'translations.en-US.title'],
      [{ translations: { 'en-US': { title: '' } } }, 'translations.en-US.title'],
      [{ translations: { 'en-US': { colour: 'red' } } }, 'translations.en-US.colour'],
      [{ translations: { 'fr-FR': { title: 'Bonjour' } } }, 'translations.fr-FR'],
      [{ translations: { 'zh-CN': { title: '重复' } } }, 'translations.zh-CN'],
    ];
    for (const [fields, path] of refusals) {
      const res = await t.call('POST', '/api/News', { title: '标题', content: '<p>x</p>', categoryId: newsCategory, ...fields }, admin);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().data.issues.map((issue: { path: string }) => issue.path), JSON.stringify(fields)).toContain(path);
    }
    const news = await createNews({ translations: { 'en-US': { title: 'Clean', content: '<p onclick="x()">Hi<script>alert(1)</script></p>' } } });
    expect(news.translations['en-US'].content).toBe('<p>Hi</p>');
    const job = await ok(
      t.call('POST', '/api/Job', { title: '工程师', description: '<p>职责</p>', categoryId: jobCategory, translations: { 'en-US': { title: 'Engineer', description: '<p>Duties</p><iframe src="https://evil.example"></iframe>', requirements: '<ul><li>Go</li></ul><script>x()</script>' } } }, admin),
    );
    expect(job.translations['en-US']).toEqual({ title: 'Engineer', description: '<p>Duties</p>', requirements: '<ul><li>Go</li></ul>' });
    // A record written in English takes its Chinese texts as the translation.
    const english = await createNews({ title: 'Written in English', locale: 'en-US', translations: { 'zh-CN': { title: '英文稿', content: '<p>中文</p>' } } });
    expect(english.translations['zh-CN'].title).toBe('英文稿');
    expect((await t.call('POST', '/api/News/Update', { id: english.id, translations: { 'en-US': { title: 'x' } } }, admin)).statusCode).toBe(400);
  });

  it('resolves a visitor\'s read by ?locale=, else Accept-Language, and says which language the text is in', async () => {
    const news = await createNews({ title: '双语新闻', summary: '中文摘要', translations: { 'en-US': { title: 'Bilingual news', content: '<p>English body</p>' } } });
    const english = await visitor('GET', `/api/News/${news.id}?locale=en-US`);
    expect(english).toMatchObject({ title: 'Bilingual news', summary: '', content: '<p>English body</p>', locale: 'en-US', categoryName: 'Industry', categoryNameLocale: 'en-US' });
    expect(english).not.toHaveProperty('translations');
    expect(await visitor('GET', `/api/News/${news.id}`, undefined, { 'accept-language': 'en-GB,en;q=0.9' })).toMatchObject({ title: 'Bilingual news', locale: 'en-US' });
    // The query parameter wins over the header; no preference at all answers the record's own texts.
    expect(await visitor('GET', `/api/News/${news.id}?locale=zh-CN`, undefined, { 'accept-language': 'en' })).toMatchObject({ title: '双语新闻', summary: '中文摘要', locale: 'zh-CN', categoryName: '行业动态', categoryNameLocale: 'zh-CN' });
    expect(await visitor('GET', `/api/News/${news.id}`)).toMatchObject({ title: '双语新闻', locale: 'zh-CN' });
    expect((await t.call('GET', `/api/News/${news.id}?locale=fr-FR`)).statusCode).toBe(400);
    // In a list: `locale` in the body, else the header; `fields` may ask for the languages.
    const listed = await visitor('POST', '/api/News/Query', { pageSize: 100, fields: ['title', 'locale', 'categoryNameLocale'], locale: 'en-US' });
    expect(listed.items.find((item: { id: number }) => item.id === news.id)).toEqual({ id: news.id, title: 'Bilingual news', locale: 'en-US', categoryNameLocale: 'en-US' });
    const byHeader = await visitor('POST', '/api/News/Query', { pageSize: 100 }, { 'accept-language': 'en-US' });
    expect(byHeader.items.find((item: { id: number }) => item.id === news.id)).toMatchObject({ title: 'Bilingual news', locale: 'en-US' });
    // Categories too.
    const categories = await visitor('POST', '/api/NewsCategory/Query', { locale: 'en-US', fields: ['name', 'locale'] });
    expect(categories.items.find((item: { id: number }) => item.id === newsCategory)).toEqual({ id: newsCategory, name: 'Industry', locale: 'en-US' });
    expect(await visitor('GET', `/api/JobCategory/${jobCategory}?locale=en-US`)).toMatchObject({ name: '市场营销', locale: 'zh-CN' });
  });

  it('falls back to the record\'s own texts when the asked language has no usable translation, marked by `locale`', async () => {
    const untranslated = await createNews({ title: '只有中文' });
    expect(await visitor('GET', `/api/News/${untranslated.id}?locale=en-US`)).toMatchObject({ title: '只有中文', locale: 'zh-CN' });
    // A translation without its required texts (here the content) is not used at all: no article mixes languages.
    const partial = await createNews({ title: '半译', translations: { 'en-US': { title: 'Half done' } } });
    expect(await visitor('GET', `/api/News/${partial.id}?locale=en-US`)).toMatchObject({ title: '半译', content: '<p>正文</p>', locale: 'zh-CN' });
    const englishOnly = await createNews({ title: 'Only English', locale: 'en-US' });
    expect(await visitor('GET', `/api/News/${englishOnly.id}?locale=zh-CN`)).toMatchObject({ title: 'Only English', locale: 'en-US' });
  });

  it('answers the latest jobs in the reader\'s language', async () => {
    const job = await ok(
      t.call('POST', '/api/Job', { title: '销售经理', description: '<p>职责</p>', department: '市场部', categoryId: jobCategory, status: 'open', translations: { 'en-US': { title: 'Sales manager', description: '<p>Duties</p>' } } }, admin),
    );
    const latest = (await visitor('POST', '/api/Job/Latest', { locale: 'en-US' })) as { id: number }[];
    expect(latest.find((item) => item.id === job.id)).toMatchObject({ title: 'Sales manager', department: '', locale: 'en-US', categoryName: '市场营销', categoryNameLocale: 'zh-CN' });
    const chinese = (await visitor('POST', '/api/Job/Latest', {}, { 'accept-language': 'zh-CN' })) as { id: number }[];
    expect(chinese.find((item) => item.id === job.id)).toMatchObject({ title: '销售经理', locale: 'zh-CN' });
    expect((await t.call('POST', '/api/Job/Latest', { locale: 'de' })).statusCode).toBe(400);
  });

  it('keeps public answers per language in its cache', async () => {
    const news = await createNews({ title: '缓存', translations: { 'en-US': { title: 'Cached', content: '<p>x</p>' } } });
    for (let round = 0; round < 2; round++) {
      expect((await visitor('GET', `/api/News/${news.id}`, undefined, { 'accept-language': 'en' })).title).toBe('Cached');
      expect((await visitor('GET', `/api/News/${news.id}`, undefined, { 'accept-language': 'zh' })).title).toBe('缓存');
      const body = { pageSize: 100, fields: ['title'] };
      expect((await visitor('POST', '/api/News/Query', body, { 'accept-language': 'en' })).items.find((i: { id: number }) => i.id === news.id).title).toBe('Cached');
      expect((await visitor('POST', '/api/News/Query', body, { 'accept-language': 'zh' })).items.find((i: { id: number }) => i.id === news.id).title).toBe('缓存');
    }
  });

  it('lists untranslated records on another language\'s pages unless the site setting says not to', async () => {
    const translated = await createNews({ title: '已译', translations: { 'en-US': { title: 'Translated', content: '<p>x</p>' } } });
    const untranslated = await createNews({ title: '未译' });
    const job = await ok(t.call('POST', '/api/Job', { title: '未译职位', description: '<p>x</p>', categoryId: jobCategory, status: 'open' }, admin));
    const ids = async (body: Record<string, unknown>) => ((await visitor('POST', '/api/News/Query', { pageSize: 100, ...body })).items as { id: number }[]).map((item) => item.id);
    const latestIds = async (locale: string) => ((await visitor('POST', '/api/Job/Latest', { locale })) as { id: number }[]).map((item) => item.id);
    expect(await ids({ locale: 'en-US' })).toEqual(expect.arrayContaining([translated.id, untranslated.id]));
    expect(await latestIds('en-US')).toContain(job.id);
    await setListUntranslated(false);
    try {
      const english = await ids({ locale: 'en-US' });
      expect(english).toContain(translated.id);
      expect(english).not.toContain(untranslated.id);
      expect(await latestIds('en-US')).not.toContain(job.id);
      // The record itself is still read, in its own language; Chinese pages and staff lists keep it.
      expect(await visitor('GET', `/api/News/${untranslated.id}?locale=en-US`)).toMatchObject({ locale: 'zh-CN' });
      expect(await ids({ locale: 'zh-CN' })).toContain(untranslated.id);
      expect(await ids({})).toContain(untranslated.id);
      expect(await latestIds('zh-CN')).toContain(job.id);
      const staff = await ok(t.call('POST', '/api/News/Query', { pageSize: 100, locale: 'en-US' }, admin));
      expect(staff.items.map((item: { id: number }) => item.id)).toContain(untranslated.id);
    } finally {
      await setListUntranslated(true);
    }
    expect(await ids({ locale: 'en-US' })).toContain(untranslated.id);
  });

  it('filters staff lists by a missing translation, and a keyword finds a record by its translated texts', async () => {
    const translated = await createNews({ title: '有英文', translations: { 'en-US': { title: 'Quokka sighting', content: '<p>x</p>' } } });
    const untranslated = await createNews({ title: '没有英文' });
    const partial = await createNews({ title: '英文不全', translations: { 'en-US': { title: 'Half' } } });
    const missing = await ok(t.call('POST', '/api/News/Query', { pageSize: 100, filters: { missingTranslation: 'en-US' } }, admin));
    const missingIds = missing.items.map((item: { id: number }) => item.id);
    expect(missingIds).toEqual(expect.arrayContaining([untranslated.id, partial.id]));
    expect(missingIds).not.toContain(translated.id);
    // Translated later, it leaves the filter; removing the translation brings it back.
    await ok(t.call('POST', '/api/News/Update', { id: partial.id, translations: { 'en-US': { content: '<p>Done</p>' } } }, admin));
    const after = await ok(t.call('POST', '/api/News/Query', { pageSize: 100, filters: { missingTranslation: 'en-US' } }, admin));
    expect(after.items.map((item: { id: number }) => item.id)).not.toContain(partial.id);
    const jobs = await ok(t.call('POST', '/api/JobCategory/Query', { filters: { missingTranslation: 'en-US' } }, admin));
    expect(jobs.items.map((item: { id: number }) => item.id)).toContain(jobCategory);
    expect((await t.call('POST', '/api/News/Query', { filters: { missingTranslation: 'fr' } }, admin)).statusCode).toBe(400);

    const found = await ok(t.call('POST', '/api/News/Query', { keyword: 'quokka' }, admin));
    expect(found.items.map((item: { id: number }) => item.id)).toEqual([translated.id]);
    const publicFound = await visitor('POST', '/api/News/Query', { keyword: 'Quokka', locale: 'en-US' });
    expect(publicFound.items).toMatchObject([{ id: translated.id, title: 'Quokka sighting', locale: 'en-US' }]);
    // The JSON's own names are not searched.
    const names = await ok(t.call('POST', '/api/News/Query', { keyword: 'en-US', pageSize: 100 }, admin));
    expect(names.items.map((item: { id: number }) => item.id)).not.toContain(translated.id);
  });

  it('keeps translations in revisions and the audit log, and a restore brings them back exactly', async () => {
    const news = await createNews({ translations: { 'en-US': { title: 'First', content: '<p>1</p>' } } });
    await ok(t.call('POST', '/api/News/Update', { id: news.id, translations: { 'en-US': { title: 'Second', summary: 'Added' } } }, admin));
    const audit = await ok(t.call('POST', '/api/AuditLog/Query', { pageSize: 100, filters: { entity: 'News' } }, admin));
    const update = audit.items.find((entry: { entityId: string; action: string }) => entry.entityId === String(news.id) && entry.action === 'update');
    expect(JSON.stringify(update.changes)).toContain('Second');
    const revisions = await ok(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin));
    const restored = await ok(t.call('POST', `/api/News/${news.id}/Restore`, { revisionId: revisions.items[0].id }, admin));
    expect(restored.translations).toEqual({ 'en-US': { title: 'First', content: '<p>1</p>' } });
    expect(await visitor('GET', `/api/News/${news.id}?locale=en-US`)).toMatchObject({ title: 'First', summary: '', locale: 'en-US' });
  });
});
