import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueryInput } from '../../shared/query.js';
import type { AppContext } from '../context.js';
import type { Engine } from '../db/connect.js';
import type { KyselyDb } from '../db/schema.js';
import { jobApplicationResource } from '../resources/applications/routes.js';
import { indexApplication, moveApplicationTerms } from '../resources/applications/search.js';
import { jobCategoryResource, newsCategoryResource } from '../resources/content/categories.js';
import { jobResource } from '../resources/content/jobs.js';
import { newsResource } from '../resources/content/news.js';
import { contactInfoResource, joinUsResource } from '../resources/inquiries/routes.js';
import { userResource } from '../resources/users/routes.js';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import type { ResourceDef, Table } from './definition.js';
import { listPlan } from './list-plan.js';
import { LIST_SHAPES_KEPT, compiledList, compiledShapeCount, queryPage } from './list-query.js';
import type { CompiledList } from './list-query.js';

/**
 * The list planner and its compiled queries, called directly on data inserted here, against what a
 * list must answer computed in memory from the same rows: every keyword plan (LIKE, the application
 * term index exact or confirmed, escaped wildcards), filter kind, sort, page and view. The data is
 * small, so each list can be checked whole; it is shaped so that sort values tie (the id must settle
 * the order), text holds LIKE's wildcards as plain characters, and drafts, scheduled news and closed
 * jobs sit beside what the public may see.
 */

type Row = Record<string, unknown>;
type Direction = 'asc' | 'desc';
type Filters = Record<string, unknown>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BASE = Date.UTC(2020, 0, 1);
/** Far enough ahead that "scheduled" and "still open" hold whenever the tests run. */
const FAR_FUTURE = Date.UTC(2999, 0, 1);
const at = (ms: number) => new Date(ms).toISOString();

/** The text every table is filled from: each keyword below matches some of it and misses the rest. */
const TEXTS = [
  '王伟',
  '王小明',
  '李王',
  '小明王',
  'Li 王芳',
  '王_x',
  '王x',
  '王%折扣',
  'Alpha 新闻',
  'ALPHA 新闻稿',
  'alphabet',
  '新年',
  '旧闻',
  '50% off',
  '50x off',
  'a_b',
  'axb',
  'a%b',
  'back\\slash',
  'plain',
];
const text = (i: number) => TEXTS[i % TEXTS.length];

/**
 * Keywords by the plan each takes on the application list (the other lists search them all with
 * LIKE): none; Latin (LIKE, any case); one and two Chinese characters (the term index, exact); three,
 * or mixed with Latin (the term index, confirmed by LIKE); LIKE's wildcards and escape character,
 * which must match only themselves; and one that matches nothing.
 */
const KEYWORDS: (string | undefined)[] = [undefined, 'alpha', '王', '王伟', '小明', '王小明', 'li 王', '%', 'a_b', '王_', '\\', '无此人'];
/** The other lists take fewer: there every keyword is one LIKE, whatever its script. */
const LIKE_KEYWORDS: (string | undefined)[] = [undefined, 'alpha', '王伟', '王小明', '50%', 'a_b', '\\'];

const ROLE_SETS = [['editor'], ['hr', 'service'], ['admin', 'editor'], ['service']];
const LOCATIONS = ['上海', '北京', 'Alpha City'];
const REGIONS = ['华东', '华北', 'West'];
const COOPERATION = ['distribution', '', 'technology'];

interface Seeded {
  newsCategories: number[];
  jobCategories: number[];
  jobs: number[];
}

