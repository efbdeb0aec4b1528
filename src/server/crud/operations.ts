import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { conflict, notFound, validationError } from '../http/errors.js';
import { nowIso } from '../time.js';
import { columnsOf } from './columns.js';
import type { Fields, RowValues } from './columns.js';
import { isForeignKeyViolation, isUniqueViolation } from '../db/constraint-errors.js';
import type { KyselyDb } from '../db/schema.js';
import type { ResourceDef, Table } from './definition.js';

/** Reading one record and the writes every resource shares: create, partial update, delete. */

export async function findRow(ctx: AppContext, def: ResourceDef<unknown>, id: number, publicView = false): Promise<RowValues | undefined> {
  const now = nowIso();
  let query = def.baseSelect(ctx.db.kysely, publicView, now).where(sql.ref(`${def.table}.id`), '=', id);
  if (publicView && def.publicScope) query = def.publicScope(query, now);
  return query.executeTakeFirst();
}

/** One record as answered, or a 404 naming what was asked for. */
export async function findRecord<Out>(ctx: AppContext, def: ResourceDef<Out>, id: number, publicView = false): Promise<Out> {
  const row = await findRow(ctx, def, id, publicView);
  if (!row) throw notFound(def.label);
  return def.present(row);
}

function changed(ctx: AppContext, def: ResourceDef<unknown>) {
  if (!def.publicScope) return;
  for (const listener of ctx.onContentChange) listener(def.name);
}

/**
 * A create or update as the database takes it. Refused by the resource's unique index, it is a 409
 * naming the taken value. Refused by a foreign key, something it refers to was deleted after
 * `checkReferences` found it: checked again, that answers the 400 on the field a moment later would
 * have had.
 */
async function written<T>(db: KyselyDb, def: ResourceDef<unknown>, fields: Fields, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (def.uniqueField && isUniqueViolation(error)) {
      throw conflict('name-taken', `${def.label} "${String(fields[def.uniqueField] ?? '')}" already exists`);
    }
    if (isForeignKeyViolation(error)) await def.checkReferences?.(db, fields);
    throw error;
  }
}

export async function createRecord<Out>(ctx: AppContext, def: ResourceDef<Out>, input: Fields): Promise<Out> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const fields = def.prepare ? def.prepare(input) : input;
  await def.checkReferences?.(db, fields);
  const inserted = await written(db, def, fields, () =>
    db
      .insertInto(def.table)
      .values({ ...columnsOf(fields), created_at: now, updated_at: now } as never)
      .returning(sql<number>`id`.as('id'))
      .executeTakeFirstOrThrow(),
  );
  changed(ctx, def);
  return findRecord(ctx, def, Number(inserted.id));
}

export async function updateRecord<Out>(ctx: AppContext, def: ResourceDef<Out>, input: Fields & { id: number }): Promise<Out> {
  const db = ctx.db.kysely;
  const { id, ...given } = input;
  const existing = await findRecord(ctx, def, id);
  const fields = def.prepare ? def.prepare(given, existing) : given;
  await def.checkReferences?.(db, fields);
  await written(db, def, fields, () =>
    db
      .updateTable(def.table)
      .set({ ...columnsOf(fields), updated_at: nowIso() } as never)
      .where(sql.ref('id'), '=', id)
      .execute(),
  );
  changed(ctx, def);
  return findRecord(ctx, def, id);
}

export async function deleteRecord(ctx: AppContext, def: ResourceDef<unknown>, id: number) {
  const db = ctx.db.kysely;
  await findRecord(ctx, def, id);
  await def.beforeDelete?.(db, id);
  try {
    await db.deleteFrom(def.table).where(sql.ref('id'), '=', id).execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('in-use', `${def.label} is still in use`);
    throw error;
  }
  changed(ctx, def);
  return { id };
}

/** A reference to a row of `table` must exist; otherwise a 400 on that field. */
export async function requireExisting(db: KyselyDb, table: Table, id: unknown, field: string, label: string) {
  if (id === undefined) return;
  const row = await db.selectFrom(table).select(sql<number>`id`.as('id')).where(sql.ref('id'), '=', id).executeTakeFirst();
  if (!row) throw validationError([{ path: field, message: `No such ${label}` }]);
}
