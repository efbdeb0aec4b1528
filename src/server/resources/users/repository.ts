import type { UserCreate } from '../../../shared/schemas/user.js';
import type { KyselyDb } from '../../db/schema.js';
import { nowIso } from '../../time.js';
import { userNameKey } from './present.js';

/** The SQL of user accounts beyond the generic list and read (sessions.ts owns changes to a row). */

/** Roles are stored as a JSON array; a role matches its quoted name inside it. */
export const roleColumnMatches = (role: unknown) => `%"${String(role)}"%`;

export async function activeAdministratorIds(db: KyselyDb): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('is_active', '=', 1).where('roles', 'like', roleColumnMatches('admin')).execute();
  return rows.map((r) => Number(r.id));
}

/** `mustChangePassword` is left out by callers that are not the API (fixtures): false. */
export function insertUser(db: KyselyDb, input: Omit<UserCreate, 'mustChangePassword'> & { mustChangePassword?: boolean }, passwordHash: string) {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      user_name: input.userName,
      user_name_key: userNameKey(input.userName),
      display_name: input.displayName,
      email: input.email,
      password_hash: passwordHash,
      roles: JSON.stringify([...new Set(input.roles)]),
      is_active: 1,
      must_change_password: input.mustChangePassword ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function passwordHashOf(db: KyselyDb, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())?.password_hash;
}

/** A user by the key of their name, with the hash, for signing in. */
export function findUserByName(db: KyselyDb, userName: string) {
  return db.selectFrom('users').selectAll().where('user_name_key', '=', userNameKey(userName)).executeTakeFirst();
}
