import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema.js';
import { applicationTermRows, indexedApplicationOf, recountApplicationTerms } from '../src/server/resources/applications/search.js';

/**
 * Deterministic bench data: the same seed gives the same rows on every machine and engine, so runs
 * compare. Text mixes Chinese and English as real Portico content does.
 */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明', '超', '霞', '平', '刚', '桂英'];
const EN_FIRST = ['Alice', 'Brian', 'Chloe', 'Daniel', 'Emma', 'Felix', 'Grace', 'Henry', 'Iris', 'Jack', 'Kate', 'Leo', 'Mia', 'Noah'];
const EN_LAST = ['Smith', 'Chen', 'Wong', 'Taylor', 'Lee', 'Brown', 'Tan', 'Lim', 'Garcia', 'Walker', 'Ng', 'Young'];
const ZH_WORDS = ['工业物联网', '智能制造', '数字化转型', '边缘计算', '平台升级', '客户案例', '合作伙伴', '年度大会', '技术创新', '安全合规', '数据治理', '绿色能源', '供应链', '云原生', '人工智能'];
const EN_WORDS = ['industrial IoT', 'smart factory', 'digital twin', 'edge computing', 'platform release', 'customer story', 'partnership', 'annual summit', 'security', 'data platform', 'green energy', 'supply chain', 'cloud native', 'machine learning'];
const LOCATIONS = ['上海', '深圳', '北京', '杭州', '成都', 'Singapore'];
const DEPARTMENTS = ['平台研发部', '产品部', '市场部', '销售部', '人力资源部', 'Engineering', 'Sales'];
const EMPLOYMENT = ['full-time', 'part-time', 'contract', 'internship'] as const;

export interface Volumes {
  news: number;
  jobs: number;
  applications: number;
  contacts: number;
}

export const REALISTIC: Volumes = { news: 10_000, jobs: 2_000, applications: 200_000, contacts: 100_000 };

const BATCH = 500;
const DAY = 86_400_000;

async function insertBatches<T>(
  db: Kysely<Database>,
  table: keyof Database,
  count: number,
  row: (i: number) => T,
  after?: (rows: T[], ids: number[]) => Promise<void>,
  before?: (rows: T[]) => Promise<void>,
) {
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => row(start + k));
    await before?.(rows);
    const inserted = await db.insertInto(table).values(rows as never).returning('id' as never).execute();
    await after?.(rows, inserted.map((r) => Number((r as { id: number }).id)));
  }
}

/** Applications are searched through their keyword index, which the server keeps as it writes them. */
async function indexApplications(db: Kysely<Database>, rows: Record<string, unknown>[], ids: number[]) {
  const terms = rows.flatMap((row, k) => applicationTermRows(indexedApplicationOf({ ...row, id: ids[k] })));
  for (let start = 0; start < terms.length; start += BATCH) {
    await db.insertInto('job_application_terms').values(terms.slice(start, start + BATCH)).execute();
  }
}

