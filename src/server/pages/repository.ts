import type { AppContext } from '../context.js';
import { changedValues, recordAudit } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import { refuseStale, saveRevision } from '../revisions/repository.js';
import type { KyselyDb, PagesTable } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { sanitizeRichText } from '../http/sanitize.js';
import { nowIso } from '../time.js';
import { LOCALES } from '../../shared/locale.js';
import { pickFields } from '../../shared/query.js';
import { PAGE_KEYS, pageContent } from '../../shared/schemas/page.js';
import type { PageBlock, PageContent, PageKey, PageRecord, PageSummary, PageUpdate, PublishedPage } from '../../shared/schemas/page.js';

/** SQL of the editable pages (migration 0011): one row per key, each version a JSON document. */

type PageRow = PagesTable;

/** A stored version, read back through its schema: a document written by an older version still reads. */
const contentOf = (json: string): PageContent => pageContent.parse(JSON.parse(json));

function recordOf(row: PageRow): PageRecord {
  return {
    key: row.key as PageKey,
    ...contentOf(row.draft_json),
    hasUnpublishedChanges: row.draft_json !== row.published_json,
    hasPrevious: row.previous_json !== null,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    publishedAt: row.published_at,
  };
}

async function findRow(db: KyselyDb, key: PageKey): Promise<PageRow> {
  const row = await db.selectFrom('pages').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) throw notFound('Page');
  return row;
}

/** What visitors see of a page: its published version. */
export async function readPublishedPage(db: KyselyDb, key: PageKey): Promise<PublishedPage> {
  const row = await findRow(db, key);
  return { key, ...contentOf(row.published_json), publishedAt: row.published_at };
}

/** A page as staff edit it: the draft, and how it stands against what is published. */
export async function readPage(db: KyselyDb, key: PageKey): Promise<PageRecord> {
  return recordOf(await findRow(db, key));
}

/**
 * Every page, in the order of the site's menu (home first), a page of them at a time. There are
 * exactly as many rows as page keys, so they are ordered and cut in memory.
 */
export async function listPages(db: KyselyDb, query: { page: number; pageSize: number; sort?: { field: string; order: 'asc' | 'desc' }; fields?: string[] }) {
  const rows = await db.selectFrom('pages').selectAll().execute();
  const rank = (key: string) => (PAGE_KEYS as readonly string[]).indexOf(key);
  rows.sort((a, b) => (query.sort ? a.key.localeCompare(b.key) * (query.sort.order === 'desc' ? -1 : 1) : rank(a.key) - rank(b.key)));
  const items: PageSummary[] = rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize).map((row) => {
    const { blocks: _blocks, description: _description, ...summary } = recordOf(row);
    return pickFields(summary, query.fields, 'key');
  });
  return { items, meta: { page: query.page, pageSize: query.pageSize, total: rows.length } };
}

/** Rich text is cleaned on every write, in both languages, as news content is. */
export function sanitizeBlocks(blocks: PageBlock[]): PageBlock[] {
  return blocks.map((block) =>
    block.type === 'richText' ? { ...block, html: Object.fromEntries(LOCALES.map((locale) => [locale, sanitizeRichText(block.html[locale])])) as typeof block.html } : block,
  );
}

/**
 * Changes the draft: the fields given replace the draft's, the others keep their values. Visitors
 * go on seeing the published version until the page is published. The row is read and written in
 * one transaction, locked on PostgreSQL, so two staff saving different fields both keep theirs.
 * The version replaced is kept as a revision; with `updatedAt` (the version the editor read), a save
 * over a newer one is refused as `stale` (docs/decisions/0037). A restore is a save recorded as such.
 */
export async function updateDraft(ctx: AppContext, changes: PageUpdate, actor: AuditActor, action: 'update' | 'restore' = 'update'): Promise<PageRecord> {
  const { db } = ctx;
  const { key, updatedAt: basedOn, ...fields } = changes;
  if (fields.blocks) fields.blocks = sanitizeBlocks(fields.blocks);
  await db.kysely.transaction().execute(async (trx) => {
    let read = trx.selectFrom('pages').selectAll().where('key', '=', key);
    if (db.engine === 'postgres') read = read.forUpdate();
    const row = await read.executeTakeFirst();
    if (!row) throw notFound('Page');
    refuseStale('Page', basedOn, row.updated_at);
    await saveRevision(trx, 'Page', key, recordOf(row));
    const draft = JSON.stringify({ ...contentOf(row.draft_json), ...fields });
    if (action === 'update') {
      await recordAudit(trx, actor, { action: 'update', entity: 'Page', entityId: key, changes: changedValues(contentOf(row.draft_json), fields) });
    }
    await trx.updateTable('pages').set({ draft_json: draft, updated_at: nowIso(), updated_by: actor.userName }).where('key', '=', key).execute();
    if (action === 'restore') await recordAudit(trx, actor, { action, entity: 'Page', entityId: key });
  });
  return readPage(db.kysely, key);
}

/**
 * The draft becomes what visitors see, and the version they saw until now is kept as the previous
 * one. The public answers and the cached pages are emptied, so the page changes at once.
 */
export async function publishPage(ctx: AppContext, key: PageKey, actor: AuditActor): Promise<PageRecord> {
  const { db } = ctx;
  await db.kysely.transaction().execute(async (trx) => {
    let read = trx.selectFrom('pages').select(['draft_json', 'published_json', 'previous_json']).where('key', '=', key);
    if (db.engine === 'postgres') read = read.forUpdate();
    const row = await read.executeTakeFirst();
    if (!row) throw notFound('Page');
    // Publishing an unchanged draft again keeps the version before it, rather than losing it.
    const previous = row.draft_json === row.published_json ? row.previous_json : row.published_json;
    await trx.updateTable('pages').set({ published_json: row.draft_json, previous_json: previous, published_at: nowIso() }).where('key', '=', key).execute();
    await recordAudit(trx, actor, { action: 'publish', entity: 'Page', entityId: key });
  });
  for (const listener of ctx.onContentChange) listener('Page');
  return readPage(db.kysely, key);
}

/** Writes a page's draft and published version at once, as the demo seed does on a new database. */
export async function replacePublishedPage(db: KyselyDb, key: PageKey, content: PageContent): Promise<void> {
  const json = JSON.stringify({ ...content, blocks: sanitizeBlocks(content.blocks) });
  const now = nowIso();
  await db.updateTable('pages').set({ draft_json: json, published_json: json, previous_json: null, updated_at: now, published_at: now }).where('key', '=', key).execute();
}

/** Every stored version of every page, for finding where an image is used. */
export async function allPageVersions(db: KyselyDb): Promise<{ key: string; versions: PageContent[] }[]> {
  const rows = await db.selectFrom('pages').selectAll().execute();
  return rows.map((row) => ({ key: row.key, versions: [row.draft_json, row.published_json].map(contentOf) }));
}
