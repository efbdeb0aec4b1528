import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../backup/backup.js';
import { restoreBackup } from '../backup/restore.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { openStorage } from '../files/open-storage.js';
import { LEDGER_FILE, readLedgerFile } from './ledger-file.js';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { createTestDatabase } from '../testing/test-databases.js';

/** A fresh DATA_DIR, and a fresh database on PostgreSQL, to restore into. */
async function freshTarget(engine: TestApp['engine']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-ledger-target-'));
  const database = engine === 'postgres' ? await createTestDatabase('ledger_') : undefined;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database?.url, LOG_LEVEL: 'silent', PORTICO_DEMO: '0' });
  const storage = await openStorage(config);
  return {
    config,
    storage,
    async drop() {
      storage.close?.();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(testEngines())('the erasure ledger after a restore on %s', (engine) => {
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-ledger-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('erases again, rows and files, what was erased after an older backup was made', async () => {
    const admin = await t.signIn();
    const hr = (await buildUser(t, admin, ['hr'])).token;
    const service = (await buildUser(t, admin, ['service'])).token;
    const categoryId = (await t.call('POST', '/api/JobCategory', { name: '研发' }, admin)).json().data.id;
    const jobId = (await t.call('POST', '/api/Job', { title: '工程师', categoryId, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    const applyAs = async (name: string, email: string) => {
      const body = multipart({ jobId: String(jobId), name, phone: '13900000000', email, consent: 'true' }, { resume: { name: 'cv.pdf', type: 'application/pdf', content: Buffer.concat([samples.pdf, Buffer.from(email)]) } });
      return (await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers })).json().data.id as number;
    };
    const erased = await applyAs('王五', 'wang.wu@example.com');
    const anonymised = await applyAs('赵六', 'zhao.liu@example.com');
    const kept = await applyAs('孙七', 'sun.qi@example.com');
    const contact = (await t.call('POST', '/api/ContactInfo', { name: '王五', email: 'wang.wu@example.com', message: '你好' })).json().data.id as number;
    const resumeKey = async (id: number) =>
      (await t.app.ctx.db.kysely.selectFrom('job_applications').innerJoin('files', 'files.id', 'job_applications.resume_file_id').select('files.storage_key').where('job_applications.id', '=', id).executeTakeFirstOrThrow()).storage_key;
    const erasedKey = await resumeKey(erased);
    const anonymisedKey = await resumeKey(anonymised);

    const before = path.join(work, 'before.tar.gz');
    await createBackup(t.app.ctx.config, t.app.ctx.storage, before);
    await t.call('DELETE', `/api/JobApplication/${erased}`, undefined, hr);
    await t.call('POST', `/api/JobApplication/${anonymised}/Anonymise`, undefined, hr);
    await t.call('DELETE', `/api/ContactInfo/${contact}`, undefined, service);
    const after = path.join(work, 'after.tar.gz');
    await createBackup(t.app.ctx.config, t.app.ctx.storage, after);

    const target = await freshTarget(engine);
    try {
      // The installation as it is now (the later backup), then the older backup restored over it.
      await restoreBackup(target.config, target.storage, after);
      const progress: string[] = [];
      await restoreBackup(target.config, target.storage, before, { force: true, onProgress: (line) => progress.push(line) });
      expect(progress.join('\n')).toMatch(/Erasure ledger applied again: 3 records/);

      const db = connect(target.config.database);
      try {
        const applications = await db.kysely.selectFrom('job_applications').select(['id', 'name', 'email', 'anonymised_at']).orderBy('id').execute();
        expect(applications.map((a) => a.id)).toEqual([anonymised, kept]);
        expect(applications[0]).toMatchObject({ name: 'Anonymous', email: '' });
        expect(applications[1]).toMatchObject({ name: '孙七', email: 'sun.qi@example.com', anonymised_at: null });
        expect(await db.kysely.selectFrom('contact_infos').select('id').execute()).toEqual([]);
        expect(await db.kysely.selectFrom('job_application_terms').select('term').where('application_id', 'in', [erased, anonymised]).execute()).toEqual([]);
        expect(await db.kysely.selectFrom('erasure_ledger').select(['entity', 'record_id', 'action']).orderBy('id').execute()).toEqual([
          { entity: 'JobApplication', record_id: erased, action: 'erase' },
          { entity: 'JobApplication', record_id: anonymised, action: 'anonymise' },
          { entity: 'ContactInfo', record_id: contact, action: 'erase' },
        ]);
      } finally {
        await db.close();
      }
      expect(await target.storage.exists(erasedKey)).toBe(false);
      expect(await target.storage.exists(anonymisedKey)).toBe(false);
      expect(await target.storage.exists(await resumeKey(kept))).toBe(true);

      // Restored again from the later backup, whose own ledger holds the same erasures: nothing to redo.
      const again: string[] = [];
      await restoreBackup(target.config, target.storage, after, { force: true, onProgress: (line) => again.push(line) });
      expect(again.join('\n')).not.toMatch(/Erasure ledger applied again/);
    } finally {
      await target.drop();
    }
  });

  it('keeps erasing on a new machine: the ledger file beside the backups goes wherever they go', async () => {
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-ledger-backups-'));
    const source = await createTestApp(engine, { BACKUP_DIR: backups });
    const target = await freshTarget(engine);
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-ledger-copied-'));
    try {
      const admin = await source.signIn();
      const message = (email: string) => source.call('POST', '/api/ContactInfo', { name: '周八', email, message: '请删除我的信息' }).then((res) => res.json().data.id as number);
      const erased = await message('zhou.ba@example.com');
      const kept = await message('wu.jiu@example.com');
      const old = path.join(backups, 'old.tar.gz');
      await createBackup(source.app.ctx.config, source.app.ctx.storage, old);
      expect(fs.existsSync(path.join(backups, LEDGER_FILE))).toBe(false);

      // Erased after the only backup: the erasure itself writes its entry beside the backups.
      expect((await source.call('DELETE', `/api/ContactInfo/${erased}`, undefined, admin)).statusCode).toBe(200);
      const lines = fs.readFileSync(path.join(backups, LEDGER_FILE), 'utf8').trim().split('\n');
      expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([expect.objectContaining({ entity: 'ContactInfo', record_id: erased, action: 'erase' })]);
      expect(lines.join('')).not.toContain('zhou.ba');

      // The machine is lost; its backups folder is copied to a new one and the old backup restored
      // into an empty target, where no database of the old machine is left to carry a ledger.
      for (const name of fs.readdirSync(backups)) fs.copyFileSync(path.join(backups, name), path.join(elsewhere, name));
      await restoreBackup(target.config, target.storage, path.join(elsewhere, 'old.tar.gz'));
      const db = connect(target.config.database);
      try {
        expect((await db.kysely.selectFrom('contact_infos').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([kept]);
        expect(await db.kysely.selectFrom('erasure_ledger').select(['entity', 'record_id']).execute()).toEqual([{ entity: 'ContactInfo', record_id: erased }]);
      } finally {
        await db.close();
      }

      // A line that is not an entry stops the restore before it writes anything, naming the line.
      fs.appendFileSync(path.join(elsewhere, LEDGER_FILE), 'not a ledger entry\n');
      await expect(restoreBackup(target.config, target.storage, path.join(elsewhere, 'old.tar.gz'), { force: true })).rejects.toThrow(/erasure-ledger\.jsonl, line 2, is not an erasure ledger entry/);
    } finally {
      await source.close();
      await target.drop();
      for (const folder of [backups, elsewhere]) fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('has every backup copy the database\'s ledger beside it, for erasures made where no BACKUP_DIR was set', async () => {
    const admin = await t.signIn();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-ledger-copy-'));
    try {
      const id = (await t.call('POST', '/api/JoinUs', { name: '郑十', email: 'zheng.shi@example.com', phone: '13800000000', message: '加入' })).json().data?.id as number;
      expect((await t.call('DELETE', `/api/JoinUs/${id}`, undefined, admin)).statusCode).toBe(200);
      const progress: string[] = [];
      await createBackup(t.app.ctx.config, t.app.ctx.storage, path.join(folder, 'one.tar.gz'), { onProgress: (line) => progress.push(line) });
      expect(progress.join('\n')).toMatch(/Erasure ledger copied beside the backups: \d+ new entr/);
      const entries = await readLedgerFile(folder);
      expect(entries).toContainEqual(expect.objectContaining({ entity: 'JoinUs', record_id: id, action: 'erase' }));
      // A second backup adds nothing it already holds.
      const count = entries.length;
      await createBackup(t.app.ctx.config, t.app.ctx.storage, path.join(folder, 'two.tar.gz'));
      expect((await readLedgerFile(folder)).length).toBe(count);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
