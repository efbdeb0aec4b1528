/** What a write refused by the database's constraints is, whichever engine refused it. */

/** A reference to a row that does not exist (any more), or a delete of a row still referred to. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503';
}

/** A value a unique index already holds. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505';
}
