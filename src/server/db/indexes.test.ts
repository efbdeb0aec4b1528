import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../crud/definition.js';
import { jobApplicationResource } from '../resources/applications/routes.js';
import { candidateEmailTemplateResource } from '../resources/applications/candidate-email.js';
import { jobCategoryResource, newsCategoryResource } from '../resources/content/categories.js';
import { jobResource } from '../resources/content/jobs.js';
import { newsResource } from '../resources/content/news.js';
import { officeResource } from '../resources/content/offices.js';
import { contactInfoResource, joinUsResource } from '../resources/inquiries/routes.js';
import { userResource } from '../resources/users/routes.js';
import { mediaResource } from '../media/resource.js';
import { auditEventResource } from '../audit/resource.js';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { indexesOf } from './indexes.js';

const LISTS = [
  newsResource,
  newsCategoryResource,
  jobResource,
  jobCategoryResource,
  officeResource,
  jobApplicationResource,
  contactInfoResource,
  joinUsResource,
  userResource,
  mediaResource,
  auditEventResource,
  candidateEmailTemplateResource,
] as ResourceDef<unknown>[];

/** Every column a list filters (by equality or range) or sorts on, as `table.column`. */
function listedColumns(def: ResourceDef<unknown>): string[] {
  const filters = Object.values(def.filters)
    // A LIKE '%…%' match (the role inside the roles array) cannot use a B-tree index at all.
    .filter((f) => f.op !== 'like')
    .map((f) => f.column);
  return [...new Set([...filters, ...Object.values(def.sortColumns)])];
}

describe.each(testEngines())('list indexes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it.each(LISTS.map((def) => [def.name, def] as const))('%s has an index led by every column it filters or sorts on', async (_name, def) => {
    const unindexed: string[] = [];
    for (const qualified of listedColumns(def)) {
      const [table, column] = qualified.split('.');
      expect(table).toBe(def.table);
      if (column === 'id') continue; // the primary key
      const indexes = await indexesOf(t.app.ctx.db, table);
      if (!indexes.some((index) => index.columns[0] === column)) unindexed.push(qualified);
    }
    expect(unindexed).toEqual([]);
  });
});
