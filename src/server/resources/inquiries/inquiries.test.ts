import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/connect.js';
import { migrationProvider } from '../../db/migrate.js';
import { buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

const TABLES = { ContactInfo: 'contact_infos', JoinUs: 'join_us' } as const;

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
    expect(record).toMatchObject({ id, name: '王五', email: 'wang@example.com', company: '某某制造', subject: '产品咨询', phone: '', statusId: 1 });
    // Its history starts with the status it arrived in, sent by the visitor, not by staff.
    expect(record.history).toEqual([{ statusId: 1, note: '', byUserName: null, at: record.createdAt }]);
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
      expect(moved.json().data).toMatchObject({ statusId: 2, note: '' });
      await t.call('POST', `/api/${entity}/${id}`, { statusId: 3 }, admin);
      const record = (await t.call('GET', `/api/${entity}/${id}`, undefined, admin)).json().data;
      expect(record.history.map((h: { statusId: number }) => h.statusId)).toEqual([1, 2, 3]);
      expect(record.history[1]).toMatchObject({ note: '已电话回访', byUserName: 'admin' });
      expect((await t.call('POST', `/api/${entity}/${id}`, { statusId: 4 }, admin)).statusCode).toBe(400);
      const done = (await t.call('POST', `/api/${entity}/Query`, { filters: { statusId: 3 } }, admin)).json().data;
      expect(done.items.map((r: { id: number }) => r.id)).toContain(id);
      expect((await t.call('DELETE', `/api/${entity}/${id}`, undefined, admin)).json()).toMatchObject({ isSuccess: true });
      expect((await t.call('GET', `/api/${entity}/${id}`, undefined, admin)).statusCode).toBe(404);
      expect((await t.call('DELETE', `/api/${entity}/${id}`, undefined, admin)).statusCode).toBe(404);
    }
  });

  /** Each status's records as counted from the table, and as kept in `inquiry_status_counts`. */
  async function countsOf(table: string) {
    const db = t.app.ctx.db.kysely;
    const actual = await sql<{ status_id: number; n: number }>`
      select status_id, count(*) as n from ${sql.table(table)} group by status_id order by status_id
    `.execute(db);
    const kept = await sql<{ status_id: number; n: number }>`
      select status_id, sum(records) as n from inquiry_status_counts where entity = ${table}
      group by status_id having sum(records) <> 0 order by status_id
    `.execute(db);
    const shape = (rows: { status_id: number; n: number }[]) => rows.map((r) => [Number(r.status_id), Number(r.n)]);
    return { actual: shape(actual.rows), kept: shape(kept.rows) };
  }

  it('keeps each status\'s count in step with every submission, move and delete, and totals lists by status from it', async () => {
    for (const [entity, table] of Object.entries(TABLES)) {
      const body = entity === 'ContactInfo' ? { name: 'n', email: 'n@example.com', message: 'm' } : { name: 'n', phone: '13800000000', message: 'm' };
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push((await submit(`/api/${entity}`, body, `10.31.${i}.1`)).json().data.id);
      await t.call('POST', `/api/${entity}/${ids[0]}`, { statusId: 2 }, admin);
      await t.call('POST', `/api/${entity}/${ids[1]}`, { statusId: 3 }, admin);
      await t.call('POST', `/api/${entity}/${ids[1]}`, { statusId: 2 }, admin);
      await t.call('DELETE', `/api/${entity}/${ids[2]}`, undefined, admin);
      // Written outside the API too (an import, an operator's SQL): the counts follow.
      await sql`update ${sql.table(table)} set status_id = 3 where id = ${ids[3]}`.execute(t.app.ctx.db.kysely);

      const { actual, kept } = await countsOf(table);
      expect(kept, entity).toEqual(actual);
      const total = async (query: object) => (await t.call('POST', `/api/${entity}/Query`, query, admin)).json().data.meta.total;
      for (const [statusId, n] of actual) expect(await total({ filters: { statusId } }), `${entity} status ${statusId}`).toBe(n);
      expect(await total({})).toBe(actual.reduce((sum, [, n]) => sum + n, 0));

      // The totals by status come from the kept counts: skewed, they show; other lists count rows.
      const db = t.app.ctx.db.kysely;
      await sql`update inquiry_status_counts set records = records + 1000 where entity = ${table} and status_id = 2 and slot = ${ids[0] % 8}`.execute(db);
      try {
        const two = actual.find(([statusId]) => statusId === 2)![1];
        expect(await total({ filters: { statusId: 2 } })).toBe(two + 1000);
        expect(await total({ filters: { statusId: 2, createdFrom: '2000-01-01T00:00:00.000Z' } })).toBe(two);
        expect(await total({ keyword: 'n', filters: { statusId: 2 } })).toBe(two);
      } finally {
        await sql`update inquiry_status_counts set records = records - 1000 where entity = ${table} and status_id = 2 and slot = ${ids[0] % 8}`.execute(db);
      }
    }
  });

  it('moves many records between two statuses at once, both ways, without losing a count', async () => {
    // Sixteen records counted in one part of each status (a record counts in part id % 8), stored
    // straight into the table as an import would.
    const at = new Date().toISOString();
    const stored = await sql<{ id: number }>`
      insert into contact_infos (name, message, status_id, created_at, updated_at)
      select 'p', 'm', 1, cast(${at} as text), cast(${at} as text)
      from (${sql.raw(Array.from({ length: 128 }, (_, i) => `select ${i} as n`).join(' union all '))}) numbers
      returning id
    `.execute(t.app.ctx.db.kysely);
    const first = Number(stored.rows[0].id);
    const ids = stored.rows.map((r) => Number(r.id)).filter((id) => id % 8 === first % 8);
    expect(ids).toHaveLength(16);
    for (const id of ids.slice(8)) await t.call('POST', `/api/ContactInfo/${id}`, { statusId: 2 }, admin);
    // Half go 1 → 2 while the other half go 2 → 1: on PostgreSQL each move locks both counts.
    const moves = await Promise.all(
      ids.map((id, i) => t.call('POST', `/api/ContactInfo/${id}`, { statusId: i < 8 ? 2 : 1 }, admin)),
    );
    expect(moves.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
    const { actual, kept } = await countsOf('contact_infos');
    expect(kept).toEqual(actual);
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

describe('status counts of inquiries already stored', () => {
  it('are counted from the rows there are when the migration runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-counts-'));
    const db = connect({ kind: 'sqlite', file: path.join(dir, 'portico.db') });
    try {
      const migrator = new Migrator({ db: db.sessions, provider: migrationProvider });
      expect((await migrator.migrateTo('0006-application-term-counts')).error).toBeUndefined();
      const at = new Date().toISOString();
      const insert = (table: string, statusId: number) =>
        sql`insert into ${sql.table(table)} (name, message, status_id, created_at, updated_at) values ('x', 'm', ${statusId}, ${at}, ${at})`.execute(db.kysely);
      for (const statusId of [1, 1, 3]) await insert('contact_infos', statusId);
      await insert('join_us', 2);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const counts = await sql<{ entity: string; status_id: number; records: number }>`
        select entity, status_id, sum(records) as records from inquiry_status_counts group by entity, status_id order by entity, status_id
      `.execute(db.kysely);
      expect(counts.rows.map((c) => [c.entity, Number(c.status_id), Number(c.records)])).toEqual([
        ['contact_infos', 1, 2],
        ['contact_infos', 3, 1],
        ['join_us', 2, 1],
      ]);
      // Undone, it leaves no trigger behind to write to a table that is gone.
      expect((await migrator.migrateDown()).error).toBeUndefined();
      await insert('contact_infos', 1);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
