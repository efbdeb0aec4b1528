import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

const DAY = 86_400_000;

describe.each(testEngines())('news, jobs and their categories on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let newsCategory: number;
  let jobCategory: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    newsCategory = (await t.call('POST', '/api/NewsCategory', { name: '公司新闻', sortOrder: 2 }, admin)).json().data.id;
    jobCategory = (await t.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const createNews = async (fields: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/News', { title: 'A title', content: '<p>Body</p>', categoryId: newsCategory, ...fields }, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("counts every visitor's read of a news item, those answered from memory too, and no staff read", async () => {
    const { id } = await createNews({ title: '阅读次数', status: 'published' });
    // The first read in each language keeps its answer; the second Chinese one and the `?locale=zh-CN`
    // one below are answered from memory, and count all the same.
    for (const language of ['zh-CN', 'zh-CN', 'en-US']) {
      const read = await t.app.inject({ method: 'GET', url: `/api/News/${id}`, headers: { 'accept-language': language } });
      expect(read.statusCode, read.body).toBe(200);
    }
    expect((await t.call('GET', `/api/News/${id}?locale=zh-CN`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/News/${id}`, undefined, admin)).statusCode).toBe(200);
    await t.app.ctx.newsViews.flush();
    expect((await t.call('GET', `/api/News/${id}`, undefined, admin)).json().data.viewCount).toBe(4);
  });

  it('creates news with defaults and answers it in camelCase with its category name', async () => {
    const news = await createNews({ title: '默认值' });
    expect(news).toMatchObject({
      title: '默认值',
      status: 'draft',
      template: 'detail',
      isTop: false,
      viewCount: 0,
      summary: '',
      coverUrl: '',
      categoryId: newsCategory,
      categoryName: '公司新闻',
      publishedAt: null,
    });
    expect(news.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(news.updatedAt).toBe(news.createdAt);
  });

  it('updates only the fields sent; the others keep their values', async () => {
    const news = await createNews({ title: 'Original', summary: 'Kept', template: 'details-two', isTop: true, status: 'published' });
    const res = await t.call('POST', '/api/News/Update', { id: news.id, title: 'Changed' }, admin);
    expect(res.json().data).toMatchObject({ title: 'Changed', summary: 'Kept', template: 'details-two', isTop: true, status: 'published', publishedAt: news.publishedAt });
    const missing = await t.call('POST', '/api/News/Update', { id: 999_999, title: 'x' }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe(40004);
  });

  it('refuses unknown fields, bad values and missing references, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', content: '<p>x</p>', categoryId: newsCategory, color: 'red' }, 'color'],
      [{ content: '<p>x</p>', categoryId: newsCategory }, 'title'],
      [{ title: 'x'.repeat(201), content: '<p>x</p>', categoryId: newsCategory }, 'title'],
      [{ title: 'x', content: '<p>x</p>', categoryId: newsCategory, template: 'fancy' }, 'template'],
      [{ title: 'x', content: '<p>x</p>', categoryId: 987_654 }, 'categoryId'],
      [{ title: 'x', content: '<p>x</p>', categoryId: newsCategory, coverUrl: 'javascript:alert(1)' }, 'coverUrl'],
      [{ title: 'x', content: '<p>x</p>', categoryId: newsCategory, publishedAt: 'yesterday' }, 'publishedAt'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/api/News', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40000 });
      expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });

  it('sanitises rich text on every write', async () => {
    const dirty =
      '<h2 onclick="steal()">Title</h2><p>Safe <strong>bold</strong> <a href="javascript:alert(1)">bad link</a> <a href="https://example.com" target="_blank">good</a></p>' +
      '<script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe><p style="color:red">styled</p>';
    const news = await createNews({ content: dirty });
    expect(news.content).not.toMatch(/script|onclick|onerror|javascript:|iframe|style=/i);
    expect(news.content).toContain('<strong>bold</strong>');
    expect(news.content).toContain('<img src="https://example.com/a.png" />');
    expect(news.content).toContain('rel="noopener noreferrer"');
    const updated = await t.call('POST', '/api/News/Update', { id: news.id, content: '<p>ok</p><script>x()</script>' }, admin);
    expect(updated.json().data.content).toBe('<p>ok</p>');
    // Images uploaded through POST File keep their site path; data: and protocol-relative ones do not.
    const withImages = await t.call('POST', '/api/News/Update', { id: news.id, content: '<img src="/api/File/Download/3" alt="a"><img src="data:image/png;base64,AAAA"><a href="//evil.example">x</a>' }, admin);
    expect(withImages.json().data.content).toBe('<img src="/api/File/Download/3" alt="a" /><img /><a>x</a>');
    const job = await t.call(
      'POST',
      '/api/Job',
      { title: 'Dev', categoryId: jobCategory, description: '<p>d</p><script>x()</script>', requirements: '<ul><li onmouseover="x()">r</li></ul>' },
      admin,
    );
    expect(job.json().data.description).toBe('<p>d</p>');
    expect(job.json().data.requirements).toBe('<ul><li>r</li></ul>');
    const jobUpdated = await t.call(
      'POST',
      '/api/Job/Update',
      { id: job.json().data.id, description: '<p onclick="x()">d2</p><iframe src="https://evil.example"></iframe>', requirements: '<a href="javascript:x()">r2</a>' },
      admin,
    );
    expect(jobUpdated.json().data).toMatchObject({ description: '<p>d2</p>', requirements: '<a>r2</a>', title: 'Dev' });
  });

  it('shows the public only published news whose time has come; staff see everything', async () => {
    const published = await createNews({ title: '已发布的新闻', status: 'published' });
    const draft = await createNews({ title: '草稿新闻' });
    const scheduled = await createNews({ title: '定时发布', status: 'published', publishedAt: new Date(Date.now() + DAY).toISOString() });
    expect((await t.call('GET', `/api/News/${published.id}`)).statusCode).toBe(200);
    for (const hidden of [draft, scheduled]) {
      const res = await t.call('GET', `/api/News/${hidden.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe(40004);
      expect((await t.call('GET', `/api/News/${hidden.id}`, undefined, admin)).statusCode).toBe(200);
    }
    const publicTitles = (await t.call('POST', '/api/News/Query', { pageSize: 100 })).json().data.items.map((n: { title: string }) => n.title);
    expect(publicTitles).toContain('已发布的新闻');
    expect(publicTitles).not.toContain('草稿新闻');
    expect(publicTitles).not.toContain('定时发布');
    const staffTitles = (await t.call('POST', '/api/News/Query', { pageSize: 100 }, admin)).json().data.items.map((n: { title: string }) => n.title);
    expect(staffTitles).toEqual(expect.arrayContaining(['已发布的新闻', '草稿新闻', '定时发布']));
    // Unpublishing takes it away from the public at once (no stale cached answer).
    await t.call('POST', '/api/News/Update', { id: published.id, status: 'draft' }, admin);
    expect((await t.call('GET', `/api/News/${published.id}`)).statusCode).toBe(404);
  });

  it('reads the time at each call, although a list query of one shape is compiled once', async () => {
    const category = (await t.call('POST', '/api/NewsCategory', { name: '定时分类' }, admin)).json().data.id;
    const soon = new Date(Date.now() + 1500).toISOString();
    await createNews({ title: '稍后发布的新闻', status: 'published', publishedAt: soon, categoryId: category });
    // Bodies of one shape that differ in their text, so that no cached public answer is reused.
    const titles = async (keyword: string) =>
      (await t.call('POST', '/api/News/Query', { keyword, pageSize: 7 })).json().data.items.map((n: { title: string }) => n.title);
    const publicCount = async (body: Record<string, unknown>) =>
      (await t.call('POST', '/api/NewsCategory/Query', { pageSize: 99, ...body })).json().data.items.find((c: { id: number }) => c.id === category).itemCount;
    expect(await titles('稍后发布')).toEqual([]);
    expect(await publicCount({})).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 50));
    expect(await titles('稍后发布的')).toEqual(['稍后发布的新闻']);
    expect(await publicCount({ page: 1 })).toBe(1);
  });

  it('pages, searches Chinese text, filters and sorts; refuses what it does not know', async () => {
    const other = (await t.call('POST', '/api/NewsCategory', { name: '行业动态' }, admin)).json().data.id;
    for (let i = 0; i < 12; i++) {
      await createNews({ title: `分页测试 第${i}篇 数字化转型`, status: 'published', categoryId: i % 2 ? other : newsCategory, publishedAt: new Date(Date.now() - (i + 1) * DAY).toISOString(), isTop: i === 7 });
    }
    const page1 = (await t.call('POST', '/api/News/Query', { keyword: '数字化转型' })).json().data;
    expect(page1.meta).toEqual({ page: 1, pageSize: 10, total: 12 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0].title).toBe('分页测试 第7篇 数字化转型');
    expect(page1.items[1].title).toBe('分页测试 第0篇 数字化转型');
    const page2 = (await t.call('POST', '/api/News/Query', { keyword: '数字化转型', page: 2 })).json().data;
    expect(page2.items).toHaveLength(2);
    const filtered = (await t.call('POST', '/api/News/Query', { keyword: '分页测试', filters: { categoryId: other }, pageSize: 100 })).json().data;
    expect(filtered.meta.total).toBe(6);
    const sorted = (await t.call('POST', '/api/News/Query', { keyword: '分页测试', sort: { field: 'publishedAt', order: 'asc' }, pageSize: 3 })).json().data;
    expect(sorted.items.map((n: { title: string }) => n.title)).toEqual(['分页测试 第11篇 数字化转型', '分页测试 第10篇 数字化转型', '分页测试 第9篇 数字化转型']);
    for (const body of [{ filters: { nope: 1 } }, { sort: { field: 'nope' } }, { pageSize: 101 }, { page: 0 }, { extra: true }]) {
      const res = await t.call('POST', '/api/News/Query', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe(40000);
    }
    expect((await t.call('POST', '/api/News/Query', { pageSize: 100 })).json().data.items.length).toBeLessThanOrEqual(100);
    expect((await t.call('POST', '/api/News/Query', { keyword: '100%_\\' })).json().data.meta.total).toBe(0);
  });

  it('refuses to delete a category in use with 409, and deletes an empty one', async () => {
    const used = await t.call('POST', `/api/NewsCategory/${newsCategory}`, undefined, admin);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'in-use' } });
    const empty = (await t.call('POST', '/api/NewsCategory', { name: '空分类' }, admin)).json().data.id;
    expect((await t.call('POST', `/api/NewsCategory/${empty}`, undefined, admin)).json()).toMatchObject({ isSuccess: true, data: { id: empty } });
    expect((await t.call('GET', `/api/NewsCategory/${empty}`)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/NewsCategory/${empty}`, { unexpected: 1 }, admin)).statusCode).toBe(400);
  });

  it('refuses a second category of the same name, ignoring case, with 409 name-taken, in each kind apart', async () => {
    for (const kind of ['NewsCategory', 'JobCategory']) {
      const first = await t.call('POST', `/api/${kind}`, { name: 'Press Room' }, admin);
      expect(first.statusCode, first.body).toBe(200);
      for (const name of ['Press Room', 'press room', '  PRESS ROOM  ']) {
        const again = await t.call('POST', `/api/${kind}`, { name }, admin);
        expect(again.statusCode, `${kind} ${name}`).toBe(409);
        expect(again.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'name-taken' } });
      }
      const other = (await t.call('POST', `/api/${kind}`, { name: 'Events' }, admin)).json().data.id;
      const renamed = await t.call('POST', `/api/${kind}/Update`, { id: other, name: 'PRESS room' }, admin);
      expect(renamed.statusCode, renamed.body).toBe(409);
      expect((await t.call('GET', `/api/${kind}/${other}`, undefined, admin)).json().data.name).toBe('Events');
      // A record keeps its own name, or changes only its case.
      expect((await t.call('POST', `/api/${kind}/Update`, { id: first.json().data.id, name: 'Press room' }, admin)).statusCode).toBe(200);
    }
    // Two staff saving the same new name at once: exactly one gets it.
    const raced = await Promise.all([0, 1, 2].map(() => t.call('POST', '/api/NewsCategory', { name: '同时创建' }, admin)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('refuses a category whose English name another category of its kind has in English', async () => {
    for (const kind of ['NewsCategory', 'JobCategory']) {
      const first = await t.call('POST', `/api/${kind}`, { name: '英文重名一', translations: { 'en-US': { name: 'Industry' } } }, admin);
      expect(first.statusCode, first.body).toBe(200);
      const again = await t.call('POST', `/api/${kind}`, { name: '英文重名二', translations: { 'en-US': { name: ' INDUSTRY ' } } }, admin);
      expect(again.statusCode, `${kind} ${again.body}`).toBe(409);
      expect(again.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'name-taken' } });
      const other = (await t.call('POST', `/api/${kind}`, { name: '英文重名三', translations: { 'en-US': { name: 'Events in English' } } }, admin)).json().data.id;
      const renamed = await t.call('POST', `/api/${kind}/Update`, { id: other, translations: { 'en-US': { name: 'industry' } } }, admin);
      expect(renamed.statusCode, renamed.body).toBe(409);
      expect((await t.call('GET', `/api/${kind}/${other}`, undefined, admin)).json().data.translations['en-US'].name).toBe('Events in English');
      // One category's English name may be another's Chinese one.
      expect((await t.call('POST', `/api/${kind}`, { name: 'Events in English' }, admin)).statusCode).toBe(200);
    }
    // Two staff saving the same English name at once: exactly one gets it.
    const raced = await Promise.all([1, 2, 3].map((n) => t.call('POST', '/api/JobCategory', { name: `同时 ${n}`, translations: { 'en-US': { name: 'Same moment' } } }, admin)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('deletes news with an empty POST body or DELETE', async () => {
    const a = await createNews({});
    const b = await createNews({});
    expect((await t.call('POST', `/api/News/${a.id}`, undefined, admin)).json().isSuccess).toBe(true);
    expect((await t.call('DELETE', `/api/News/${b.id}`, undefined, admin)).json().isSuccess).toBe(true);
    expect((await t.call('GET', `/api/News/${a.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/News/${a.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('lists categories for anyone in sort order with their item counts', async () => {
    const res = (await t.call('POST', '/api/NewsCategory/Query', { pageSize: 100 })).json().data;
    expect(res.items.length).toBeGreaterThan(0);
    const orders = res.items.map((c: { sortOrder: number }) => c.sortOrder);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    expect(res.items.find((c: { id: number }) => c.id === newsCategory).itemCount).toBeGreaterThan(0);
    // Visitors count only what they may read; staff count every item, drafts included.
    const counted = (await t.call('POST', '/api/NewsCategory', { name: 'Counted' }, admin)).json().data.id;
    await createNews({ categoryId: counted, status: 'published' });
    await createNews({ categoryId: counted });
    const countOf = async (token?: string) =>
      (await t.call('POST', '/api/NewsCategory/Query', { pageSize: 100 }, token)).json().data.items.find((c: { id: number }) => c.id === counted).itemCount;
    expect(await countOf()).toBe(1);
    expect(await countOf(admin)).toBe(2);
    expect((await t.call('GET', `/api/NewsCategory/${counted}`)).json().data.itemCount).toBe(1);
    expect((await t.call('GET', `/api/NewsCategory/${counted}`, undefined, admin)).json().data.itemCount).toBe(2);
    const jobs = (await t.call('POST', '/api/JobCategory', { name: 'Counted jobs' }, admin)).json().data.id;
    await t.call('POST', '/api/Job', { title: 'Open', categoryId: jobs, description: '<p>d</p>', status: 'open' }, admin);
    await t.call('POST', '/api/Job', { title: 'Draft', categoryId: jobs, description: '<p>d</p>' }, admin);
    expect((await t.call('GET', `/api/JobCategory/${jobs}`)).json().data.itemCount).toBe(1);
    expect((await t.call('GET', `/api/JobCategory/${jobs}`, undefined, admin)).json().data.itemCount).toBe(2);
    const renamed = await t.call('POST', '/api/NewsCategory/Update', { id: newsCategory, name: '企业新闻' }, admin);
    expect(renamed.json().data).toMatchObject({ name: '企业新闻', sortOrder: 2 });
  });

  it('shows the public only open jobs before their closing date; Job/Latest answers at most 6', async () => {
    const make = async (fields: Record<string, unknown>) =>
      (await t.call('POST', '/api/Job', { title: 'Job', categoryId: jobCategory, description: '<p>d</p>', ...fields }, admin)).json().data;
    const open = await make({ title: '开放职位', status: 'open', location: '上海', salaryMin: 10000, salaryMax: 20000, closesAt: new Date(Date.now() + 30 * DAY).toISOString() });
    expect(open).toMatchObject({ status: 'open', employmentType: 'full-time', headcount: 1, salaryMin: 10000, salaryMax: 20000, categoryName: '技术研发' });
    expect(open.publishedAt).not.toBeNull();
    const draft = await make({ title: '草稿职位' });
    const closed = await make({ title: '已关闭职位', status: 'closed' });
    const expired = await make({ title: '已过期职位', status: 'open', closesAt: new Date(Date.now() - DAY).toISOString() });
    expect((await t.call('GET', `/api/Job/${open.id}`)).statusCode).toBe(200);
    for (const hidden of [draft, closed, expired]) expect((await t.call('GET', `/api/Job/${hidden.id}`)).statusCode).toBe(404);
    const titles = (await t.call('POST', '/api/Job/Query', { pageSize: 100 })).json().data.items.map((j: { title: string }) => j.title);
    expect(titles).toContain('开放职位');
    expect(titles).not.toEqual(expect.arrayContaining(['草稿职位']));
    expect(titles).not.toContain('已关闭职位');
    expect(titles).not.toContain('已过期职位');
    for (let i = 0; i < 7; i++) await make({ title: `最新职位 ${i}`, status: 'open' });
    const latest = (await t.call('POST', '/api/Job/Latest')).json().data;
    expect(latest).toHaveLength(6);
    expect(latest[0].title).toBe('最新职位 6');
    expect((await t.call('POST', '/api/Job/Latest', {})).json().data).toEqual(latest);
    const unknownField = await t.call('POST', '/api/Job/Latest', { pageSize: 50 });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().data.issues[0].path).toBe('pageSize');
    const byLocation = (await t.call('POST', '/api/Job/Query', { filters: { location: '上海', categoryId: jobCategory } })).json().data;
    expect(byLocation.items.map((j: { id: number }) => j.id)).toEqual([open.id]);
    const badSalary = await t.call('POST', '/api/Job/Update', { id: open.id, salaryMin: 30000, salaryMax: 100 }, admin);
    expect(badSalary.statusCode).toBe(400);
    expect(badSalary.json().data.issues[0].path).toBe('salaryMax');
    // One end sent alone is checked against the stored other end (open: 10000–20000).
    for (const [body, field] of [[{ salaryMin: 25000 }, 'salaryMin'], [{ salaryMax: 5000 }, 'salaryMax']] as const) {
      const res = await t.call('POST', '/api/Job/Update', { id: open.id, ...body }, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.issues[0].path).toBe(field);
    }
    expect((await t.call('POST', '/api/Job/Update', { id: open.id, salaryMax: null, salaryMin: 25000 }, admin)).json().data).toMatchObject({ salaryMin: 25000, salaryMax: null });
  });

  it('keeps a salary with its currency and its period: CNY a month unless the job says otherwise', async () => {
    const make = async (fields: Record<string, unknown>) =>
      t.call('POST', '/api/Job', { title: 'Salary', categoryId: jobCategory, description: '<p>d</p>', status: 'open', salaryMin: 1, ...fields }, admin);
    const plain = (await make({})).json().data;
    expect(plain).toMatchObject({ salaryCurrency: 'CNY', salaryPeriod: 'month' });
    const yearly = (await make({ salaryCurrency: 'SGD', salaryPeriod: 'year', salaryMin: 90000 })).json().data;
    expect(yearly).toMatchObject({ salaryCurrency: 'SGD', salaryPeriod: 'year', salaryMin: 90000 });
    // Visitors read them too, and an update of one leaves the other as it was.
    expect((await t.call('GET', `/api/Job/${yearly.id}`)).json().data).toMatchObject({ salaryCurrency: 'SGD', salaryPeriod: 'year' });
    const hourly = (await t.call('POST', '/api/Job/Update', { id: yearly.id, salaryPeriod: 'hour' }, admin)).json().data;
    expect(hourly).toMatchObject({ salaryCurrency: 'SGD', salaryPeriod: 'hour' });
    const listed = (await t.call('POST', '/api/Job/Query', { filters: { categoryId: jobCategory }, fields: ['title', 'salaryCurrency', 'salaryPeriod'], pageSize: 100 })).json().data.items;
    expect(listed).toContainEqual({ id: yearly.id, title: 'Salary', salaryCurrency: 'SGD', salaryPeriod: 'hour' });
    for (const [field, value] of [['salaryCurrency', 'XYZ'], ['salaryCurrency', 'sgd'], ['salaryPeriod', 'week']] as const) {
      const refused = await make({ [field]: value });
      expect(refused.statusCode, `${field} ${value}`).toBe(400);
      expect(refused.json().data.issues[0].path).toBe(field);
    }
  });

  it('lets an editor manage news but not jobs, and hr jobs but not news', async () => {
    const editor = await buildUser(t, admin, ['editor']);
    const hr = await buildUser(t, admin, ['hr']);
    expect((await t.call('POST', '/api/News', { title: 'By editor', content: '<p>x</p>', categoryId: newsCategory }, editor.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/Job', { title: 'x', categoryId: jobCategory, description: '<p>x</p>' }, editor.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/Job', { title: 'By hr', categoryId: jobCategory, description: '<p>x</p>' }, hr.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/News', { title: 'x', content: '<p>x</p>', categoryId: newsCategory }, hr.token)).statusCode).toBe(403);
    // Without the module, reads are the public's.
    const drafts = (await t.call('POST', '/api/News/Query', { filters: { status: 'draft' } }, hr.token)).json().data;
    expect(drafts.meta.total).toBe(0);
  });
});
