import { sql } from 'kysely';
import type { Category } from '../../../shared/schemas/category.js';
import {
  categoryCreateSchema,
  categoryQuerySchema,
  categoryUpdateSchema,
} from '../../../shared/schemas/category.js';
import type { ModuleKey } from '../../../shared/modules.js';
import { conflict } from '../../http/errors.js';
import type { ResourceDef, Row } from '../../crud/resource.js';

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
}): ResourceDef<Category> {
  const { table, itemTable } = opts;
  return {
    name: opts.name,
    label: opts.label,
    table,
    module: opts.module,
    // Categories themselves are public: the public site shows them as tabs and filters.
    publicScope: (query) => query,
    baseSelect: (db) =>
      db
        .selectFrom(table)
        .selectAll(table)
        .select(
          sql<number>`(select count(*) from ${sql.table(itemTable)} where ${sql.ref(`${itemTable}.category_id`)} = ${sql.ref(`${table}.id`)})`.as(
            'item_count',
          ),
        ),
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
});

export const jobCategoryResource = categoryResource({
  name: 'JobCategory',
  label: 'Job category',
  table: 'job_categories',
  module: 'jobs',
  itemTable: 'jobs',
  itemLabel: 'jobs',
});