async function seed(db: KyselyDb): Promise<Seeded> {
  const newsCategories: number[] = [];
  // Sort orders tie, so categories too are ordered by id within a tie (names are unique: migration 0012).
  for (const [name, order] of [['王伟', 1], ['Alpha 新闻', 0], ['王伟伟', 1], ['plain', -1], ['a%b', 0]] as const) {
    const row = { name, sort_order: order, created_at: at(BASE + newsCategories.length * HOUR), updated_at: at(BASE) };
    newsCategories.push(Number((await db.insertInto('news_categories').values(row).returning('id').executeTakeFirstOrThrow()).id));
  }
  const jobCategories: number[] = [];
  for (const [name, order] of [['新年', 0], ['axb', 0], ['alphabet', 2], ['新年好', 1]] as const) {
    const row = { name, sort_order: order, created_at: at(BASE), updated_at: at(BASE + jobCategories.length * HOUR) };
    jobCategories.push(Number((await db.insertInto('job_categories').values(row).returning('id').executeTakeFirstOrThrow()).id));
  }

  const news = Array.from({ length: 40 }, (_, i) => {
    const draft = i % 4 === 0;
    const publishedAt = draft
      ? i % 8 === 0
        ? null
        : at(BASE + (i % 9) * DAY)
      : i % 7 === 3
        ? at(FAR_FUTURE + Math.floor(i / 14) * DAY)
        : at(BASE + Math.floor(i / 3) * DAY);
    return {
      title: text(i),
      summary: text(i * 7 + 3),
      content: '<p>x</p>',
      cover_url: '',
      category_id: newsCategories[i % 3],
      author: '',
      template: 'detail' as const,
      status: draft ? ('draft' as const) : ('published' as const),
      published_at: publishedAt,
      is_top: i % 5 === 0 ? 1 : 0,
      view_count: (i % 4) * 10,
      locale: 'zh-CN' as const,
      created_at: at(BASE + Math.floor(i / 2) * HOUR),
      updated_at: at(BASE + ((i * 7) % 13) * HOUR),
    };
  });
  await db.insertInto('news').values(news).execute();

  const jobs = Array.from({ length: 24 }, (_, i) => {
    const status = (['draft', 'open', 'closed', 'open'] as const)[i % 4];
    return {
      title: text(i * 3),
      category_id: jobCategories[i % 2],
      department: text(i * 7 + 1),
      location: LOCATIONS[i % 3],
      employment_type: i % 2 ? ('part-time' as const) : ('full-time' as const),
      headcount: 1,
      salary_min: null,
      salary_max: null,
      description: '<p>x</p>',
      requirements: '',
      status,
      published_at: status === 'draft' ? null : at(BASE + Math.floor(i / 2) * DAY),
      // Some open jobs closed long ago: the public must not see them.
      closes_at: [null, at(BASE + 700 * DAY), at(FAR_FUTURE + Math.floor(i / 6) * DAY)][i % 3],
      locale: 'zh-CN' as const,
      salary_currency: 'CNY' as const,
      salary_period: 'month' as const,
      created_at: at(BASE + Math.floor(i / 3) * HOUR),
      updated_at: at(BASE + ((i * 5) % 7) * HOUR),
    };
  });
  const jobIds = (await db.insertInto('jobs').values(jobs).returning('id').execute()).map((r) => Number(r.id));

  const file = await db
    .insertInto('files')
    .values({ name: 'cv.pdf', size: 1, mime_type: 'application/pdf', kind: 'resume', storage_key: 'list-query-test/cv', created_by: null, created_at: at(BASE) })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 44; i++) {
    const row = {
      job_id: jobIds[i % 3],
      name: text(i),
      phone: `138${String(i).padStart(8, '0')}`,
      email: `${['alpha', 'a_b', 'x50%', 'c', 'Axb'][i % 5]}${i}@example.com`,
      cover_letter: '',
      resume_file_id: Number(file.id),
      status_id: 1 + (i % 6),
      consent_at: at(BASE),
      note: '',
      client_address: '127.0.0.1',
      created_at: at(BASE + Math.floor(i / 2) * HOUR),
      updated_at: at(BASE + ((i * 5) % 11) * HOUR),
    };
    const { id } = await db.insertInto('job_applications').values(row).returning('id').executeTakeFirstOrThrow();
    // As the application form does: the term index and its counts are written with the record.
    await indexApplication(db, { ...row, id: Number(id) });
  }

  const contact = Array.from({ length: 30 }, (_, i) => ({
    name: text(i),
    company: text(i * 3 + 1),
    email: `c${i}@example.com`,
    phone: '',
    message: text(i * 11 + 5),
    subject: text(i * 7 + 2),
    status_id: 1 + (i % 3),
    note: '',
    client_address: '',
    created_at: at(BASE + Math.floor(i / 2) * HOUR),
    updated_at: at(BASE + ((i * 7) % 9) * HOUR),
  }));
  await db.insertInto('contact_infos').values(contact).execute();

  const joinUs = Array.from({ length: 20 }, (_, i) => ({
    name: text(i * 3),
    company: '',
    phone: `139${i}`,
    email: '',
    region: REGIONS[i % 3],
    cooperation_type: COOPERATION[i % 3],
    message: text(i * 7 + 4),
    status_id: 1 + ((i * 2) % 3),
    note: '',
    client_address: '',
    created_at: at(BASE + Math.floor(i / 2) * HOUR),
    updated_at: at(BASE + ((i * 3) % 5) * HOUR),
  }));
  await db.insertInto('join_us').values(joinUs).execute();

  const users = Array.from({ length: 20 }, (_, i) => {
    const userName = `${['Alpha', 'beta', '王伟', 'a_b', 'x%'][i % 5]}.${i}`;
    return {
      user_name: userName,
      user_name_key: userName.toLowerCase(),
      display_name: text(i * 3 + 2),
      email: i % 2 ? `u${i}@example.com` : '',
      password_hash: 'not a hash',
      roles: JSON.stringify(ROLE_SETS[i % 4]),
      is_active: i % 6 === 5 ? 0 : 1,
      last_login_at: i % 3 === 0 ? null : at(BASE + Math.floor(i / 4) * HOUR),
      created_at: at(BASE + Math.floor(i / 2) * HOUR),
      updated_at: at(BASE),
    };
  });
  await db.insertInto('users').values(users).execute();

  return { newsCategories, jobCategories, jobs: jobIds };
}

