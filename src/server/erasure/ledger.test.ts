import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../backup/backup.js';
import { restoreBackup } from '../backup/restore.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { openStorage } from '../files/open-storage.js';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/** A fresh DATA_DIR, and a fresh database on PostgreSQL, to restore into. */
async function freshTarget(engine: TestApp['engine']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-ledger-target-'));
  let url: string | undefined;
  const name = `portico_test_ledger_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = () => postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  if (engine === 'postgres') {
    const create = admin();
    await create`create database ${create(name)}`;
    await create.end();
    const parsed = new URL(process.env.TEST_DATABASE_URL!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', PORTICO_DEMO: '0' });
  const storage = await openStorage(config);
  return {
    config,
    storage,
    async drop() {
      storage.close?.();
      if (engine === 'postgres') {
        const drop = admin();
        await drop`drop database if exists ${drop(name)} with (force)`;
        await drop.end();
      }
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
});
