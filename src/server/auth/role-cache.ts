import { MODULE_ACCESS, MODULE_KEYS } from '../../shared/modules.js';
import type { CustomGrants, Grants } from '../../shared/modules.js';
import type { KyselyDb } from '../db/schema.js';

/**
 * How long the custom roles read from the database are trusted. Every change through Portico empties
 * the cache at once (here, and on PostgreSQL in every instance through NOTIFY, as sessions are); this
 * bound is the safety net for a role changed by hand in SQL or a notice lost with its connection.
 */
export const ROLE_CACHE_MAX_AGE_MS = 60_000;

/** A stored `grants` column as grants: only known modules and accesses, whatever the text holds. */
export function grantsOfColumn(stored: unknown): Grants {
  let parsed: unknown = stored;
  if (typeof stored === 'string') {
    try {
      parsed = JSON.parse(stored);
    } catch {
      return {};
    }
  }
  const grants: Grants = {};
  if (!parsed || typeof parsed !== 'object') return grants;
  for (const key of MODULE_KEYS) {
    const access = (parsed as Record<string, unknown>)[key];
    if ((MODULE_ACCESS as readonly unknown[]).includes(access)) grants[key] = access as Grants[typeof key];
  }
  return grants;
}

export async function readCustomGrants(db: KyselyDb): Promise<CustomGrants> {
  const rows = await db.selectFrom('roles').select(['key', 'grants']).where('built_in', '=', 0).execute();
  return Object.fromEntries(rows.map((row) => [row.key, grantsOfColumn(row.grants)]));
}

/**
 * The custom roles' grants, kept in memory so that a staff call knows what its user may do without a
 * database round trip (docs/decisions/0059). Emptied by every role write; a read that raced one
 * (its generation moved meanwhile) is answered but not kept. While `bypassed` (PostgreSQL with the
 * invalidation listener down: other instances' changes cannot reach this one) every lookup reads.
 */
export class RoleCache {
  private kept: { grants: CustomGrants; readAt: number } | null = null;
  private generation = 0;

  constructor(
    private readonly bypassed: () => boolean = () => false,
    private readonly maxAgeMs = ROLE_CACHE_MAX_AGE_MS,
  ) {}

  async grants(db: KyselyDb): Promise<CustomGrants> {
    const now = Date.now();
    if (this.bypassed()) {
      this.kept = null;
      return readCustomGrants(db);
    }
    if (this.kept && now - this.kept.readAt < this.maxAgeMs) return this.kept.grants;
    const generation = this.generation;
    const grants = await readCustomGrants(db);
    if (generation === this.generation && !this.bypassed()) this.kept = { grants, readAt: now };
    return grants;
  }

  /** Whether the next lookup is answered from memory. */
  get isKept(): boolean {
    return this.kept !== null && !this.bypassed();
  }

  forget(): void {
    this.kept = null;
    this.generation++;
  }
}