/** What one list must answer, written out by hand rather than read from the resource definitions. */
interface ListSpec {
  def: ResourceDef<unknown>;
  table: Table;
  /** The columns a keyword is looked for in. */
  search: string[];
  /** Each filter as a predicate on a stored row. */
  filters: Record<string, (row: Row, value: unknown) => boolean>;
  filterSets: (seeded: Seeded) => Filters[];
  /** Sort field → stored column. */
  sorts: Record<string, string>;
  defaultSort: [string, Direction][];
  keywords: (string | undefined)[];
  /**
   * The keywords read with every sort; the others only with the default sort and the first field both
   * ways. One keyword of each plan is enough: a sort decides where its column is read from (the term
   * index or the table), and the keyword's text only which rows that plan keeps.
   */
  everySortWith: (string | undefined)[];
  /** The records the public sees, for lists that have a public view. */
  scope?: (row: Row, now: string) => boolean;
  /** Fields of an answered item that depend on the view, computed from all the rows. */
  decorations?: (row: Row, publicView: boolean, now: string, rows: Record<string, Row[]>) => Record<string, unknown>;
}

const equal = (column: string) => (row: Row, value: unknown) => row[column] === value;
const flag = (column: string) => (row: Row, value: unknown) => row[column] === (value ? 1 : 0);
const from = (column: string) => (row: Row, value: unknown) => row[column] !== null && String(row[column]) >= String(value);
const to = (column: string) => (row: Row, value: unknown) => row[column] !== null && String(row[column]) <= String(value);

const publishedNews = (row: Row, now: string) => row.status === 'published' && row.published_at !== null && String(row.published_at) <= now;
const openJob = (row: Row, now: string) => row.status === 'open' && (row.closes_at === null || String(row.closes_at) > now);

/** A category's item count: every item for staff, only what the public may see for the public. */
const itemCount = (items: string, scope: (row: Row, now: string) => boolean) => (row: Row, publicView: boolean, now: string, rows: Record<string, Row[]>) => ({
  itemCount: rows[items].filter((item) => item.category_id === row.id && (!publicView || scope(item, now))).length,
});

const inquiryFilters = {
  statusId: equal('status_id'),
  createdFrom: from('created_at'),
  createdTo: to('created_at'),
};
const inquirySorts = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', statusId: 'status_id', id: 'id' };
const categorySpec = (def: ResourceDef<unknown>, table: Table, items: string, scope: (row: Row, now: string) => boolean): ListSpec => ({
  def,
  table,
  search: ['name'],
  filters: {},
  filterSets: () => [{}],
  sorts: { sortOrder: 'sort_order', name: 'name', createdAt: 'created_at', id: 'id' },
  defaultSort: [['sort_order', 'asc']],
  keywords: LIKE_KEYWORDS,
  everySortWith: [undefined, 'alpha'],
  // Categories are public whole; only their item counts differ by view.
  scope: () => true,
  decorations: itemCount(items, scope),
});