/** Fills an empty, migrated database; `applicationsFrom` lets a later call add rows to reach a larger volume. */
export async function generate(db: Kysely<Database>, volumes: Volumes, options: { seed?: number; applicationsFrom?: number; now?: number } = {}) {
  const random = prng(options.seed ?? 20261122);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const now = options.now ?? Date.UTC(2026, 10, 1);
  const iso = (ms: number) => new Date(ms).toISOString();
  const zhName = () => pick(SURNAMES) + pick(GIVEN);
  const enName = () => `${pick(EN_FIRST)} ${pick(EN_LAST)}`;
  const sentence = (zh: boolean) =>
    zh ? `${pick(ZH_WORDS)}与${pick(ZH_WORDS)}：${pick(ZH_WORDS)}的新进展` : `${pick(EN_WORDS)} meets ${pick(EN_WORDS)}: news on ${pick(EN_WORDS)}`;

  if (!options.applicationsFrom) {
    const categories = ['公司新闻', '行业动态', '媒体报道', 'Company News'];
    for (const [i, name] of categories.entries()) {
      await db.insertInto('news_categories').values({ name, sort_order: i, created_at: iso(now), updated_at: iso(now) }).execute();
    }
    for (const [i, name] of ['技术研发', '产品设计', '市场销售', '职能支持'].entries()) {
      await db.insertInto('job_categories').values({ name, sort_order: i, created_at: iso(now), updated_at: iso(now) }).execute();
    }
    await insertBatches(db, 'news', volumes.news, (i) => {
      const zh = random() < 0.6;
      const at = iso(now - (volumes.news - i) * 3_600_000);
      const body = Array.from({ length: 6 }, () => `<p>${sentence(zh)}。${sentence(zh)}。</p>`).join('');
      return {
        title: sentence(zh),
        summary: sentence(zh),
        content: body,
        cover_url: '',
        category_id: 1 + Math.floor(random() * categories.length),
        author: zh ? zhName() : enName(),
        template: pick(['detail', 'details-two', 'details-three']),
        status: random() < 0.9 ? 'published' : 'draft',
        published_at: at,
        is_top: random() < 0.002 ? 1 : 0,
        view_count: Math.floor(random() * 5000),
        locale: zh ? 'zh-CN' : 'en-US',
        created_at: at,
        updated_at: at,
      };
    });
    await insertBatches(db, 'jobs', volumes.jobs, (i) => {
      const zh = random() < 0.7;
      const at = iso(now - (volumes.jobs - i) * 7_200_000);
      const min = 8000 + Math.floor(random() * 30) * 1000;
      return {
        title: zh ? `${pick(['高级', '资深', '初级', ''])}${pick(['后端工程师', '前端工程师', '产品经理', '销售经理', '测试工程师', '数据分析师'])}` : `${pick(['Senior', 'Junior', 'Lead'])} ${pick(['Backend Engineer', 'Product Manager', 'Sales Manager', 'Data Analyst'])}`,
        category_id: 1 + Math.floor(random() * 4),
        department: pick(DEPARTMENTS),
        location: pick(LOCATIONS),
        employment_type: pick(EMPLOYMENT),
        headcount: 1 + Math.floor(random() * 5),
        salary_min: random() < 0.8 ? min : null,
        salary_max: random() < 0.8 ? min + 10000 : null,
        description: `<p>${sentence(zh)}</p><ul><li>${sentence(zh)}</li><li>${sentence(zh)}</li></ul>`,
        requirements: `<ul><li>${sentence(zh)}</li><li>${sentence(zh)}</li></ul>`,
        status: random() < 0.8 ? 'open' : pick(['draft', 'closed']),
        published_at: at,
        closes_at: random() < 0.5 ? null : iso(now + 365 * DAY),
        locale: zh ? 'zh-CN' : 'en-US',
        created_at: at,
        updated_at: at,
      };
    });
    await insertBatches(db, 'contact_infos', volumes.contacts, (i) => {
      const zh = random() < 0.7;
      const at = iso(now - (volumes.contacts - i) * 60_000);
      return {
        name: zh ? zhName() : enName(),
        company: zh ? `${pick(ZH_WORDS)}有限公司` : `${pick(EN_LAST)} Ltd`,
        email: `contact${i}@example.com`,
        phone: `138${String(i).padStart(8, '0')}`,
        subject: sentence(zh),
        message: `${sentence(zh)}。${sentence(zh)}`,
        status_id: 1 + Math.floor(random() * 3),
        note: '',
        client_address: '127.0.0.1',
        created_at: at,
        updated_at: at,
      };
    });
  }
  const from = options.applicationsFrom ?? 0;
  await insertBatches(db, 'job_applications', volumes.applications - from, (k) => {
    const i = from + k;
    const zh = random() < 0.75;
    const at = iso(now - (volumes.applications - i) * 20_000);
    return {
      job_id: 1 + Math.floor(random() * volumes.jobs),
      name: zh ? zhName() : enName(),
      phone: `139${String(i).padStart(8, '0')}`,
      email: `applicant${i}@example.com`,
      education: pick(['bachelor', 'master', 'associate', 'doctorate']),
      years_of_experience: Math.floor(random() * 15),
      cover_letter: sentence(zh),
      resume_file_id: 0, // the application's own résumé, set as it is inserted
      status_id: 1 + Math.floor(random() * 6),
      consent_at: at,
      note: '',
      client_address: '127.0.0.1',
      created_at: at,
      updated_at: at,
    };
  }, (rows, ids) => indexApplications(db, rows, ids), (rows) => withResumes(db, rows));
  await recountApplicationTerms(db);
}

/** Each application has a résumé of its own, as real ones do, so the list joins a file per row. */
async function withResumes(db: Kysely<Database>, rows: Record<string, unknown>[]) {
  const files = await db
    .insertInto('files')
    .values(
      rows.map((row) => ({
        name: `${String(row.name)} 简历.pdf`,
        size: 48_000,
        mime_type: 'application/pdf',
        kind: 'resume',
        storage_key: `bench/${String(row.email)}`,
        created_by: null,
        created_at: String(row.created_at),
      })),
    )
    .returning('id')
    .execute();
  rows.forEach((row, k) => (row.resume_file_id = Number(files[k].id)));
}
