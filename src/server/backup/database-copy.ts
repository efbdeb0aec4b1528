import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import postgres from 'postgres';
import type { Config } from '../config.js';
import { SQLITE_DRIVER } from '../db/connect.js';
import { BackupError } from './errors.js';

/** What the copy of the database says about itself, read in the same snapshot as the copy. */
export interface DatabaseSnapshot {
  /** The last migration applied. */
  migration: string;
  /** The storage keys the `files` table refers to: each must be in the backup too. */
  storageKeys: string[];
}

const driverPath = createRequire(import.meta.url).resolve(SQLITE_DRIVER);

/**
 * `VACUUM INTO` on a connection of its own, in a worker thread. It reads the database inside one read
 * transaction, so the copy is of one moment, and in WAL mode that transaction never blocks the
 * server's writes; SQLite's online backup API instead starts over whenever another connection
 * writes, and under steady writes may never finish. The worker keeps the server's event loop free
 * while a large database is copied. Its code is plain JavaScript given as text, so it runs the same
 * from the sources and from the built server (as media/resize-worker.ts does).
 */
const SQLITE_SNAPSHOT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const Database = require(workerData.driver);
  const db = new Database(workerData.source, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  db.prepare('vacuum into ?').run(workerData.target);
  db.close();
  const copy = new Database(workerData.target, { readonly: true });
  const migration = copy.prepare('select max(name) as name from kysely_migration').get().name;
  const storageKeys = copy.prepare('select storage_key from files').pluck().all();
  copy.close();
  parentPort.postMessage({ migration, storageKeys });
} catch (error) {
  parentPort.postMessage({ error: String((error && error.message) || error) });
}
`;

function snapshotSqlite(source: string, target: string): Promise<DatabaseSnapshot> {
  if (!fs.existsSync(source)) {
    return Promise.reject(new BackupError(`There is no database at ${source}: check DATA_DIR / DATABASE_URL`));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(SQLITE_SNAPSHOT_WORKER, { eval: true, workerData: { driver: driverPath, source, target } });
    worker.once('message', (message: DatabaseSnapshot & { error?: string }) => {
      void worker.terminate();
      if (message.error) reject(new BackupError(`The database could not be copied: ${message.error}`));
      else if (!message.migration) reject(new BackupError('The database has no migrations: start Portico once before backing it up'));
      else resolve({ migration: message.migration, storageKeys: message.storageKeys });
    });
    worker.once('error', reject);
  });
}

/**
 * The URL for PostgreSQL's own tools, and its password apart, in `PGPASSWORD`: a password in an
 * argument can be read by every user of the machine in the process list.
 */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs pg_dump, pg_restore or psql; a missing tool or a failure is one clear line. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${tool} was not found on the PATH: install PostgreSQL's client tools (the version of the server or newer), e.g. apt-get install postgresql-client`)
          : new BackupError(`${tool} could not be started: ${error.message}`),
      );
    });
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const reason = stderr.trim().split('\n').slice(-3).join(' / ') || `exit code ${code}`;
      reject(new BackupError(`${tool} failed: ${reason}`));
    });
  });
}

/**
 * pg_dump in its custom format, inside a snapshot this connection exported: the storage keys and the
 * migration are read in exactly the state pg_dump copies, while the server goes on writing.
 */
async function snapshotPostgres(url: string, target: string): Promise<DatabaseSnapshot> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const { dbname, env } = libpqTarget(url);
  try {
    return await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [{ snapshot }] = await tx<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
      const [{ name }] = await tx<{ name: string | null }[]>`select max(name) as name from kysely_migration`;
      const keys = await tx<{ storage_key: string }[]>`select storage_key from files`;
      if (!name) throw new BackupError('The database has no migrations: start Portico once before backing it up');
      await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${dbname}`], env);
      return { migration: name, storageKeys: keys.map((k) => k.storage_key) };
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`DATABASE_URL: the database could not be read (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    await sql.end();
  }
}

/** Copies the database into `target` (a file), consistent as of one moment. */
export function snapshotDatabase(database: Config['database'], target: string): Promise<DatabaseSnapshot> {
  return database.kind === 'sqlite' ? snapshotSqlite(database.file, target) : snapshotPostgres(database.url, target);
}

/** The tables the target database has (Portico's or any other), for the empty-target check. */
export async function tablesIn(database: Config['database']): Promise<string[]> {
  if (database.kind === 'sqlite') {
    if (!fs.existsSync(database.file) || fs.statSync(database.file).size === 0) return [];
    const sqlite = openSqlite(database.file, true);
    try {
      return sqlite.prepare(`select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'`).pluck().all() as string[];
    } finally {
      sqlite.close();
    }
  }
  return onPostgres(database.url, async (sql) =>
    (await sql<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public'`).map((t) => t.name),
  );
}

/** Empties the target database (`--force`): the SQLite file goes; PostgreSQL's public schema is emptied. */
export async function clearDatabase(database: Config['database']): Promise<void> {
  if (database.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(database.file + suffix, { force: true });
    return;
  }
  await onPostgres(database.url, (sql) =>
    sql.begin(async (tx) => {
      // Views, then tables (their sequences and triggers go with them), then what is left.
      for (const { name } of await tx<{ name: string }[]>`select viewname as name from pg_views where schemaname = 'public'`) {
        await tx`drop view if exists ${tx(name)} cascade`;
      }
      for (const { name } of await tx<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public'`) {
        await tx`drop table if exists ${tx(name)} cascade`;
      }
      for (const { name } of await tx<{ name: string }[]>`select sequencename as name from pg_sequences where schemaname = 'public'`) {
        await tx`drop sequence if exists ${tx(name)} cascade`;
      }
      for (const { signature } of await tx<{ signature: string }[]>`
        select p.oid::regprocedure::text as signature from pg_proc p where p.pronamespace = 'public'::regnamespace`) {
        await tx.unsafe(`drop function if exists ${signature} cascade`);
      }
    }),
  );
}

/** Puts the copied database in place; the target is empty (checked, or cleared with `--force`). */
export async function restoreDatabase(database: Config['database'], copy: string): Promise<void> {
  if (database.kind === 'sqlite') {
    await fs.promises.mkdir(path.dirname(database.file), { recursive: true });
    const partial = `${database.file}.restoring`;
    await fs.promises.copyFile(copy, partial);
    await fs.promises.rename(partial, database.file);
    return;
  }
  const { dbname, env } = libpqTarget(database.url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, copy], env);
}

function openSqlite(file: string, readonly: boolean): SQLite.Database {
  const Database = createRequire(import.meta.url)(SQLITE_DRIVER) as typeof SQLite;
  return new Database(file, { readonly, fileMustExist: true });
}

async function onPostgres<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await work(sql);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`DATABASE_URL: the database could not be reached (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    await sql.end();
  }
}
