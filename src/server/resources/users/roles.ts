import { sql } from 'kysely';
import type { z } from 'zod';
import { builtInGrantsOf, isBuiltInRole } from '../../../shared/modules.js';
import { roleEntity, roleRecord } from '../../../shared/schemas/role.js';
import type { Role, RoleCreate, RoleUpdate } from '../../../shared/schemas/role.js';
import { actorOf } from '../../audit/record.js';
import { grantsOfColumn } from '../../auth/role-cache.js';
import { announceRolesChange } from '../../auth/session-listener.js';
import type { AppContext } from '../../context.js';
import { presenterOf } from '../../crud/columns.js';
import type { Fields } from '../../crud/columns.js';
import { defineResource } from '../../crud/definition.js';
import { createRecord, deleteRecord, findRecord, updateRecord } from '../../crud/operations.js';
import { idParams, queryRoute, readRoute } from '../../crud/routes.js';
import type { KyselyDb } from '../../db/schema.js';
import { conflict, validationError } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { roleColumnMatches } from './repository.js';

/**
 * Roles (issue 21, docs/decisions/0059): the built-in ones, answered for reference with their grants
 * from the code, and custom ones an administrator builds of modules with read or write. Under the
 * users module. Every write empties the role cache of every instance, so a change of grants takes
 * effect on its users' next call.
 */

const present = presenterOf<Role>(roleRecord, {
  add: (row) => ({ grants: Number(row.built_in) === 1 && isBuiltInRole(row.key) ? builtInGrantsOf(row.key) : grantsOfColumn(row.grants) }),
});

export const roleResource = defineResource<Role>({
  entity: roleEntity,
  label: 'Role',
  table: 'roles',
  module: 'users',
  baseSelect: (db) =>
    db
      .selectFrom('roles')
      .selectAll('roles')
      .select((eb) =>
        eb
          .selectFrom('users')
          .select(eb.fn.countAll().as('n'))
          .where('users.roles', 'like', sql<string>`'%"' || roles.key || '"%'`)
          .as('user_count'),
      ),
  present,
  // The built-in roles first, then the custom ones as they were made.
  defaultSort: [['builtIn', 'desc'], ['id', 'asc']],
  uniqueField: 'name',
  prepare: (input) => (input.grants === undefined ? input : { ...input, grants: JSON.stringify(input.grants) }),
  beforeDelete: async (db, id) => {
    const role = await db.selectFrom('roles').select('key').where('id', '=', id).executeTakeFirst();
    if (!role) return;
    const holder = await db.selectFrom('users').select('id').where('roles', 'like', roleColumnMatches(role.key)).limit(1).executeTakeFirst();
    if (holder) throw conflict('role-in-use', `Role "${role.key}" is held by users; give them other roles first`);
  },
});

/** Forgets the custom roles kept in memory: here at once, and on PostgreSQL in every instance. */
export async function rolesChanged(ctx: AppContext) {
  ctx.roleCache.forget();
  if (ctx.db.engine === 'postgres') await announceRolesChange(ctx.db.kysely);
}

const refuseBuiltIn = (role: Role) => {
  if (role.builtIn) throw conflict('built-in-role', `Role "${role.key}" is built in: it cannot be changed or deleted`);
};

/** Refuses (400, `unknown_role`) the keys of `roles` that name no role, built-in or custom. */
export async function assertRolesExist(db: KyselyDb, roles: readonly string[], path = 'roles') {
  const custom = roles.filter((role) => !isBuiltInRole(role));
  if (!custom.length) return;
  const known = new Set((await db.selectFrom('roles').select('key').where('key', 'in', custom).execute()).map((row) => row.key));
  const issues = roles.flatMap((role, index) =>
    isBuiltInRole(role) || known.has(role) ? [] : [{ path: `${path}.${index}`, code: 'unknown_role' as const, params: { role }, message: `No role "${role}"` }],
  );
  if (issues.length) throw validationError(issues);
}

const deleteRole = (method: 'POST' | 'DELETE') =>
  route<undefined, { id: number }>({
    method,
    path: 'Role/:id',
    summary: method === 'POST' ? 'Delete a custom role that no user holds (empty body)' : 'Delete a custom role that no user holds',
    tag: 'Role',
    access: 'users',
    emptyBody: method === 'POST' ? true : undefined,
    params: idParams,
    response: roleEntity.record.pick({ id: true }),
    handler: async ({ request, params, user }) => {
      const ctx = request.server.ctx;
      refuseBuiltIn(await findRecord(ctx, roleResource, params.id));
      const answer = await deleteRecord(ctx, roleResource as never, params.id, actorOf(request, user));
      await rolesChanged(ctx);
      return answer;
    },
  });

export const roleRoutes: RouteSpec[] = [
  queryRoute(roleResource),
  readRoute(roleResource),
  route<RoleCreate>({
    method: 'POST',
    path: 'Role',
    summary: 'Create a custom role: a key (never a built-in one\'s, never changed), a name in each language and read or write per module',
    tag: 'Role',
    access: 'users',
    body: roleEntity.create as z.ZodType<RoleCreate>,
    response: roleEntity.record,
    handler: async ({ request, body, user }) => {
      const ctx = request.server.ctx;
      const taken = await ctx.db.kysely.selectFrom('roles').select('id').where('key', '=', body.key).executeTakeFirst();
      if (taken) throw conflict('role-key-taken', `Role "${body.key}" already exists`);
      const role = await createRecord(ctx, roleResource, body as unknown as Fields, actorOf(request, user));
      await rolesChanged(ctx);
      return role;
    },
  }),
  route<RoleUpdate>({
    method: 'POST',
    path: 'Role/Update',
    summary: "Change a custom role's names, description or grants; its users have the new grants from their next call",
    tag: 'Role',
    access: 'users',
    body: roleEntity.update as z.ZodType<RoleUpdate>,
    response: roleEntity.record,
    handler: async ({ request, body, user }) => {
      const ctx = request.server.ctx;
      refuseBuiltIn(await findRecord(ctx, roleResource, body.id));
      const role = await updateRecord(ctx, roleResource, body as unknown as Fields & { id: number }, actorOf(request, user)!);
      await rolesChanged(ctx);
      return role;
    },
  }),
  deleteRole('POST'),
  deleteRole('DELETE'),
];
