import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

/** Offices and the jobs at them (docs/decisions/0058), through the HTTP stack on both engines. */
describe.each(testEngines())('offices on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let category: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    category = (await t.call('POST', '/api/JobCategory', { name: '工程' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const ok = async (res: ReturnType<TestApp['call']>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const createOffice = (fields: Record<string, unknown>) => ok(t.call('POST', '/api/Office', { country: 'CN', ...fields }, admin));
  const createJob = (fields: Record<string, unknown>) =>
    ok(t.call('POST', '/api/Job', { title: '工程师', description: '<p>职责</p>', categoryId: category, status: 'open', ...fields }, admin));
  const english = { 'accept-language': 'en-US,en;q=0.9' };

  it('creates, reads, lists, changes and deletes an office, with its texts in both languages', async () => {
    const office = await createOffice({
      name: '宁波',
      address: '宁波市江北区港口路 1 号',
      city: '宁波',
      sortOrder: 3,
      translations: { 'en-US': { name: 'Ningbo', address: '1 Harbour Road, Jiangbei, Ningbo', city: 'Ningbo' } },
    });
    expect(office).toMatchObject({ name: '宁波', city: '宁波', country: 'CN', sortOrder: 3, jobCount: 0 });
    expect(office.translations).toEqual({ 'en-US': { name: 'Ningbo', address: '1 Harbour Road, Jiangbei, Ningbo', city: 'Ningbo' } });
    // Staff read the stored record; a visitor their language's texts, and which language they are in.
    expect(await ok(t.call('GET', `/api/Office/${office.id}`, undefined, admin))).toMatchObject({ name: '宁波', translations: office.translations });
    const read = await ok(t.call('GET', `/api/Office/${office.id}?locale=en-US`));
    expect(read).toMatchObject({ name: 'Ningbo', address: '1 Harbour Road, Jiangbei, Ningbo', city: 'Ningbo', locale: 'en-US' });
    expect(read).not.toHaveProperty('translations');
    expect(await ok(t.call('GET', `/api/Office/${office.id}`))).toMatchObject({ name: '宁波', locale: 'zh-CN' });
    expect(await ok(t.call('GET', `/api/Office/${office.id}`, undefined, undefined, english))).toMatchObject({ name: 'Ningbo' });

    const changed = await ok(t.call('POST', '/api/Office/Update', { id: office.id, city: '宁波市', translations: { 'en-US': { address: null } } }, admin));
    expect(changed).toMatchObject({ name: '宁波', city: '宁波市' });
    expect(changed.translations).toEqual({ 'en-US': { name: 'Ningbo', city: 'Ningbo' } });

    // A keyword finds it by its English texts too.
    const found = await ok(t.call('POST', '/api/Office/Query', { keyword: 'ningbo' }, admin));
    expect(found.items.map((o: { id: number }) => o.id)).toEqual([office.id]);

    expect(await ok(t.call('DELETE', `/api/Office/${office.id}`, undefined, admin))).toEqual({ id: office.id });
    expect((await t.call('GET', `/api/Office/${office.id}`)).statusCode).toBe(404);
    const audit = await ok(t.call('POST', '/api/AuditLog/Query', { filters: { entity: 'Office' }, pageSize: 10 }, admin));
    expect(audit.items.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('lists every office in order with paging, filtered by country, each in the visitor\'s language', async () => {
    const a = await createOffice({ name: 'C 乙地', sortOrder: -20, country: 'SG', translations: { 'en-US': { name: 'Place C' } } });
    const b = await createOffice({ name: 'B 甲地', sortOrder: -30, translations: { 'en-US': { name: 'Place B' } } });
    const c = await createOffice({ name: 'A 丙地', sortOrder: -30 });
    const all = await ok(t.call('POST', '/api/Office/Query', { pageSize: 100, locale: 'en-US' }));
    // By sortOrder, then by name: the two at -30 by name, then the one at -20, before every other.
    expect(all.items.slice(0, 3).map((o: { id: number }) => o.id)).toEqual([c.id, b.id, a.id]);
    expect(all.items[1]).toMatchObject({ name: 'Place B', locale: 'en-US' });
    // Without an English name, an office is answered in its own, and says so.
    expect(all.items[0]).toMatchObject({ name: 'A 丙地', locale: 'zh-CN' });
    const byName = await ok(t.call('POST', '/api/Office/Query', { pageSize: 100, sort: { field: 'name', order: 'asc' } }, admin));
    expect(byName.items.length).toBeGreaterThanOrEqual(3);
    const paged = await ok(t.call('POST', '/api/Office/Query', { page: 2, pageSize: 1 }, admin));
    expect(paged.meta).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    const singapore = await ok(t.call('POST', '/api/Office/Query', { filters: { country: 'SG' } }, admin));
    expect(singapore.items.map((o: { id: number }) => o.id)).toEqual([a.id]);
  });

  it('refuses a country that is not an ISO 3166-1 alpha-2 code in upper case, naming the field and the code', async () => {
    for (const country of ['cn', 'XX', 'CHN', '', 'China']) {
      const res = await t.call('POST', '/api/Office', { name: `国家 ${country}`, country }, admin);
      expect(res.statusCode, country).toBe(400);
      expect(res.json().data.issues, country).toContainEqual(expect.objectContaining({ path: 'country', code: 'country_code' }));
    }
    expect((await t.call('POST', '/api/Office', { name: '没有国家' }, admin)).statusCode).toBe(400);
    expect((await t.call('POST', '/api/Office/Query', { filters: { country: 'sg' } }, admin)).statusCode).toBe(400);
  });

  it('refuses a name another office has in the same language, ignoring case and spaces, with 409 name-taken', async () => {
    const first = await createOffice({ name: '厦门', translations: { 'en-US': { name: 'Xiamen' } } });
    const taken = [
      { name: '厦门' },
      { name: ' 厦门 ' },
      { name: '厦门二号', translations: { 'en-US': { name: 'xiamen' } } },
      { name: '厦门三号', translations: { 'en-US': { name: '  XIAMEN ' } } },
    ];
    for (const fields of taken) {
      const res = await t.call('POST', '/api/Office', { country: 'CN', ...fields }, admin);
      expect(res.statusCode, JSON.stringify(fields)).toBe(409);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'name-taken' } });
    }
    const other = await createOffice({ name: '泉州', translations: { 'en-US': { name: 'Quanzhou' } } });
    const renamed = await t.call('POST', '/api/Office/Update', { id: other.id, translations: { 'en-US': { name: 'XIAMEN' } } }, admin);
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().data.reason).toBe('name-taken');
    expect((await ok(t.call('GET', `/api/Office/${other.id}`, undefined, admin))).translations['en-US'].name).toBe('Quanzhou');
    // Per language: one office's English name may be another's Chinese one; and a record keeps its own.
    expect((await t.call('POST', '/api/Office', { name: 'Quanzhou', country: 'CN' }, admin)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/Office/Update', { id: first.id, translations: { 'en-US': { name: 'Xiamen Island' } } }, admin)).statusCode).toBe(200);
    // Two staff saving the same English name at once: exactly one gets it.
    const raced = await Promise.all([1, 2, 3].map((n) => t.call('POST', '/api/Office', { name: `同时 ${n}`, country: 'CN', translations: { 'en-US': { name: 'Same time' } } }, admin)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('lets only staff of the jobs module write offices, and anyone read them', async () => {
    const office = await createOffice({ name: '苏州' });
    const editor = await buildUser(t, admin, ['editor']);
    const hr = await buildUser(t, admin, ['hr']);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/Office', { name: '不许', country: 'CN' }],
      ['POST', '/api/Office/Update', { id: office.id, name: '不许' }],
      ['POST', `/api/Office/${office.id}`, undefined],
      ['DELETE', `/api/Office/${office.id}`, undefined],
      ['POST', '/api/Office/Bulk/Delete', { ids: [office.id] }],
    ];
    for (const [method, url, body] of writes) {
      expect((await t.call(method as 'POST', url, body, editor.token)).statusCode, `${method} ${url} as editor`).toBe(403);
      expect((await t.call(method as 'POST', url, body)).statusCode, `${method} ${url} anonymously`).toBe(401);
    }
    expect((await t.call('POST', '/api/Office/Update', { id: office.id, sortOrder: 7 }, hr.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/Office/Query', {})).statusCode).toBe(200);
    expect((await t.call('GET', `/api/Office/${office.id}`, undefined, editor.token)).statusCode).toBe(200);
  });

  it('refuses to delete an office jobs name, archived ones too, with 409 office-in-use, one at a time and in bulk', async () => {
    const office = await createOffice({ name: '无锡' });
    const job = await createJob({ officeId: office.id });
    await ok(t.call('POST', `/api/Job/${job.id}/Archive`, undefined, admin));
    for (const [method, url] of [['POST', `/api/Office/${office.id}`], ['DELETE', `/api/Office/${office.id}`]] as const) {
      const res = await t.call(method, url, undefined, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'office-in-use' } });
    }
    const bulk = await ok(t.call('POST', '/api/Office/Bulk/Delete', { ids: [office.id] }, admin));
    expect(bulk).toMatchObject({ done: [], refused: [{ id: office.id, errorCode: 40009, reason: 'office-in-use' }] });
    expect(await ok(t.call('GET', `/api/Office/${office.id}`, undefined, admin))).toMatchObject({ jobCount: 1 });
    // Public counts leave out what visitors cannot see.
    expect(await ok(t.call('GET', `/api/Office/${office.id}`))).toMatchObject({ jobCount: 0 });
    await ok(t.call('POST', '/api/Job/Update', { id: job.id, officeId: null }, admin));
    expect(await ok(t.call('POST', `/api/Office/${office.id}`, undefined, admin))).toEqual({ id: office.id });
  });

  it('gives a job an existing office by id, and refuses one that does not exist', async () => {
    const office = await createOffice({ name: '南京', city: '南京', address: '南京市鼓楼区中山路 1 号', translations: { 'en-US': { name: 'Nanjing', city: 'Nanjing' } } });
    const job = await createJob({ officeId: office.id, location: '' });
    expect(job).toMatchObject({ officeId: office.id, location: '南京', officeCity: '南京', officeAddress: '南京市鼓楼区中山路 1 号', officeCountry: 'CN' });
    for (const body of [{ officeId: 999_999 }]) {
      const res = await t.call('POST', '/api/Job', { title: 'x', description: '<p>x</p>', categoryId: category, ...body }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.issues).toContainEqual(expect.objectContaining({ path: 'officeId', code: 'no_such_reference' }));
    }
    const update = await t.call('POST', '/api/Job/Update', { id: job.id, officeId: 999_999 }, admin);
    expect(update.statusCode).toBe(400);
    expect((await ok(t.call('GET', `/api/Job/${job.id}`, undefined, admin))).officeId).toBe(office.id);
  });

  it('matches a location given alone to the office of that name in either language, and keeps other text free', async () => {
    const office = await createOffice({ name: '成都', city: '成都', translations: { 'en-US': { name: 'Chengdu', city: 'Chengdu' } } });
    for (const location of ['成都', 'Chengdu', '  chengdu  ', 'CHENGDU']) {
      const job = await createJob({ location });
      expect(job, location).toMatchObject({ officeId: office.id, location: '成都' });
    }
    const free = await createJob({ location: 'Remote, Asia' });
    expect(free).toMatchObject({ officeId: null, location: 'Remote, Asia', officeCity: null, officeCountry: null });
    // An update that names only a location moves the job to that place, an office's or free text.
    const moved = await ok(t.call('POST', '/api/Job/Update', { id: free.id, location: 'chengdu' }, admin));
    expect(moved).toMatchObject({ officeId: office.id, location: '成都' });
    const away = await ok(t.call('POST', '/api/Job/Update', { id: free.id, location: 'On a ship' }, admin));
    expect(away).toMatchObject({ officeId: null, location: 'On a ship' });
    // An update that names neither keeps the office.
    await ok(t.call('POST', '/api/Job/Update', { id: moved.id, location: 'Chengdu' }, admin));
    expect(await ok(t.call('POST', '/api/Job/Update', { id: moved.id, headcount: 2 }, admin))).toMatchObject({ officeId: office.id });
    // Both given: the office is the one named by id, and the text is kept as written.
    const both = await createJob({ location: 'Somewhere', officeId: office.id });
    expect(both).toMatchObject({ officeId: office.id, location: '成都' });
    const stored = await t.app.ctx.db.kysely.selectFrom('jobs').select('location').where('id', '=', both.id).executeTakeFirstOrThrow();
    expect(stored.location).toBe('Somewhere');
  });

  it('answers a job\'s location as its office\'s name in the reader\'s language, and free text as written', async () => {
    const office = await createOffice({ name: '大连', city: '大连', address: '大连市中山区人民路 9 号', country: 'CN', translations: { 'en-US': { name: 'Dalian', city: 'Dalian' } } });
    const job = await createJob({ officeId: office.id, translations: { 'en-US': { title: 'Engineer', description: '<p>Duties</p>' } } });
    const free = await createJob({ location: '远程', title: '远程工程师' });
    const en = await ok(t.call('GET', `/api/Job/${job.id}?locale=en-US`));
    expect(en).toMatchObject({ title: 'Engineer', location: 'Dalian', locationLocale: 'en-US', officeCity: 'Dalian', officeCityLocale: 'en-US', officeCountry: 'CN' });
    // The address has no English text: the Chinese one, marked as such.
    expect(en).toMatchObject({ officeAddress: '大连市中山区人民路 9 号', officeAddressLocale: 'zh-CN' });
    expect(await ok(t.call('GET', `/api/Job/${job.id}`, undefined, undefined, english))).toMatchObject({ location: 'Dalian' });
    expect(await ok(t.call('GET', `/api/Job/${job.id}`))).toMatchObject({ location: '大连', locationLocale: 'zh-CN' });
    // Staff read the office's own name, as every other text.
    expect(await ok(t.call('GET', `/api/Job/${job.id}`, undefined, admin, english))).toMatchObject({ location: '大连', officeId: office.id });
    expect(await ok(t.call('GET', `/api/Job/${free.id}?locale=en-US`))).toMatchObject({ location: '远程', locationLocale: 'zh-CN', officeId: null });
    const list = await ok(t.call('POST', '/api/Job/Query', { locale: 'en-US', filters: { officeId: office.id }, fields: ['location', 'locationLocale'] }));
    expect(list.items).toEqual([{ id: job.id, location: 'Dalian', locationLocale: 'en-US' }]);
    const latest = await ok(t.call('POST', '/api/Job/Latest', { locale: 'en-US' }));
    expect(latest.find((j: { id: number }) => j.id === job.id)).toMatchObject({ location: 'Dalian' });
    // Renaming the office changes what visitors read at once: the public caches are emptied.
    await ok(t.call('POST', '/api/Office/Update', { id: office.id, translations: { 'en-US': { name: 'Dalian Port' } } }, admin));
    expect(await ok(t.call('GET', `/api/Job/${job.id}?locale=en-US`))).toMatchObject({ location: 'Dalian Port' });
    expect((await ok(t.call('POST', '/api/Job/Query', { locale: 'en-US', filters: { officeId: office.id }, fields: ['location'] }))).items[0].location).toBe('Dalian Port');
  });

  it('filters jobs by office, for visitors and staff, and keeps the old location filter on the stored text', async () => {
    const office = await createOffice({ name: '青岛', translations: { 'en-US': { name: 'Qingdao' } } });
    const here = await createJob({ location: 'Qingdao' });
    const elsewhere = await createJob({ location: '别处' });
    for (const token of [undefined, admin]) {
      const page = await ok(t.call('POST', '/api/Job/Query', { filters: { officeId: office.id } }, token));
      expect(page.items.map((j: { id: number }) => j.id)).toEqual([here.id]);
    }
    const byText = await ok(t.call('POST', '/api/Job/Query', { filters: { location: 'Qingdao' } }));
    expect(byText.items.map((j: { id: number }) => j.id)).toEqual([here.id]);
    expect(byText.items.map((j: { id: number }) => j.id)).not.toContain(elsewhere.id);
    expect((await t.call('POST', '/api/Job/Query', { filters: { officeId: 'x' } })).statusCode).toBe(400);
  });
});
