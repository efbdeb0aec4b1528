import type { FastifyRequest } from 'fastify';
import type { User } from '../../../shared/schemas/user.js';
import {
  updatePasswordSchema,
  userCreateSchema,
  userQuerySchema,
  userUpdateSchema,
} from '../../../shared/schemas/user.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../context.js';
import { requireModule, requireUser } from '../../auth/guard.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { createSession, deleteUserRow, revokeUserSessions, updateUserRow } from '../../auth/sessions.js';
import { findRow, isUniqueViolation, parseId, queryPage } from '../../crud/resource.js';
import type { AnyDb, ResourceDef } from '../../crud/resource.js';
import { conflict, forbidden, notFound, validationError } from '../../http/errors.js';
import type { RouteSpec } from '../../http/routes.js';
import { idParam } from '../../http/routes.js';
import { parse } from '../../http/validate.js';
import { presentUser, userNameKey } from './present.js';

const roleColumnMatches = (role: unknown) => `%"${String(role)}"%`;

export const userResource: ResourceDef<User> = {
  name: 'User',
  label: 'User',
  table: 'users',
  module: 'users',
  baseSelect: (db) => db.selectFrom('users').selectAll('users'),
  present: presentUser,
  querySchema: userQuerySchema,
  keywordColumns: ['users.user_name', 'users.display_name', 'users.email'],
  filters: {
    // Roles are stored as a JSON array; the role filter matches its quoted name inside it.
    role: { column: 'users.roles', op: 'like', toColumn: roleColumnMatches },
    isActive: { column: 'users.is_active', toColumn: (v) => (v ? 1 : 0) },
  },
  sortColumns: {
    userName: 'users.user_name_key',
    displayName: 'users.display_name',
    createdAt: 'users.created_at',
    lastLoginAt: 'users.last_login_at',
    id: 'users.id',
  },
  defaultSort: [['users.id', 'asc']],
};

async function activeAdministratorIds(db: AnyDb): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', 1)
    .where('roles', 'like', roleColumnMatches('admin'))
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Refuses any change that would leave Portico without an active administrator. */
async function assertAdministratorRemains(ctx: AppContext, userId: number, stillAdmin: boolean) {
  if (stillAdmin) return;
  const admins = await activeAdministratorIds(ctx.db.kysely as AnyDb);
  if (admins.length === 1 && admins[0] === userId) {
    throw conflict('last-admin', 'The last active administrator cannot be removed, deactivated or lose the admin role');
  }
}

async function loadUser(ctx: AppContext, id: number) {
  const row = await findRow(ctx, userResource as ResourceDef<unknown>, id);
  if (!row) throw notFound('User');
  return row;
}

