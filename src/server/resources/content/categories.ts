import { sql } from 'kysely';
import { jobCategoryEntity, newsCategoryEntity } from '../../../shared/schemas/category.js';
import type { Category } from '../../../shared/schemas/category.js';
import type { EntityDef } from '../../../shared/entity.js';
import type { ModuleKey } from '../../../shared/modules.js';
import { defineResource } from '../../crud/definition.js';
import type { Select, TimeOperand } from '../../crud/definition.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../time.js';
import { openJobsScope } from './jobs.js';
import { publishedNewsScope } from './news.js';

/** News and job categories differ only in their tables, module and the records that use them. */
function categoryResource(opts: {
  entity: EntityDef;
  label: string;
  table: 'news_categories' | 'job_categories';
  module: ModuleKey;
  itemTable: 'news' | 'jobs';
  itemLabel: string;
  /** The items a visitor may see, so that public counts never reveal drafts or closed jobs. */
  itemPublicScope: (query: Select, now: TimeOperand) => Select;
}) {
  const { table, itemTable } = opts;
  return defineResource<Category>({
    entity: opts.entity,
    label: opts.label,
    table,
    module: opts.module,
    // Categories themselves are public: the public site shows them as tabs and filters.
    publicScope: (query) => query,
    baseSelect: (db, publicView, now) =>
      db
        .selectFrom(table)
        .selectAll(table)
        .select((eb) => {
          const items: Select = eb
            .selectFrom(itemTable)
            .select(eb.fn.countAll().as('n'))
            .where(sql.ref(`${itemTable}.category_id`), '=', sql.ref(`${table}.id`));
          return (publicView ? opts.itemPublicScope(items, now ?? nowIso()) : items).as('item_count');
        }),
    defaultSort: [['sortOrder', 'asc']],
    // Two tabs of the same name on the public site cannot be told apart (migration 0012), in either
    // language: an English visitor reads the English names.
    uniqueField: 'name',
    uniqueInEachLanguage: true,
    beforeDelete: async (db, id) => {
      const used = await db.selectFrom(itemTable).select('id').where('category_id', '=', id).limit(1).executeTakeFirst();
      if (used) throw conflict('in-use', `${opts.label} is still used by ${opts.itemLabel}; move or delete them first`);
    },
  });
}

export const newsCategoryResource = categoryResource({
  entity: newsCategoryEntity,
  label: 'News category',
  table: 'news_categories',
  module: 'news',
  itemTable: 'news',
  itemLabel: 'news items',
  itemPublicScope: publishedNewsScope,
});

export const jobCategoryResource = categoryResource({
  entity: jobCategoryEntity,
  label: 'Job category',
  table: 'job_categories',
  module: 'jobs',
  itemTable: 'jobs',
  itemLabel: 'jobs',
  itemPublicScope: openJobsScope,
});