const SPECS: Record<string, ListSpec> = {
  news: {
    def: newsResource,
    table: 'news',
    search: ['title', 'summary'],
    filters: {
      categoryId: equal('category_id'),
      status: equal('status'),
      isTop: flag('is_top'),
      publishedFrom: from('published_at'),
      publishedTo: to('published_at'),
    },
    filterSets: (s) => [
      {},
      { status: 'published' },
      { publishedFrom: at(BASE + 5 * DAY) },
      { publishedFrom: at(BASE + 2 * DAY), publishedTo: at(BASE + 8 * DAY) },
      { isTop: true },
      { isTop: false, categoryId: s.newsCategories[1] },
    ],
    sorts: {
      publishedAt: 'published_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
      title: 'title',
      viewCount: 'view_count',
      isTop: 'is_top',
      id: 'id',
    },
    defaultSort: [
      ['is_top', 'desc'],
      ['published_at', 'desc'],
    ],
    keywords: LIKE_KEYWORDS,
    everySortWith: [undefined, 'alpha'],
    scope: publishedNews,
  },
  jobs: {
    def: jobResource,
    table: 'jobs',
    search: ['title', 'department', 'location'],
    filters: { categoryId: equal('category_id'), status: equal('status'), location: equal('location'), employmentType: equal('employment_type') },
    filterSets: (s) => [{}, { status: 'open' }, { location: '上海' }, { categoryId: s.jobCategories[0], employmentType: 'full-time' }],
    sorts: { publishedAt: 'published_at', createdAt: 'created_at', updatedAt: 'updated_at', title: 'title', closesAt: 'closes_at', id: 'id' },
    defaultSort: [['published_at', 'desc']],
    keywords: LIKE_KEYWORDS,
    everySortWith: [undefined, 'alpha'],
    scope: openJob,
  },
  applications: {
    def: jobApplicationResource,
    table: 'job_applications',
    search: ['name', 'email', 'phone'],
    filters: { jobId: equal('job_id'), ...inquiryFilters },
    filterSets: (s) => [
      {},
      // Equality on a column the term index holds: the total of an exact term is a sum of kept counts.
      { statusId: 2 },
      // A range on a column the term index holds: still the index alone, counted.
      { createdFrom: at(BASE + 3 * HOUR), createdTo: at(BASE + 15 * HOUR) },
      // A column the term index lacks: the table is joined.
      { jobId: s.jobs[1] },
      { statusId: 3, jobId: s.jobs[0] },
    ],
    sorts: { ...inquirySorts },
    defaultSort: [['created_at', 'desc']],
    keywords: KEYWORDS,
    everySortWith: [undefined, 'alpha', '王', '王伟', '王小明'],
  },
  contact: {
    def: contactInfoResource,
    table: 'contact_infos',
    search: ['name', 'company', 'email', 'subject', 'message'],
    filters: inquiryFilters,
    filterSets: () => [{}, { statusId: 1 }, { createdFrom: at(BASE + 4 * HOUR) }, { statusId: 2, createdTo: at(BASE + 9 * HOUR) }],
    sorts: inquirySorts,
    defaultSort: [['created_at', 'desc']],
    keywords: LIKE_KEYWORDS,
    everySortWith: [undefined, 'alpha'],
  },
  joinUs: {
    def: joinUsResource,
    table: 'join_us',
    search: ['name', 'company', 'phone', 'email', 'region', 'message'],
    filters: { ...inquiryFilters, region: equal('region'), cooperationType: equal('cooperation_type') },
    filterSets: () => [{}, { statusId: 3 }, { region: '华东' }, { cooperationType: 'technology', statusId: 1 }],
    sorts: { ...inquirySorts, region: 'region' },
    defaultSort: [['created_at', 'desc']],
    keywords: LIKE_KEYWORDS,
    everySortWith: [undefined, 'alpha'],
  },
  users: {
    def: userResource,
    table: 'users',
    // A user name is searched, and sorted, by its lowercased key.
    search: ['user_name_key', 'display_name', 'email'],
    filters: {
      role: (row, value) => (JSON.parse(String(row.roles)) as string[]).includes(String(value)),
      isActive: flag('is_active'),
    },
    filterSets: () => [{}, { role: 'editor' }, { isActive: false }, { role: 'hr', isActive: true }],
    sorts: { userName: 'user_name_key', displayName: 'display_name', createdAt: 'created_at', lastLoginAt: 'last_login_at', id: 'id' },
    defaultSort: [['id', 'asc']],
    keywords: LIKE_KEYWORDS,
    everySortWith: [undefined, 'alpha'],
  },
  newsCategories: categorySpec(newsCategoryResource, 'news_categories', 'news', publishedNews),
  jobCategories: categorySpec(jobCategoryResource, 'job_categories', 'jobs', openJob),
};

/** The tables the specs read, loaded whole: what the in-memory answers are computed from. */
async function loadRows(db: KyselyDb): Promise<Record<string, Row[]>> {
  const rows: Record<string, Row[]> = {};
  for (const table of new Set(Object.values(SPECS).map((spec) => spec.table))) {
    rows[table] = (await db.selectFrom(table).selectAll().execute()) as Row[];
  }
  return rows;
}

/**
 * The rank of each text value of a sort column in the database's own collation. Text order is the
 * engine's to define (a PostgreSQL database need not use the C collation), and is not what these
 * tests check: what they check is which rows come, in which direction, and ties broken by id.
 */
async function textRanks(db: KyselyDb, table: Table, column: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ value: string }>`
    select distinct ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(column)} is not null order by value
  `.execute(db);
  return new Map(rows.map((row, i) => [row.value, i]));
}

/** NULL sorts as the smallest value on every engine (see "nullable sort columns" below). */
function compareColumn(ranks: Map<string, number> | undefined) {
  const nullRank = -1;
  return (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null) return nullRank;
    if (b === null) return -nullRank;
    if (typeof a === 'string' && typeof b === 'string' && ranks) return ranks.get(a)! - ranks.get(b)!;
    return Number(a) - Number(b);
  };
}

