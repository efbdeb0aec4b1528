import { sql } from 'kysely';
import type { Db } from './connect.js';

/** Each index of a table with its columns in order, read from the engine's catalogue. */
export async function indexesOf(db: Db, table: string): Promise<{ name: string; columns: string[] }[]> {
  if (db.engine === 'postgres') {
    const { rows } = await sql<{ name: string; columns: string[] }>`
      select i.relname as name,
             array(select a.attname::text from unnest(x.indkey) with ordinality as k(attnum, n)
                   join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as columns
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace`.execute(db.kysely);
    return rows;
  }
  const { rows: list } = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db.kysely);
  const result: { name: string; columns: string[] }[] = [];
  for (const { name } of list) {
    const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db.kysely);
    result.push({ name, columns: rows.map((r) => r.name) });
  }
  return result;
}
