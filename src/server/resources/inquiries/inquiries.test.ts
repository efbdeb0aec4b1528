import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

describe.each(testEngines())('contact messages and join-us entries on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const submit = (url: string, body: unknown, address = '10.20.0.1') =>
    t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: address });

  it('takes a contact message from anyone and shows it to the contact module', async () => {
    const res = await submit('/api/ContactInfo', { name: '王五', email: 'wang@example.com', message: '想了解贵公司的产品。', company: '某某制造', subject: '产品咨询' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const service = await buildUser(t, admin, ['service']);
    const record = (await t.call('GET', `/api/ContactInfo/${id}`, undefined, service.token)).json().data;
    expect(record).toMatchObject({ id, name: '王五', email: 'wang@example.com', company: '某某制造', subject: '产品咨询', phone: '', statusId: 1, history: [] });
    const list = (await t.call('POST', '/api/ContactInfo/Query', { keyword: '产品' }, service.token)).json().data;
    expect(list.items.map((c: { id: number }) => c.id)).toContain(id);
  });

  it('takes a join-us entry from anyone', async () => {
    const res = await submit('/api/JoinUs', { name: 'Li', phone: '13800000000', message: 'We would like to distribute your gateways.', region: '华南', cooperationType: 'distribution' });
    expect(res.statusCode).toBe(200);
    const record = (await t.call('GET', `/api/JoinUs/${res.json().data.id}`, undefined, admin)).json().data;
    expect(record).toMatchObject({ name: 'Li', region: '华南', cooperationType: 'distribution', statusId: 1 });
    const filtered = (await t.call('POST', '/api/JoinUs/Query', { filters: { region: '华南', cooperationType: 'distribution' } }, admin)).json().data;
    expect(filtered.meta.total).toBe(1);
  });

  it('validates both forms, naming the field', async () => {
    for (const [url, body, field] of [
      ['/api/ContactInfo', { name: 'x', message: 'hello' }, 'email'],
      ['/api/ContactInfo', { name: 'x', email: 'x@example.com', message: '' }, 'message'],
      ['/api/ContactInfo', { name: 'x', email: 'x@example.com', message: 'm'.repeat(5001) }, 'message'],
      ['/api/ContactInfo', { name: 'x', email: 'x@example.com', message: 'hi', statusId: 3 }, 'statusId'],
      ['/api/JoinUs', { name: 'x', message: 'hello' }, 'phone'],
      ['/api/JoinUs', { name: 'x', phone: '13800000000', message: 'hello', cooperationType: 'marriage' }, 'cooperationType'],
    ] as const) {
      const res = await submit(url, body, '10.21.0.1');
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });

  it('moves status with notes kept as history, and deletes', async () => {
    for (const entity of ['ContactInfo', 'JoinUs']) {
      const body = entity === 'ContactInfo' ? { name: 'a', email: 'a@example.com', message: 'm' } : { name: 'a', phone: '13800000000', message: 'm' };
      const id = (await submit(`/api/${entity}`, body, '10.22.0.1')).json().data.id;
      const moved = await t.call('POST', `/api/${entity}/${id}`, { statusId: 2, note: '已电话回访' }, admin);
      expect(moved.json().data).toMatchObject({ statusId: 2, note: '已电话回访' });
      await t.call('POST', `/api/${entity}/${id}`, { statusId: 3 }, admin);
      const record = (await t.call('GET', `/api/${entity}/${id}`, undefined, admin)).json().data;
      expect(record.history.map((h: { statusId: number }) => h.statusId)).toEqual([2, 3]);
      expect(record.history[0]).toMatchObject({ note: '已电话回访', byUserName: 'admin' });
      expect((await t.call('POST', `/api/${entity}/${id}`, { statusId: 4 }, admin)).statusCode).toBe(400);
      const done = (await t.call('POST', `/api/${entity}/Query`, { filters: { statusId: 3 } }, admin)).json().data;
      expect(done.items.map((r: { id: number }) => r.id)).toContain(id);
      expect((await t.call('DELETE', `/api/${entity}/${id}`, undefined, admin)).json()).toMatchObject({ isSuccess: true });
      expect((await t.call('GET', `/api/${entity}/${id}`, undefined, admin)).statusCode).toBe(404);
      expect((await t.call('DELETE', `/api/${entity}/${id}`, undefined, admin)).statusCode).toBe(404);
    }
  });

  it('accepts at most 20 of each form per address per window', async () => {
    const address = '10.23.0.1';
    for (let i = 0; i < 20; i++) {
      expect((await submit('/api/ContactInfo', { name: `n${i}`, email: 'a@example.com', message: 'm' }, address)).statusCode).toBe(200);
    }
    const refused = await submit('/api/ContactInfo', { name: 'n', email: 'a@example.com', message: 'm' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ isSuccess: false, errorCode: 40029 });
    // Each form has its own allowance; other addresses are not affected.
    expect((await submit('/api/JoinUs', { name: 'n', phone: '13800000000', message: 'm' }, address)).statusCode).toBe(200);
    expect((await submit('/api/ContactInfo', { name: 'n', email: 'a@example.com', message: 'm' }, '10.23.0.2')).statusCode).toBe(200);
  });

  it('accepts no more than 20 when they arrive all at once, and an invalid one spends nothing', async () => {
    const address = '10.25.0.1';
    expect((await submit('/api/JoinUs', { name: 'n', phone: 'not a phone', message: 'm' }, address)).statusCode).toBe(400);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => submit('/api/JoinUs', { name: `burst ${i}`, phone: '13800000000', message: 'm' }, address)),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const stored = (await t.call('POST', '/api/JoinUs/Query', { keyword: 'burst', pageSize: 100 }, admin)).json().data.meta.total;
    expect(stored).toBe(20);
  });

  it('answers a robot that fills the hidden field like a person, and keeps nothing', async () => {
    const before = (await t.call('POST', '/api/ContactInfo/Query', {}, admin)).json().data.meta.total;
    const res = await submit('/api/ContactInfo', { name: 'bot', email: 'bot@example.com', message: 'buy', website: 'http://spam.example' }, '10.24.0.1');
    expect(res.json().isSuccess).toBe(true);
    expect((await t.call('POST', '/api/ContactInfo/Query', {}, admin)).json().data.meta.total).toBe(before);
  });
});
