import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import { connect } from '../db/connect.js';
import type { Db } from '../db/connect.js';
import { openStorage } from '../files/open-storage.js';
import { readAll } from '../files/storage.js';
import type { FileStorage } from '../files/storage.js';
import { makeImage } from '../media/test-images.js';
import { startTestS3Server } from '../testing/s3-server.js';
import { ADMIN_PASSWORD, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { createTestDatabase } from '../testing/test-databases.js';
import { createBackup } from './backup.js';
import { BackupError } from './errors.js';
import { restoreBackup } from './restore.js';
import { BackupSchedule, scheduledBackupName } from './schedule.js';

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** An empty place to restore into: a fresh DATA_DIR, and a fresh database on PostgreSQL. */
interface Target {
  config: Config;
  storage: FileStorage;
  dataDir: string;
  drop(): Promise<void>;
}

async function freshTarget(engine: TestApp['engine'], env: Record<string, string> = {}): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-restore-target-'));
  const database = engine === 'postgres' ? await createTestDatabase('restore_') : undefined;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database?.url, LOG_LEVEL: 'silent', PORTICO_DEMO: '0', ...env });
  const storage = await openStorage(config);
  return {
    config,
    storage,
    dataDir,
    async drop() {
      storage.close?.();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function tableNames(db: Db): Promise<string[]> {
  const rows =
    db.engine === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely)
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db.kysely);
  return rows.rows.map((r) => r.name).sort();
}

async function rowsOf(db: Db, table: string, without: string[] = []): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
  return rows
    .map((row) => JSON.stringify(Object.keys(row).sort().filter((k) => !without.includes(k)).map((k) => [k, row[k]])))
    .sort();
}

async function storedFiles(storage: FileStorage): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for await (const key of storage.list()) files.set(key, sha256(await readAll(storage, key)));
  return files;
}

/**
 * Columns the running server changes on rows that already exist: a session's last use, a user's last
 * sign-in, the counts kept beside contact messages and applications. Every other column of every row
 * of every table is compared as it is; these tables are checked against the rows they count instead.
 */
const CHANGING: Record<string, string[]> = {
  sessions: ['last_seen_at', 'expires_at', 'idle_expires_at'],
  users: ['last_login_at', 'updated_at'],
  inquiry_status_counts: ['records'],
  job_application_term_counts: ['applications'],
};