const matchesKeyword = (row: Row, columns: string[], keyword: string) =>
  columns.some((column) => String(row[column]).toLowerCase().includes(keyword.toLowerCase()));

interface Expected {
  ids: number[];
  rows: Row[];
}

async function expectedList(
  db: KyselyDb,
  engine: Engine,
  spec: ListSpec,
  rows: Row[],
  input: Omit<QueryInput, 'page' | 'pageSize'>,
  publicView: boolean,
  now: string,
  ranks: Map<string, Map<string, number>>,
): Promise<Expected> {
  const kept = rows.filter(
    (row) =>
      (!publicView || !spec.scope || spec.scope(row, now)) &&
      (!input.keyword || matchesKeyword(row, spec.search, input.keyword)) &&
      Object.entries(input.filters ?? {}).every(([name, value]) => spec.filters[name](row, value)),
  );
  const order: [string, Direction][] = [
    ...(input.sort ? [[spec.sorts[input.sort.field], input.sort.order] as [string, Direction]] : spec.defaultSort),
    // Ties are broken by id in the sort's direction; without a sort, newest id first.
    ['id', input.sort?.order ?? 'desc'],
  ];
  for (const [column] of order) {
    const key = `${spec.table}.${column}`;
    if (!ranks.has(key) && rows.some((row) => typeof row[column] === 'string')) ranks.set(key, await textRanks(db, spec.table, column));
  }
  const comparers = order.map(([column, direction]) => {
    const compare = compareColumn(ranks.get(`${spec.table}.${column}`));
    const sign = direction === 'asc' ? 1 : -1;
    return (a: Row, b: Row) => sign * compare(a[column], b[column]);
  });
  kept.sort((a, b) => {
    for (const compare of comparers) {
      const c = compare(a, b);
      if (c !== 0) return c;
    }
    return 0;
  });
  return { ids: kept.map((row) => Number(row.id)), rows: kept };
}

const idOf = (item: unknown) => (item as { id: number }).id;

/** The pages each list is read at: whole, and one record a page at each end and past the end. */
function pagesToRead(total: number): [page: number, pageSize: number][] {
  const pages: [number, number][] = [
    [1, 100],
    [1, 1],
    [Math.max(1, total), 1],
    [total + 1, 1],
  ];
  return pages.filter(([page, size], i) => pages.findIndex(([p, s]) => p === page && s === size) === i);
}

