import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Records with texts in more than one language (docs/decisions/0054): news, jobs and both kinds of
 * category keep, beside their own texts, their translations as JSON (`{"en-US":{"title":"…"}}`),
 * the languages they have no usable translation into, space-delimited (`" en-US "`, so one LIKE finds
 * a language), for the back-office filter and the public lists, and the translations' searchable
 * texts, which a list's keyword is looked for in too. Every row so far has no translation: it misses
 * the language it is not written in (categories are written in zh-CN).
 */
const TABLES = ['news', 'jobs', 'news_categories', 'job_categories'] as const;
const WITH_LOCALE = new Set(['news', 'jobs']);

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('translations', 'text', (col) => col.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('missing_translations', 'text', (col) => col.notNull().defaultTo(' en-US '))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('translated_text', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    if (WITH_LOCALE.has(table)) {
      await db.updateTable(table).set({ missing_translations: ' zh-CN ' }).where('locale', '=', 'en-US').execute();
    }
    // The back-office filter "missing English" (an index led by every filtered column, 0002).
    await db.schema.createIndex(`${table}_missing_translations_idx`).on(table).columns(['missing_translations', 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_missing_translations_idx`).execute();
    for (const column of ['translated_text', 'missing_translations', 'translations']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