describe.each(testEngines())('backup and restore on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let jobId: number;
  let newsCategoryId: number;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { FORM_MAX_PER_ADDRESS: '1000000' });
    admin = await t.signIn();
    const jobCategory = (await t.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '后端工程师', categoryId: jobCategory, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    newsCategoryId = (await t.call('POST', '/api/NewsCategory', { name: '公司新闻' }, admin)).json().data.id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-backups-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  type Written = { kind: 'contact' | 'news' | 'application' | 'image'; id: number };
  /** Writes news, contact messages, applications with résumés and images, one after another, until stopped. */
  function writeLoop() {
    const log: Written[] = [];
    let stopped = false;
    const step = async (i: number): Promise<Written> => {
      const kind = (['contact', 'news', 'application', 'image'] as const)[i % 4];
      let res;
      if (kind === 'contact') {
        res = await t.call('POST', '/api/ContactInfo', { name: `访客${i}`, email: `visitor${i}@example.com`, message: `消息 ${i}` });
      } else if (kind === 'news') {
        res = await t.call('POST', '/api/News', { title: `新闻 ${i}`, content: `<p>${i}</p>`, categoryId: newsCategoryId, status: 'published' }, admin);
      } else if (kind === 'application') {
        const resume = Buffer.concat([samples.pdf, Buffer.from(`% ${i}\n`)]);
        const body = multipart({ jobId: String(jobId), name: `申请人${i}`, phone: `138${String(i).padStart(8, '0')}`, email: `applicant${i}@example.com`, consent: 'true' }, { resume: { name: `cv-${i}.pdf`, type: 'application/pdf', content: resume } });
        res = await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers });
      } else {
        const body = multipart({}, { file: { name: `photo-${i}.png`, type: 'image/png', content: await makeImage('png', 48, 32, i) } });
        res = await t.app.inject({ method: 'POST', url: '/api/File', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${admin}` } });
      }
      expect(res.statusCode, res.body).toBe(200);
      return { kind, id: res.json().data.id as number };
    };
    const running = (async () => {
      for (let i = 0; !stopped; i++) log.push(await step(i));
    })();
    return {
      log,
      async stop() {
        stopped = true;
        await running;
      },
    };
  }

  it('takes a consistent backup while records and files are written, and restores it record by record and file by file', async () => {
    const loop = writeLoop();
    while (loop.log.length < 12) await new Promise((resolve) => setTimeout(resolve, 20));
    const archive = path.join(work, 'under-load.tar.gz');
    const progress: string[] = [];
    const result = await createBackup(t.app.ctx.config, t.app.ctx.storage, archive, { onProgress: (line) => progress.push(line) });
    const writtenDuringBackup = loop.log.length;
    while (loop.log.length < writtenDuringBackup + 8) await new Promise((resolve) => setTimeout(resolve, 20));
    await loop.stop();
    expect(result).toMatchObject({ engine, files: expect.any(Number), missing: [] });
    expect(progress.join('\n')).toMatch(/Database copied: .*migration \d{4}-/);

    const target = await freshTarget(engine);
    const { manifest, replaced } = await restoreBackup(target.config, target.storage, archive);
    expect(replaced).toEqual({ tables: 0, files: 0 });
    expect(manifest.files.length).toBe(result.files);
    const restored = connect(target.config.database);
    try {
      // One moment: what was restored is exactly the writes up to some point, and none after it.
      const present = new Set<string>();
      const tableOf = { contact: 'contact_infos', news: 'news', application: 'job_applications', image: 'files' } as const;
      for (const [kind, table] of Object.entries(tableOf)) {
        const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)}`.execute(restored.kysely);
        for (const row of rows) present.add(`${kind}:${row.id}`);
      }
      const restoredUpTo = loop.log.findIndex((w) => !present.has(`${w.kind}:${w.id}`));
      expect(restoredUpTo, 'the backup holds writes made before it started').toBeGreaterThanOrEqual(12);
      expect(restoredUpTo, 'the backup leaves out writes made after it').toBeLessThan(loop.log.length);
      expect(loop.log.slice(restoredUpTo).filter((w) => present.has(`${w.kind}:${w.id}`))).toEqual([]);

      // Every table, record by record: each restored row is the live row (writes since then only added rows).
      const live = t.app.ctx.db;
      expect(await tableNames(restored)).toEqual(await tableNames(live));
      for (const table of await tableNames(restored)) {
        const before = new Set(await rowsOf(live, table, CHANGING[table]));
        const after = await rowsOf(restored, table, CHANGING[table]);
        expect(after.filter((row) => !before.has(row)), `rows of ${table} that were never in the live database`).toEqual([]);
      }
      // The counts kept beside the records are those of the restored records: the same moment.
      const inquiryCounts = await sql<{ n: number }>`
        select count(*) as n from (select entity, status_id, sum(records) as records from inquiry_status_counts group by entity, status_id) c
        where c.records <> (select count(*) from contact_infos where status_id = c.status_id and c.entity = 'contact_infos')
          + (select count(*) from join_us where status_id = c.status_id and c.entity = 'join_us')`.execute(restored.kysely);
      expect(Number(inquiryCounts.rows[0].n)).toBe(0);
      const termCounts = await sql<{ n: number }>`
        select count(*) as n from job_application_term_counts c
        where c.applications <> (select count(*) from job_application_terms t where t.term = c.term and t.status_id = c.status_id)`.execute(restored.kysely);
      expect(Number(termCounts.rows[0].n)).toBe(0);

      // File by file: each restored file is the live one, and every file a restored record names is there.
      const liveFiles = await storedFiles(t.app.ctx.storage);
      const restoredFiles = await storedFiles(target.storage);
      for (const [key, digest] of restoredFiles) expect(liveFiles.get(key), key).toBe(digest);
      const named = await restored.kysely.selectFrom('files').select('storage_key').execute();
      expect(named.length).toBeGreaterThan(0);
      for (const { storage_key } of named) expect(restoredFiles.has(storage_key), storage_key).toBe(true);
    } finally {
      await restored.close();
    }

    // The server starts on what was restored, migrates as usual and serves it.
    const server = await createTestApp(engine, { DATA_DIR: target.dataDir, DATABASE_URL: target.config.database.kind === 'postgres' ? target.config.database.url : '' });
    try {
      const token = await server.signIn('admin', ADMIN_PASSWORD);
      const applications = (await server.call('POST', '/api/JobApplication/Query', { pageSize: 100 }, token)).json().data;
      expect(applications.meta.total).toBeGreaterThan(0);
      const record = (await server.call('GET', `/api/JobApplication/${applications.items[0].id}`, undefined, token)).json().data;
      const resume = await server.call('GET', record.resumeUrl, undefined, token);
      expect(resume.statusCode).toBe(200);
      expect(resume.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await server.close();
      await target.drop();
    }
  });

  it('refuses a target that holds data unless forced, and then says what it replaces', async () => {
    const archive = path.join(work, 'plain.tar.gz');
    await createBackup(t.app.ctx.config, t.app.ctx.storage, archive);
    const target = await freshTarget(engine);
    try {
      await restoreBackup(target.config, target.storage, archive);
      const fileCount = (await storedFiles(target.storage)).size;
      await target.storage.put('2026-01/extra', Buffer.from('written after the restore'));
      const again = restoreBackup(target.config, target.storage, archive);
      await expect(again).rejects.toThrow(BackupError);
      await expect(again).rejects.toThrow(/The target is not empty: .*\(\d+ tables\) and the file storage \(\d+ files\).*--force/);
      expect(await target.storage.exists('2026-01/extra')).toBe(true);

      const progress: string[] = [];
      const forced = await restoreBackup(target.config, target.storage, archive, { force: true, onProgress: (line) => progress.push(line) });
      expect(forced.replaced).toEqual({ tables: expect.any(Number), files: fileCount + 1 });
      expect(forced.replaced.tables).toBeGreaterThan(10);
      expect(progress.find((line) => line.startsWith('--force: replacing'))).toBeDefined();
      expect(await target.storage.exists('2026-01/extra')).toBe(false);
      expect((await storedFiles(target.storage)).size).toBe(fileCount);
    } finally {
      await target.drop();
    }
  });

  it('refuses a damaged archive before writing anything', async () => {
    const archive = path.join(work, 'to-damage.tar.gz');
    await createBackup(t.app.ctx.config, t.app.ctx.storage, archive);
    // Unpack, change one byte of one stored file, pack again: the manifest no longer matches it.
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-damage-'));
    const tar = await import('tar');
    await tar.extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    const victim = path.join(unpacked, 'files', manifest.files[0].key);
    const bytes = fs.readFileSync(victim);
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(victim, bytes);
    const damaged = path.join(work, 'damaged.tar.gz');
    await tar.create({ gzip: true, file: damaged, cwd: unpacked }, fs.readdirSync(unpacked));
    fs.rmSync(unpacked, { recursive: true, force: true });
    const notAnArchive = path.join(work, 'not-an-archive.tar.gz');
    fs.writeFileSync(notAnArchive, 'hello');

    const target = await freshTarget(engine);
    try {
      await expect(restoreBackup(target.config, target.storage, damaged)).rejects.toThrow(/The backup is damaged: 1 entry does not match the manifest's checksum \(files\/.*\)\. Nothing was restored\./);
      await expect(restoreBackup(target.config, target.storage, notAnArchive)).rejects.toThrow(/is not a readable Portico backup/);
      await expect(restoreBackup(target.config, target.storage, path.join(work, 'absent.tar.gz'))).rejects.toThrow(/no such file/);
      const wrongEngine = loadConfig({ ...(engine === 'sqlite' ? { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } : {}), DATA_DIR: target.dataDir });
      if (engine === 'sqlite') await expect(restoreBackup(wrongEngine, target.storage, archive)).rejects.toThrow(/holds a SQLite .* database, but the configuration names PostgreSQL/);
      expect(await storedFiles(target.storage)).toEqual(new Map());
      const db = connect(target.config.database);
      try {
        expect(await tableNames(db)).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses to overwrite a file or write where it cannot, in one line', async () => {
    const archive = path.join(work, 'exists.tar.gz');
    fs.writeFileSync(archive, '');
    await expect(createBackup(t.app.ctx.config, t.app.ctx.storage, archive)).rejects.toThrow(/already exists: choose another file name/);
    await expect(createBackup(t.app.ctx.config, t.app.ctx.storage, path.join(work, 'no', 'such', 'folder', 'b.tar.gz'))).rejects.toThrow(/^Cannot write to .*: no such file or directory$/);
  });

  it.runIf(engine === 'postgres')('says in one line to install the PostgreSQL client when pg_dump is missing, and writes nothing', async () => {
    const archive = path.join(work, 'without-pg-dump.tar.gz');
    const path0 = process.env.PATH;
    // pg_dump is looked up on the PATH its process is given: an empty folder holds none.
    process.env.PATH = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-empty-path-'));
    try {
      await expect(createBackup(t.app.ctx.config, t.app.ctx.storage, archive)).rejects.toThrow(
        /^pg_dump was not found on the PATH: install PostgreSQL's client tools .*apt-get install postgresql-client$/,
      );
    } finally {
      fs.rmSync(process.env.PATH, { recursive: true, force: true });
      process.env.PATH = path0;
    }
    expect(fs.existsSync(archive)).toBe(false);
    expect(fs.readdirSync(work).filter((name) => name.startsWith('.portico-backup-') || name.endsWith('.partial'))).toEqual([]);
  });

  it('runs as `npm run backup` and `npm run restore` do: one line per step, one line on failure, exit codes 0 and 1', async () => {
    const cli = path.join(process.cwd(), 'src', 'server', 'backup', 'cli.ts');
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const { database, dataDir } = t.app.ctx.config;
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.kind === 'postgres' ? database.url : '', LOG_LEVEL: 'silent', INIT_CWD: work };
    const run = (...args: string[]) => spawnSync(tsx, [cli, ...args], { env, encoding: 'utf8', timeout: 120_000 });

    const written = run('backup', 'from-cli.tar.gz');
    expect(written.status, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/^Backup written: .*from-cli\.tar\.gz \(/m);
    expect(fs.existsSync(path.join(work, 'from-cli.tar.gz'))).toBe(true);

    const again = run('backup', 'from-cli.tar.gz');
    expect(again.status).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/already exists: choose another file name/);

    const usage = run('restore');
    expect(usage.status).toBe(1);
    expect(usage.stderr).toMatch(/^The backup file is missing\. Usage: npm run restore -- <file\.tar\.gz> \[--force\]/);
    // The running installation is not empty: a restore without --force refuses, in one line.
    const refused = run('restore', 'from-cli.tar.gz');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^The target is not empty: /);
  });

  it('backs up the files of an S3 bucket and restores them into another, refusing one that holds files', async () => {
    const [source, destination] = await Promise.all([startTestS3Server('portico-source'), startTestS3Server('portico-destination')]);
    const app = await createTestApp(engine, source.env);
    const target = await freshTarget(engine, destination.env);
    try {
      const token = await app.signIn();
      const body = multipart({}, { file: { name: 'cover.png', type: 'image/png', content: await makeImage('png', 64, 40, 7) } });
      const upload = await app.app.inject({ method: 'POST', url: '/api/File', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
      expect(upload.statusCode, upload.body).toBe(200);
      const archive = path.join(work, 's3.tar.gz');
      const result = await createBackup(app.app.ctx.config, app.app.ctx.storage, archive);
      const sourceFiles = await storedFiles(app.app.ctx.storage);
      expect(result.files).toBeGreaterThan(0);

      await target.storage.put('2026-01/already-there', Buffer.from('x'));
      await expect(restoreBackup(target.config, target.storage, archive)).rejects.toThrow(/the file storage \(1 files\)/);
      await target.storage.remove('2026-01/already-there');
      const { manifest } = await restoreBackup(target.config, target.storage, archive);
      // Image variants may still be made after the backup: the bucket holds what the manifest lists, as the source had it.
      const restoredFiles = await storedFiles(target.storage);
      expect([...restoredFiles.keys()].sort()).toEqual(manifest.files.map((f) => f.key).sort());
      for (const [key, digest] of restoredFiles) expect(sourceFiles.get(key), key).toBe(digest);
    } finally {
      await target.drop();
      await app.close();
      await Promise.all([source.close(), destination.close()]);
    }
  });

  it('keeps the newest BACKUP_KEEP scheduled backups', async () => {
    const dir = path.join(work, 'scheduled');
    const app = await createTestApp(engine, { BACKUP_DIR: dir, BACKUP_KEEP: '2' });
    const schedule = new BackupSchedule(app.app.ctx);
    try {
      const slots = [0, 1, 2].map((day) => new Date(Date.UTC(2026, 10, 20 + day, 3, 0, 0)));
      for (const slot of slots) expect((await schedule.runOnce({ slot, holdMs: 0 })).status).toBe('written');
      expect(fs.readdirSync(dir).sort()).toEqual([scheduledBackupName(slots[1]), scheduledBackupName(slots[2])]);
      const restoredFrom = await freshTarget(engine);
      try {
        await restoreBackup(restoredFrom.config, restoredFrom.storage, path.join(dir, scheduledBackupName(slots[2])));
      } finally {
        await restoredFrom.drop();
      }
    } finally {
      await schedule.stop();
      await app.close();
    }
  });

  it.runIf(engine === 'postgres')('runs a scheduled backup on one instance only when several share the database', async () => {
    const dirs = [path.join(work, 'instance-a'), path.join(work, 'instance-b')];
    const a = await createTestApp(engine, { BACKUP_DIR: dirs[0] });
    const b = await createTestApp(engine, { BACKUP_DIR: dirs[1] }, { databaseOf: a });
    const schedules = [new BackupSchedule(a.app.ctx), new BackupSchedule(b.app.ctx)];
    try {
      const slot = new Date();
      // Both timers fire for the slot; then one fires late (a slower clock), while the slot lasts.
      const [first, second] = await Promise.all(schedules.map((s) => s.runOnce({ slot, holdMs: 5_000 })));
      const late = await schedules[first.status === 'written' ? 1 : 0].runOnce({ slot, holdMs: 5_000 });
      expect([first.status, second.status].sort()).toEqual(['skipped', 'written']);
      expect(late.status).toBe('skipped');
      const written = dirs.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []));
      expect(written).toEqual([scheduledBackupName(slot)]);
      // Once the hold is over the lock is free again: the next slot runs, on whichever instance.
      await new Promise((resolve) => setTimeout(resolve, 5_200));
      const loser = schedules[first.status === 'written' ? 1 : 0];
      const next = await loser.runOnce({ slot: new Date(slot.getTime() + 60_000), holdMs: 0 });
      expect(next.status).toBe('written');
    } finally {
      for (const s of schedules) await s.stop();
      await b.close();
      await a.close();
    }
  });
});
