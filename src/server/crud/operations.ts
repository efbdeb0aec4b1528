import { sql } from 'kysely';
import { EDITOR_FIELD } from '../../shared/entity.js';
import type { AppContext } from '../context.js';
import { conflict, notFound, validationError } from '../http/errors.js';
import { nowIso } from '../time.js';
import { columnsOf } from './columns.js';
import type { Fields, RowValues } from './columns.js';
import { isForeignKeyViolation, isUniqueViolation } from '../db/constraint-errors.js';
import type { KyselyDb } from '../db/schema.js';
import type { ResourceDef, Table } from './definition.js';
import { fieldNamesOnly, recordAudit } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import { deleteRevisions, refuseStale, saveRevision } from '../revisions/repository.js';
import { LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { mergeTranslations, missingColumnOf, missingLocales, ownLocaleOf } from '../../shared/translations.js';
import type { Translatable, Translations } from '../../shared/translations.js';

/** Reading one record and the writes every resource shares: create, partial update, delete. */

export async function findRow(
  ctx: AppContext,
  def: ResourceDef<unknown>,
  id: number,
  publicView = false,
  db: KyselyDb = ctx.db.kysely,
): Promise<RowValues | undefined> {
  const now = nowIso();
  let query = def.baseSelect(db, publicView, now).where(sql.ref(`${def.table}.id`), '=', id);
  if (publicView && def.publicScope) query = def.publicScope(query, now);
  return query.executeTakeFirst();
}

/**
 * One record as answered, or a 404 naming what was asked for; `db` is the transaction reading it, if
 * any; `locale` the language a visitor reads it in.
 */
export async function findRecord<Out>(ctx: AppContext, def: ResourceDef<Out>, id: number, publicView = false, db?: KyselyDb, locale?: Locale): Promise<Out> {
  const row = await findRow(ctx, def, id, publicView, db);
  if (!row) throw notFound(def.label);
  return publicView ? def.presentPublic(row, locale) : def.present(row);
}

type TranslationsInput = Translatable['input']['_output'];

/**
 * The translations a write gives, checked and prepared as the record's own texts are (the resource's
 * `prepare`, so rich text is sanitised exactly alike). Texts in the record's own language belong in
 * its fields: a 400 naming them (removing a stored one with `null` is allowed).
 */
function preparedTranslations(def: ResourceDef<unknown>, given: unknown, own: Locale, existing?: unknown): TranslationsInput | undefined {
  if (given === undefined || given === null) return undefined;
  const input = given as TranslationsInput;
  if (input[own]) {
    throw validationError([{ path: `translations.${own}`, code: 'own_language_translation', message: `${own} is the record's own language: write its texts in the fields themselves` }]);
  }
  const prepared: TranslationsInput = {};
  for (const locale of LOCALES) {
    const change = input[locale];
    if (change === undefined) continue;
    if (change === null) {
      prepared[locale] = null;
      continue;
    }
    const texts = Object.fromEntries(Object.entries(change).filter(([, value]) => typeof value === 'string'));
    const ready = def.prepare ? (def.prepare as (input: Fields, existing?: unknown) => Fields)(texts, existing) : texts;
    prepared[locale] = Object.fromEntries(Object.entries(change).map(([field, value]) => [field, typeof value === 'string' ? (ready[field] as string) : value]));
  }
  return prepared;
}

/** What a translatable record stores of its translations (migration 0023, docs/decisions/0054). */
function translatedColumns(def: ResourceDef<unknown>, spec: Translatable, own: Locale, translations: Translations) {
  const searched = def.entity.search.filter((field) => spec.fields.includes(field));
  const searchable = Object.values(translations).flatMap((texts) => searched.map((field) => texts?.[field] ?? '').filter(Boolean));
  return {
    translations: JSON.stringify(translations),
    missing_translations: missingColumnOf(missingLocales(spec, own, translations)),
    translated_text: searchable.join('\n'),
  };
}

/**
 * The columns every save of a record sets besides its fields: when, and, where the resource keeps
 * it, who (docs/decisions/0037). A save by no one (a visitor's own submission) names no one.
 */
export function savedStamp(def: ResourceDef<unknown>, actor: AuditActor | null, at: string = nowIso()): Record<string, unknown> {
  return def.keepsEditor ? { updated_at: at, updated_by: actor?.userName ?? null } : { updated_at: at };
}

function changed(ctx: AppContext, def: ResourceDef<unknown>) {
  if (def.publicScope) contentChanged(ctx, def.name);
}

/** Tells the listeners (the public cache among them) that public content of `entity` changed. */
export function contentChanged(ctx: AppContext, entity: string) {
  for (const listener of ctx.onContentChange) listener(entity);
}

/**
 * A create or update as the database takes it, in its transaction. Refused by the resource's unique
 * index, it is a 409 naming the taken value. Refused by a foreign key, something it refers to was
 * deleted after `checkReferences` found it: checked again after the rollback, that answers the 400
 * on the field a moment later would have had.
 */
async function written<T>(ctx: AppContext, def: ResourceDef<unknown>, fields: Fields, write: (trx: KyselyDb) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      // Writes that check their translations' names take turns: two could otherwise both pass.
      if (def.uniqueInEachLanguage && ctx.db.engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`unique ${def.table}`}))`.execute(trx);
      return write(trx);
    });
  } catch (error) {
    if (def.uniqueField && isUniqueViolation(error)) {
      throw conflict('name-taken', `${def.label} "${String(fields[def.uniqueField] ?? '')}" already exists`);
    }
    if (isForeignKeyViolation(error)) await def.checkReferences?.(ctx.db.kysely, fields);
    throw error;
  }
}

/** Folds a name for comparison: case and surrounding spaces aside, as the unique index's `lower(name)`. */
const nameKey = (text: unknown) => (typeof text === 'string' ? text.trim().toLowerCase() : '');

/**
 * A resource whose `uniqueField` is unique in each language: a 409 `name-taken` when another record's
 * translation into a language has the name record `id` now has in it (its own language's is the
 * unique index's). Read in the write's transaction, after the write.
 */
async function refuseTranslatedDuplicates(trx: KyselyDb, def: ResourceDef<unknown>, id: number) {
  const field = def.uniqueField;
  if (!def.uniqueInEachLanguage || !field || !def.entity.translatable) return;
  const { rows } = await sql<{ id: number; translations: string | Translations }>`select id, translations from ${sql.table(def.table)}`.execute(trx);
  const parsed = rows.map((row) => ({ id: Number(row.id), translations: (typeof row.translations === 'string' ? JSON.parse(row.translations) : row.translations) as Translations }));
  const mine = parsed.find((row) => row.id === id)?.translations ?? {};
  for (const locale of LOCALES) {
    const key = nameKey(mine[locale]?.[field]);
    if (!key) continue;
    if (parsed.some((row) => row.id !== id && nameKey(row.translations?.[locale]?.[field]) === key)) {
      throw conflict('name-taken', `${def.label} "${mine[locale]![field]!.trim()}" already exists (${locale})`);
    }
  }
}

/** What a save stamps of itself is no change its user made: never listed, even should a `prepare` return it. */
const SAVE_STAMP_FIELDS = new Set(['updatedAt', EDITOR_FIELD]);

/** The fields an update changed, each with its value before and after, as the audit log keeps them. */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>, fields: Fields): Record<string, readonly [unknown, unknown]> {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const field of Object.keys(fields)) {
    if (!(field in after) || SAVE_STAMP_FIELDS.has(field)) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = [before[field], after[field]];
  }
  return changes;
}

/**
 * Writes run in one transaction with their audit entry (src/server/audit/record.ts): no change
 * without its entry. `actor` is null only for a visitor's own submission, which is not a staff action.
 */
export async function createRecord<Out>(ctx: AppContext, def: ResourceDef<Out>, input: Fields, actor: AuditActor | null): Promise<Out> {
  const now = nowIso();
  const { translations: givenTranslations, ...own } = input;
  const prepared = def.prepare ? def.prepare(own) : own;
  const fields = def.resolveFields ? await def.resolveFields(ctx.db.kysely, prepared) : prepared;
  const spec = def.entity.translatable;
  let translated = {};
  if (spec) {
    const locale = ownLocaleOf(fields);
    translated = translatedColumns(def, spec, locale, mergeTranslations({}, preparedTranslations(def, givenTranslations, locale)));
  }
  await def.checkReferences?.(ctx.db.kysely, fields);
  const id = await written(ctx, def, fields, async (trx) => {
    const inserted = await trx
      .insertInto(def.table)
      .values({ ...columnsOf(fields), ...translated, created_at: now, ...savedStamp(def, actor, now) } as never)
      .returning(sql<number>`id`.as('id'))
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await refuseTranslatedDuplicates(trx, def, id);
    if (actor) {
      await recordAudit(trx, actor, { action: 'create', entity: def.name, entityId: id });
      if (def.isPublished?.(await findRecord(ctx, def, id, false, trx))) await recordAudit(trx, actor, { action: 'publish', entity: def.name, entityId: id });
    }
    return id;
  });
  changed(ctx, def);
  return findRecord(ctx, def, id);
}

/**
 * An update: with `updatedAt` (the version its editor read) it is refused as `stale` when the record
 * was saved since; with `revisions`, the version it replaces is kept (docs/decisions/0037). A restore
 * is an update recorded as `restore`.
 */
export async function updateRecord<Out>(
  ctx: AppContext,
  def: ResourceDef<Out>,
  input: Fields & { id: number },
  actor: AuditActor,
  action: 'update' | 'restore' = 'update',
): Promise<Out> {
  const { id, updatedAt: basedOn, translations: givenTranslations, ...given } = input;
  const existing = await findRecord(ctx, def, id);
  const prepared = def.prepare ? def.prepare(given, existing) : given;
  const fields = def.resolveFields ? await def.resolveFields(ctx.db.kysely, prepared, existing) : prepared;
  const spec = def.entity.translatable;
  const ownLocale = spec ? ownLocaleOf({ locale: fields.locale ?? (existing as Fields).locale }) : undefined;
  const translations = spec ? preparedTranslations(def, givenTranslations, ownLocale!, existing) : undefined;
  await def.checkReferences?.(ctx.db.kysely, fields);
  const after = await written(ctx, def, fields, async (trx) => {
    // Locked on PostgreSQL, so that two saves of one version cannot both pass the check below.
    if (ctx.db.engine === 'postgres') await trx.selectFrom(def.table).select(sql<number>`id`.as('id')).where(sql.ref('id'), '=', id).forUpdate().execute();
    const before = await findRecord(ctx, def, id, false, trx);
    refuseStale(def.label, basedOn as string | null | undefined, (before as { updatedAt?: string }).updatedAt);
    if (def.revisions) await saveRevision(trx, def.name, id, before as object);
    // Merged with the version read under the lock, so two editors' languages both stay.
    const translated = spec ? translatedColumns(def, spec, ownLocale!, mergeTranslations((before as Fields).translations as Translations, translations)) : {};
    await trx
      .updateTable(def.table)
      .set({ ...columnsOf(fields), ...translated, ...savedStamp(def, actor) } as never)
      .where(sql.ref('id'), '=', id)
      .execute();
    await refuseTranslatedDuplicates(trx, def, id);
    const after = await findRecord(ctx, def, id, false, trx);
    const changed = changesOf(before as Record<string, unknown>, after as Record<string, unknown>, translations ? { ...fields, translations } : fields);
    const changes = def.personalData ? fieldNamesOnly(changed) : changed;
    await recordAudit(trx, actor, { action, entity: def.name, entityId: id, changes });
    if (def.isPublished && !def.isPublished(before) && def.isPublished(after)) await recordAudit(trx, actor, { action: 'publish', entity: def.name, entityId: id });
    return after;
  });
  changed(ctx, def);
  return after;
}

export async function deleteRecord(ctx: AppContext, def: ResourceDef<unknown>, id: number, actor: AuditActor) {
  const db = ctx.db.kysely;
  await findRecord(ctx, def, id);
  await def.beforeDelete?.(db, id);
  try {
    await db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom(def.table).where(sql.ref('id'), '=', id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound(def.label);
      if (def.revisions) await deleteRevisions(trx, def.name, id);
      await recordAudit(trx, actor, { action: 'delete', entity: def.name, entityId: id });
    });
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
  if (!row) throw validationError([{ path: field, code: 'no_such_reference', message: `No such ${label}` }]);
}
