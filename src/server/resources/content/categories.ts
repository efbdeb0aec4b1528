import type { Category } from '../../../shared/schemas/category.js';
import {
  categoryCreateSchema,
  categoryQuerySchema,
  categoryUpdateSchema,
} from '../../../shared/schemas/category.js';
import type { ModuleKey } from '../../../shared/modules.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../context.js';
import type { AnyQuery, ResourceDef, Row } from '../../crud/resource.js';
import { openJobsScope } from './jobs.js';
import { publishedNewsScope } from './news.js';

function presentCategory(row: Row): Category {
  return {
    id: Number(row.id),
    name: row.name,
    sortOrder: Number(row.sort_order),
    itemCount: Number(row.item_count ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** News and job categories differ only in their tables, module and the records that use them. */
function categoryResource(opts: {
  name: string;
  label: string;
  table: string;
  module: ModuleKey;
  itemTable: string;
  itemLabel: string;
  /** The items a visitor may see, so that public counts never reveal drafts or closed jobs. */
  itemPublicScope: (query: AnyQuery, now: string) => AnyQuery;
}): ResourceDef<Category> {
  const { table, itemTable } = opts;
  return {
    name: opts.name,
    label: opts.label,
    table,
    module: opts.module,
    // Categories themselves are public: the public site shows them as tabs and filters.
    publicScope: (query) => query,
    baseSelect: (db, publicView, now) =>
      db
        .selectFrom(table)
        .selectAll(table)
        .select((eb: any) => {
          const items = eb.selectFrom(itemTable).select(eb.fn.countAll().as('n')).whereRef(`${itemTable}.category_id`, '=', `${table}.id`);
          return (publicView ? opts.itemPublicScope(items, now ?? nowIso()) : items).as('item_count');
        }),
    present: presentCategory,
    querySchema: categoryQuerySchema,
    createSchema: categoryCreateSchema,
    updateSchema: categoryUpdateSchema,
    keywordColumns: [`${table}.name`],
    filters: {},
    sortColumns: {
      sortOrder: `${table}.sort_order`,
      name: `${table}.name`,
      createdAt: `${table}.created_at`,
      id: `${table}.id`,
    },
    defaultSort: [[`${table}.sort_order`, 'asc']],
    toRow: (input) => ({ name: input.name, sort_order: input.sortOrder }),
    beforeDelete: async (db, id) => {
      const used = await db.selectFrom(itemTable).select('id').where('category_id', '=', id).limit(1).executeTakeFirst();
      if (used) throw conflict('in-use', `${opts.label} is still used by ${opts.itemLabel}; move or delete them first`);
    },
  };
}

export const newsCategoryResource = categoryResource({
  name: 'NewsCategory',
  label: 'News category',
  table: 'news_categories',
  module: 'news',
  itemTable: 'news',
  itemLabel: 'news items',
  itemPublicScope: publishedNewsScope,
});

export const jobCategoryResource = categoryResource({
  name: 'JobCategory',
  label: 'Job category',
  table: 'job_categories',
  module: 'jobs',
  itemTable: 'jobs',
  itemLabel: 'jobs',
  itemPublicScope: openJobsScope,
});
