import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { generate } from './generate.js';

const SMALL = { news: 30, jobs: 12, applications: 60, contacts: 25 };
const dirs: string[] = [];

async function filled(applicationsFrom?: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-bench-data-'));
  dirs.push(dir);
  const db = connect({ kind: 'sqlite', file: path.join(dir, 'portico.db') });
  await migrateToLatest(db);
  if (applicationsFrom) {
    // Grown in steps, as the bench grows the application table between measurements.
    await generate(db.kysely, { ...SMALL, applications: applicationsFrom[0] });
    for (let k = 1; k < applicationsFrom.length; k++) {
      await generate(db.kysely, { ...SMALL, applications: applicationsFrom[k] }, { applicationsFrom: applicationsFrom[k - 1] });
    }
  } else {
    await generate(db.kysely, SMALL);
  }
  return db;
}

async function rows(db: Awaited<ReturnType<typeof filled>>, table: string) {
  return (await sql.raw<Record<string, unknown>>(`select * from ${table} order by id`).execute(db.kysely)).rows;
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('bench data generator', () => {
  it('gives the same rows for the same seed, at the volumes asked, in Chinese and English', async () => {
    const [a, b] = [await filled(), await filled()];
    try {
      for (const table of ['news', 'jobs', 'contact_infos', 'job_applications']) {
        expect(await rows(a, table), table).toEqual(await rows(b, table));
      }
      expect(await rows(a, 'news')).toHaveLength(SMALL.news);
      expect(await rows(a, 'jobs')).toHaveLength(SMALL.jobs);
      expect(await rows(a, 'contact_infos')).toHaveLength(SMALL.contacts);
      const applications = await rows(a, 'job_applications');
      expect(applications).toHaveLength(SMALL.applications);
      const names = applications.map((r) => String(r.name));
      expect(names.some((n) => /[\u4e00-\u9fff]/.test(n))).toBe(true);
      expect(names.some((n) => /^[A-Za-z ]+$/.test(n))).toBe(true);
      // Every application has a résumé of its own.
      expect(new Set(applications.map((r) => r.resume_file_id)).size).toBe(SMALL.applications);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('grows the applications to a larger volume in steps, with their search terms and counts kept in step', async () => {
    const stepped = await filled([20, 60]);
    const whole = await filled();
    try {
      expect((await rows(stepped, 'job_applications')).length).toBe(SMALL.applications);
      const terms = await sql<{ n: number }>`select count(*) as n from job_application_terms`.execute(stepped.kysely);
      expect(Number(terms.rows[0].n)).toBeGreaterThan(SMALL.applications);
      const drift = await sql<{ n: number }>`
        select count(*) as n from (
          select term, status_id, count(*) as applications from job_application_terms group by term, status_id
        ) kept
        left join job_application_term_counts c on c.term = kept.term and c.status_id = kept.status_id
        where c.applications is null or c.applications <> kept.applications
      `.execute(stepped.kysely);
      expect(Number(drift.rows[0].n)).toBe(0);
      // The first rows do not depend on how the table was grown.
      expect((await rows(stepped, 'news'))).toEqual(await rows(whole, 'news'));
    } finally {
      await stepped.close();
      await whole.close();
    }
  });
});
