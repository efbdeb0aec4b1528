import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sanitizeRichText } from '../http/sanitize.js';
import { demoJobCategories, demoJobs, demoOffices } from './job-content.js';
import { demoNews, demoNewsCategories } from './news-content.js';
import { demoSiteSettings } from './site-settings.js';
import { replaceSiteSettings } from '../site/repository.js';
import { replacePublishedPage } from '../pages/repository.js';
import { demoPages } from './pages-content.js';
import type { PageKey } from '../../shared/schemas/page.js';

const DAY_MS = 86_400_000;

/** Adds the demo company's settings, pages, categories, news and jobs to a new database, dated relative to now. */
export async function seedDemoContent(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  await db.transaction().execute(async (trx) => {
    await replaceSiteSettings(trx, demoSiteSettings);
    for (const [key, content] of Object.entries(demoPages)) await replacePublishedPage(trx, key as PageKey, content);
    const newsCategoryIds = new Map<string, number>();
    for (const c of demoNewsCategories) {
      const row = await trx
        .insertInto('news_categories')
        .values({ name: c.name, sort_order: c.sortOrder, created_at: iso(now), updated_at: iso(now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      newsCategoryIds.set(c.key, row.id);
    }
    const jobCategoryIds = new Map<string, number>();
    for (const c of demoJobCategories) {
      const row = await trx
        .insertInto('job_categories')
        .values({ name: c.name, sort_order: c.sortOrder, created_at: iso(now), updated_at: iso(now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      jobCategoryIds.set(c.key, row.id);
    }
    const officeIds = new Map<string, number>();
    for (const o of demoOffices) {
      const row = await trx
        .insertInto('offices')
        .values({
          name: o.name,
          address: o.address,
          city: o.city,
          country: o.country,
          sort_order: o.sortOrder,
          translations: JSON.stringify({ 'en-US': o.en }),
          missing_translations: '',
          translated_text: [o.en.name, o.en.address, o.en.city].join('\n'),
          created_at: iso(now),
          updated_at: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const name of [o.name, o.en.name]) officeIds.set(name.toLowerCase(), row.id);
    }
    // Oldest first, so ids grow with publication time as they would in real use.
    for (const n of [...demoNews].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const at = iso(now - n.daysAgo * DAY_MS);
      await trx
        .insertInto('news')
        .values({
          title: n.title,
          summary: n.summary,
          content: sanitizeRichText(n.content),
          cover_url: '',
          category_id: newsCategoryIds.get(n.categoryKey)!,
          author: n.author,
          template: n.template,
          status: n.status,
          published_at: n.status === 'published' ? at : null,
          is_top: n.isTop ? 1 : 0,
          view_count: 0,
          locale: n.locale,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    for (const j of [...demoJobs].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const at = iso(now - j.daysAgo * DAY_MS);
      await trx
        .insertInto('jobs')
        .values({
          title: j.title,
          category_id: jobCategoryIds.get(j.categoryKey)!,
          department: j.department,
          location: j.location,
          office_id: officeIds.get(j.location.toLowerCase()) ?? null,
          employment_type: j.employmentType,
          headcount: j.headcount,
          salary_min: j.salaryMin,
          salary_max: j.salaryMax,
          salary_currency: j.salaryCurrency ?? 'CNY',
          salary_period: 'month',
          description: sanitizeRichText(j.description),
          requirements: sanitizeRichText(j.requirements),
          status: j.status,
          published_at: j.status === 'draft' ? null : at,
          closes_at: j.closesInDays === null ? null : iso(now + j.closesInDays * DAY_MS),
          locale: j.locale,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  });
}