describe.each(testEngines())('list queries on %s', (engine) => {
  let t: TestApp;
  let ctx: AppContext;
  let db: KyselyDb;
  let seeded: Seeded;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ctx = t.app.ctx;
    db = ctx.db.kysely;
    seeded = await seed(db);
  });
  afterAll(() => t.close());

  /**
   * Reads every combination of keyword, filter set, sort (default, each field both ways), view and
   * page, and answers what differed from the rows computed in memory (at most a few), how many
   * answers were compared, and which plan shapes were taken.
   */
  async function compareAll(name: string) {
    const spec = SPECS[name];
    const rows = await loadRows(db);
    const ranks = new Map<string, Map<string, number>>();
    const sorts: (QueryInput['sort'] | undefined)[] = [
      undefined,
      ...Object.keys(spec.sorts).flatMap((field) => (['asc', 'desc'] as const).map((order) => ({ field, order }))),
    ];
    const differences: string[] = [];
    const shapes = new Set<string>();
    let compared = 0;
    for (const publicView of spec.scope ? [false, true] : [false]) {
      for (const keyword of spec.keywords) {
        for (const filters of spec.filterSets(seeded)) {
          const sortsRead = spec.everySortWith.includes(keyword) ? sorts : sorts.slice(0, 3);
          for (const sort of sortsRead) {
            const input = { ...(keyword === undefined ? {} : { keyword }), filters, ...(sort ? { sort } : {}) };
            const now = new Date().toISOString();
            const expected = await expectedList(db, engine, spec, rows[spec.table], input, publicView, now, ranks);
            shapes.add(listPlan(spec.def, engine, { page: 1, pageSize: 1, ...input }, publicView && !!spec.def.publicScope).shape);
            // The pages of one list are read at once: on PostgreSQL they go over several connections.
            const pages = pagesToRead(expected.ids.length);
            const answers = await Promise.all(pages.map(([page, pageSize]) => queryPage(ctx, spec.def, { ...input, page, pageSize }, publicView)));
            for (const [n, [page, pageSize]] of pages.entries()) {
              const answer = answers[n];
              const want = expected.ids.slice((page - 1) * pageSize, page * pageSize);
              const got = answer.items.map(idOf);
              compared++;
              const label = `${name} ${publicView ? 'public' : 'staff'} ${JSON.stringify({ ...input, page, pageSize })}`;
              if (answer.meta.total !== expected.ids.length) differences.push(`${label}: total ${answer.meta.total}, expected ${expected.ids.length}`);
              if (JSON.stringify(got) !== JSON.stringify(want)) differences.push(`${label}: ids ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
              if (spec.decorations) {
                answer.items.forEach((item, i) => {
                  const row = expected.rows[(page - 1) * pageSize + i];
                  if (!row) return;
                  const decorations = spec.decorations!(row, publicView, now, rows);
                  for (const [field, value] of Object.entries(decorations)) {
                    const answered = (item as Record<string, unknown>)[field];
                    if (answered !== value) differences.push(`${label}: ${field} of ${idOf(item)} is ${String(answered)}, expected ${String(value)}`);
                  }
                });
              }
              if (differences.length > 8) return { differences, compared, shapes };
            }
          }
        }
      }
    }
    return { differences, compared, shapes };
  }

  it.each(Object.keys(SPECS))('%s: every keyword, filter, sort, page and view answers the rows and total computed in memory', async (name) => {
    const { differences, compared, shapes } = await compareAll(name);
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(100);
    // The combinations above must take every way the planner has of reading these lists.
    const planned: Record<string, string[]> = {
      applications: ['all', 'like', 'terms exact', 'terms exact counted', 'terms exact with table', 'terms confirmed with table'],
      contact: ['all', 'all counted', 'like'],
      joinUs: ['all', 'all counted', 'like'],
    };
    for (const shape of planned[name] ?? ['all', 'like']) expect([...shapes], name).toContain(shape);
  });

  it('answers totals from kept counts equal to a count of the records, after status moves too', async () => {
    const countedTotal = async (def: ResourceDef<unknown>, input: Omit<QueryInput, 'page' | 'pageSize'>) => {
      // Only through kept counts: the plan must say so, or this would test the plain count again.
      expect(listPlan(def, engine, { page: 1, pageSize: 20, ...input }, false).counted, JSON.stringify(input)).toBeDefined();
      const firstPage = await queryPage(ctx, def, { page: 1, pageSize: 20, ...input }, false);
      const pastEnd = await queryPage(ctx, def, { page: 9, pageSize: 20, ...input }, false);
      expect(pastEnd.items).toEqual([]);
      expect(pastEnd.meta.total, `past the end: ${JSON.stringify(input)}`).toBe(firstPage.meta.total);
      return firstPage.meta.total;
    };
    const realCount = async (table: 'contact_infos' | 'job_applications', statusId?: number, term?: string) => {
      let query = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
      if (statusId !== undefined) query = query.where('status_id', '=', statusId);
      if (term !== undefined) {
        query = query.where((eb) => eb.or(['name', 'email', 'phone'].map((column) => eb(sql.ref(column), 'like', `%${term}%`))));
      }
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const expectCountsRight = async () => {
      expect(await countedTotal(contactInfoResource, {})).toBe(await realCount('contact_infos'));
      for (const statusId of [1, 2, 3]) {
        expect(await countedTotal(contactInfoResource, { filters: { statusId } }), `contact status ${statusId}`).toBe(await realCount('contact_infos', statusId));
      }
      for (const term of ['王', '王伟', '小明']) {
        expect(await countedTotal(jobApplicationResource, { keyword: term }), term).toBe(await realCount('job_applications', undefined, term));
        for (const statusId of [1, 2, 3, 4, 5, 6]) {
          expect(await countedTotal(jobApplicationResource, { keyword: term, filters: { statusId } }), `${term} status ${statusId}`).toBe(
            await realCount('job_applications', statusId, term),
          );
        }
      }
    };
    await expectCountsRight();

    // Moves made as the status routes make them: contact messages are counted by triggers, the
    // application terms and their counts are moved in the same transaction as the record.
    await db.updateTable('contact_infos').set({ status_id: 3 }).where('status_id', '=', 1).where('id', '<=', 20).execute();
    const moved = await db.selectFrom('job_applications').selectAll().where('name', 'like', '%王%').where('status_id', '<', 6).limit(8).execute();
    for (const application of moved) {
      await db.transaction().execute(async (trx) => {
        await moveApplicationTerms(trx, { ...application, id: Number(application.id) }, application.status_id + 1);
        await trx.updateTable('job_applications').set({ status_id: application.status_id + 1 }).where('id', '=', application.id).execute();
      });
    }
    expect(moved.length).toBeGreaterThan(3);
    await expectCountsRight();
  });

  describe('compiled queries', () => {
    /** A context of its own database key, so each test sees only the shapes it compiled. */
    const freshContext = (): AppContext => ({ ...ctx, db: { ...ctx.db } });
    const base = { page: 1, pageSize: 7, keyword: 'alpha', filters: { status: 'published' }, sort: { field: 'title', order: 'asc' as const } };

    it('compile each shape once; calls that differ only in values reuse it and answer their own values', async () => {
      const c = freshContext();
      const rows = await loadRows(db);
      const ranks = new Map<string, Map<string, number>>();
      const expectAnswer = async (input: QueryInput, publicView: boolean) => {
        const { page, pageSize, ...rest } = input;
        const expected = await expectedList(db, engine, SPECS.news, rows.news, rest, publicView, new Date().toISOString(), ranks);
        const answer = await queryPage(c, newsResource, input, publicView);
        expect(answer.items.map(idOf), JSON.stringify(input)).toEqual(expected.ids.slice((page - 1) * pageSize, page * pageSize));
        expect(answer.meta.total, JSON.stringify(input)).toBe(expected.ids.length);
        return answer;
      };
      const shapes = () => compiledShapeCount(c.db);

      expect(shapes()).toBe(0);
      await expectAnswer(base, false);
      expect(shapes()).toBe(1);
      await expectAnswer(base, false);
      expect(shapes()).toBe(1);
      // Other keyword text, filter value or first-page-ness of the same kind: the same shape.
      await expectAnswer({ ...base, keyword: '王' }, false);
      await expectAnswer({ ...base, keyword: 'a_b', filters: { status: 'draft' } }, false);
      expect((await expectAnswer({ ...base, keyword: '新', filters: { status: 'draft' } }, false)).items.length).toBeGreaterThan(0);
      expect(shapes()).toBe(1);
      // A page size is written into the SQL; a later page adds an offset, and every later page then
      // shares that shape.
      await expectAnswer({ ...base, keyword: '王', pageSize: 2 }, false);
      expect(shapes()).toBe(2);
      await expectAnswer({ ...base, keyword: '王', page: 2, pageSize: 2 }, false);
      expect(shapes()).toBe(3);
      await expectAnswer({ ...base, keyword: '王', page: 3, pageSize: 2 }, false);
      await expectAnswer({ ...base, keyword: '新', page: 4, pageSize: 2 }, false);
      expect(shapes()).toBe(3);
      // Anything else that changes the SQL is a shape of its own.
      const others: QueryInput[] = [
        { ...base, keyword: undefined },
        { ...base, filters: { status: 'published', isTop: true } },
        { ...base, filters: {} },
        { ...base, sort: { field: 'title', order: 'desc' } },
        { ...base, sort: undefined },
        { ...base, pageSize: 8 },
      ];
      for (const [i, input] of others.entries()) {
        await expectAnswer(input, false);
        expect(shapes(), JSON.stringify(input)).toBe(4 + i);
      }
      await expectAnswer(base, true);
      expect(shapes()).toBe(4 + others.length);
      // None of them displaced the first.
      await expectAnswer({ ...base, keyword: 'plain' }, false);
      expect(shapes()).toBe(4 + others.length);
    });

    it('bind the time of each call: what is published, closes or is counted meanwhile shows in the next call', async () => {
      const c = freshContext();
      const start = Date.UTC(2500, 0, 1);
      const newsCategory = Number(
        (await db.insertInto('news_categories').values({ name: 'scheduled', sort_order: 99, created_at: at(BASE), updated_at: at(BASE) }).returning('id').executeTakeFirstOrThrow()).id,
      );
      const scheduled = {
        title: 'scheduled',
        summary: '',
        content: '<p>x</p>',
        cover_url: '',
        category_id: newsCategory,
        author: '',
        template: 'detail' as const,
        status: 'published' as const,
        published_at: at(start + 60_000),
        is_top: 0,
        view_count: 0,
        locale: 'zh-CN' as const,
        created_at: at(BASE),
        updated_at: at(BASE),
      };
      const newsId = Number((await db.insertInto('news').values(scheduled).returning('id').executeTakeFirstOrThrow()).id);
      const closing = {
        title: 'closing',
        category_id: seeded.jobCategories[3],
        department: '',
        location: '',
        employment_type: 'full-time' as const,
        headcount: 1,
        salary_min: null,
        salary_max: null,
        description: '<p>x</p>',
        requirements: '',
        status: 'open' as const,
        published_at: at(BASE),
        closes_at: at(start + 60_000),
        locale: 'zh-CN' as const,
        salary_currency: 'CNY' as const,
        salary_period: 'month' as const,
        created_at: at(BASE),
        updated_at: at(BASE),
      };
      const jobId = Number((await db.insertInto('jobs').values(closing).returning('id').executeTakeFirstOrThrow()).id);

      const read = async () => ({
        news: (await queryPage(c, newsResource, { page: 1, pageSize: 5, filters: { categoryId: newsCategory } }, true)).items.map(idOf),
        jobs: (await queryPage(c, jobResource, { page: 1, pageSize: 5, filters: { categoryId: seeded.jobCategories[3] } }, true)).items.map(idOf),
        count: (await queryPage(c, newsCategoryResource, { page: 1, pageSize: 100, sort: { field: 'sortOrder', order: 'desc' } }, true)).items.find(
          (item) => idOf(item) === newsCategory,
        ) as { itemCount: number } | undefined,
      });
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(start);
        const before = await read();
        const compiled = compiledShapeCount(c.db);
        vi.setSystemTime(start + 120_000);
        const after = await read();
        expect(compiledShapeCount(c.db)).toBe(compiled);
        expect(before.news).toEqual([]);
        expect(after.news).toEqual([newsId]);
        expect(before.jobs).toEqual([jobId]);
        expect(after.jobs).toEqual([]);
        expect(before.count?.itemCount).toBe(0);
        expect(after.count?.itemCount).toBe(1);
      } finally {
        vi.useRealTimers();
      }
    });

    it(`keep at most ${LIST_SHAPES_KEPT} shapes per database, the most recently used`, async () => {
      const c = freshContext();
      const other = freshContext();
      const compiled: string[] = [];
      const get = (key: AppContext, shape: string) =>
        compiledList(key.db, shape, () => {
          compiled.push(shape);
          return { page: { shape } as unknown as CompiledList['page'], count: { shape } as unknown as CompiledList['count'] };
        });
      for (let i = 0; i < LIST_SHAPES_KEPT; i++) get(c, `shape ${i}`);
      expect(compiledShapeCount(c.db)).toBe(LIST_SHAPES_KEPT);
      expect(compiled).toHaveLength(LIST_SHAPES_KEPT);
      // Using the oldest makes it the newest: the next new shape displaces the second oldest instead.
      const first = get(c, 'shape 0');
      get(c, 'one more');
      expect(compiledShapeCount(c.db)).toBe(LIST_SHAPES_KEPT);
      expect(get(c, 'shape 0')).toBe(first);
      expect(compiled).toHaveLength(LIST_SHAPES_KEPT + 1);
      get(c, 'shape 1');
      expect(compiled.at(-1)).toBe('shape 1');
      expect(compiledShapeCount(c.db)).toBe(LIST_SHAPES_KEPT);
      // Another database keeps its own.
      expect(compiledShapeCount(other.db)).toBe(0);
      get(other, 'shape 0');
      expect(compiledShapeCount(other.db)).toBe(1);
      expect(compiledShapeCount(c.db)).toBe(LIST_SHAPES_KEPT);

      // Real lists through a full cache still answer right.
      const answer = await queryPage(c, newsResource, { page: 1, pageSize: 3, sort: { field: 'id', order: 'asc' } }, false);
      const ids = (await db.selectFrom('news').select('id').orderBy('id').limit(3).execute()).map((r) => Number(r.id));
      expect(answer.items.map(idOf)).toEqual(ids);
      expect(compiledShapeCount(c.db)).toBe(LIST_SHAPES_KEPT);
    });
  });
});

/**
 * The same list on the same rows must answer the same order on either engine (decision 0004: "ranges,
 * ordering and indexes behave the same on both engines"), columns that may be NULL included: SQLite
 * sorts NULL as the smallest value and PostgreSQL as the largest unless told, so the lists tell it
 * (drafts without a publication time come last in the staff news list, newest first, on both).
 * Both engines are read here, on identical rows and ids.
 */
describe.runIf(testEngines().length > 1)('nullable sort columns', () => {
  const apps: TestApp[] = [];
  const orders: Record<string, number[]>[] = [];

  beforeAll(async () => {
    for (const engine of testEngines()) {
      const app = await createTestApp(engine);
      apps.push(app);
      await seed(app.app.ctx.db.kysely);
      const order: Record<string, number[]> = {};
      const read = async (def: ResourceDef<unknown>, sort?: QueryInput['sort']) =>
        (await queryPage(app.app.ctx, def, { page: 1, pageSize: 100, sort }, false)).items.map(idOf);
      // The news list's default order is by publication time, newest first.
      order['News default'] = await read(newsResource);
      for (const [def, field] of [
        [newsResource, 'publishedAt'],
        [jobResource, 'closesAt'],
        [userResource, 'lastLoginAt'],
      ] as const) {
        for (const direction of ['asc', 'desc'] as const) order[`${def.name} ${field} ${direction}`] = await read(def, { field, order: direction });
      }
      orders.push(order);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('order their NULLs the same on every engine', () => {
    expect(Object.keys(orders[0])).toHaveLength(7);
    expect(orders[1]).toEqual(orders[0]);
  });
});