export const userRoutes: RouteSpec[] = [
  {
    method: 'POST',
    path: 'User/Query',
    summary: 'List users with paging, keyword, filters and sort',
    tag: 'User',
    access: 'users',
    body: userQuerySchema,
    response: 'Page',
    handler: async (request) => {
      await requireModule(request, 'users');
      return queryPage(request.server.ctx, userResource, parse(userQuerySchema, request.body ?? undefined), false);
    },
  },
  {
    method: 'GET',
    path: 'User/:id',
    summary: 'Read one user',
    tag: 'User',
    access: 'users',
    handler: async (request) => {
      await requireModule(request, 'users');
      return presentUser(await loadUser(request.server.ctx, parseId(idParam(request))));
    },
  },
  {
    method: 'POST',
    path: 'User',
    summary: 'Create a user',
    tag: 'User',
    access: 'users',
    body: userCreateSchema,
    handler: async (request) => {
      await requireModule(request, 'users');
      const input = parse(userCreateSchema, request.body);
      const ctx = request.server.ctx;
      const now = nowIso();
      try {
        const row = await ctx.db.kysely
          .insertInto('users')
          .values({
            user_name: input.userName,
            user_name_key: userNameKey(input.userName),
            display_name: input.displayName,
            email: input.email,
            password_hash: await hashPassword(input.password),
            roles: JSON.stringify([...new Set(input.roles)]),
            is_active: 1,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return presentUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('user-name-taken', 'User name is already taken');
        throw error;
      }
    },
  },
  {
    method: 'POST',
    path: 'User/Update',
    summary: 'Change a user\'s display name, email, roles or active flag; the others keep their values',
    tag: 'User',
    access: 'users',
    body: userUpdateSchema,
    handler: async (request) => {
      const me = await requireModule(request, 'users');
      const input = parse(userUpdateSchema, request.body);
      const ctx = request.server.ctx;
      const existing = presentUser(await loadUser(ctx, input.id));
      if (input.id === me.id && input.isActive === false) throw conflict('self-deactivate', 'You cannot deactivate your own account');
      const roles = input.roles ? [...new Set(input.roles)] : existing.roles;
      const active = input.isActive ?? existing.isActive;
      await assertAdministratorRemains(ctx, input.id, roles.includes('admin') && active);
      await updateUserRow(ctx, input.id, {
        display_name: input.displayName,
        email: input.email,
        roles: input.roles ? JSON.stringify(roles) : undefined,
        is_active: input.isActive === undefined ? undefined : input.isActive ? 1 : 0,
        updated_at: nowIso(),
      });
      if (!active) await revokeUserSessions(ctx, input.id);
      return presentUser(await loadUser(ctx, input.id));
    },
  },
  {
    method: 'POST',
    path: 'User/UpdatePassword',
    summary:
      'Set a new password: with `id` for another user (users module), or with `oldPassword` for one\'s own account. Every session of that user ends at once; changing one\'s own password answers `data: { accessToken }`, a new session for the caller.',
    tag: 'User',
    access: 'signed-in',
    body: updatePasswordSchema,
    handler: async (request: FastifyRequest) => {
      const me = await requireUser(request);
      const input = parse(updatePasswordSchema, request.body);
      const ctx = request.server.ctx;
      const targetId = input.id ?? me.id;
      const own = targetId === me.id;
      if (input.oldPassword !== undefined) {
        if (!own) throw validationError([{ path: 'oldPassword', message: 'Only for your own account' }]);
        const row = await loadUser(ctx, me.id);
        if (!(await verifyPassword(row.password_hash, input.oldPassword))) {
          throw validationError([{ path: 'oldPassword', message: 'Current password is wrong' }]);
        }
      } else if (input.id === undefined) {
        // Without `id` the call is the own-account form, which needs the current password whatever
        // the caller's modules: a token left in an unattended browser must not take the account over.
        // (An administrator resetting an account by `id` is the other form.)
        throw validationError([{ path: 'oldPassword', message: 'Required to change your own password' }]);
      } else if (!me.moduleKeys.has('users')) {
        if (own) throw validationError([{ path: 'oldPassword', message: 'Required to change your own password' }]);
        throw forbidden();
      } else {
        await loadUser(ctx, targetId);
      }
      await updateUserRow(ctx, targetId, { password_hash: await hashPassword(input.newPassword), updated_at: nowIso() });
      // Every token of that user stops working now, the caller's too (DESIGN: a password change
      // revokes them at once); whoever changed their own password carries on with a new session.
      await revokeUserSessions(ctx, targetId);
      return own ? { accessToken: await createSession(ctx, me.id) } : null;
    },
  },
  {
    method: 'DELETE',
    path: 'User/:id',
    summary: 'Delete a user (never oneself, never the last administrator)',
    tag: 'User',
    access: 'users',
    handler: async (request) => {
      const me = await requireModule(request, 'users');
      const id = parseId(idParam(request));
      const ctx = request.server.ctx;
      await loadUser(ctx, id);
      if (id === me.id) throw conflict('self-delete', 'You cannot delete your own account');
      await assertAdministratorRemains(ctx, id, false);
      await deleteUserRow(ctx, id);
      return { id };
    },
  },
];
