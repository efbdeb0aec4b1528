import { z } from 'zod';
import { updatePasswordSchema, userEntity } from '../../../shared/schemas/user.js';
import type { UpdatePassword, User, UserCreate, UserUpdate } from '../../../shared/schemas/user.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { canWrite } from '../../auth/session-user.js';
import { assertPasswordAllowed } from '../../auth/password-policy.js';
import { createSession, deleteUserRow, endSessionsOf, revokeUserSessions, sessionOriginOf, updateUserRow } from '../../auth/sessions.js';
import { actorOf, changedValues, recordAudit } from '../../audit/record.js';
import type { AppContext } from '../../context.js';
import { defineResource } from '../../crud/definition.js';
import { findRecord } from '../../crud/operations.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.js';
import { idParams, queryRoute, readRoute } from '../../crud/routes.js';
import { conflict, forbidden, passwordChangeRequired, unauthenticated, validationError } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { nowIso } from '../../time.js';
import { presentUser } from './present.js';
import { assertRolesExist } from './roles.js';
import { activeAdministratorIds, insertUser, passwordHashOf, roleColumnMatches } from './repository.js';

export const userResource = defineResource<User>({
  entity: userEntity,
  label: 'User',
  table: 'users',
  module: 'users',
  baseSelect: (db) => db.selectFrom('users').selectAll('users'),
  present: presentUser,
  // User names sort as they compare: trimmed and case-insensitive.
  columns: { userName: 'users.user_name_key' },
  filterValues: { role: roleColumnMatches },
  defaultSort: [['id', 'asc']],
});

/** Refuses any change that would leave Portico without an active administrator. */
async function assertAdministratorRemains(ctx: AppContext, userId: number, stillAdmin: boolean) {
  if (stillAdmin) return;
  const admins = await activeAdministratorIds(ctx.db.kysely);
  if (admins.length === 1 && admins[0] === userId) {
    throw conflict('last-admin', 'The last active administrator cannot be removed, deactivated or lose the admin role');
  }
}

const loadUser = (ctx: AppContext, id: number) => findRecord(ctx, userResource, id);

export const userRoutes: RouteSpec[] = [
  queryRoute(userResource),
  readRoute(userResource),
  route<UserCreate>({
    method: 'POST',
    path: 'User',
    summary: 'Create a user',
    tag: 'User',
    access: 'users',
    body: userEntity.create as z.ZodType<UserCreate>,
    response: userEntity.record,
    handler: async ({ request, body, user }) => {
      assertPasswordAllowed(body.password, body.userName, 'password');
      await assertRolesExist(request.server.ctx.db.kysely, body.roles);
      const passwordHash = await hashPassword(body.password);
      const actor = actorOf(request, user);
      try {
        return presentUser(
          await request.server.ctx.db.kysely.transaction().execute(async (trx) => {
            const row = await insertUser(trx, body, passwordHash);
            await recordAudit(trx, actor, { action: 'create', entity: 'User', entityId: row.id, changes: { roles: [null, JSON.parse(row.roles) as unknown] } });
            return row;
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('user-name-taken', 'User name is already taken');
        throw error;
      }
    },
  }),
  route<UserUpdate>({
    method: 'POST',
    path: 'User/Update',
    summary: "Change a user's display name, email, roles or active flag; the others keep their values",
    tag: 'User',
    access: 'users',
    body: userEntity.update as z.ZodType<UserUpdate>,
    response: userEntity.record,
    handler: async ({ request, body: input, user: me }) => {
      const ctx = request.server.ctx;
      const existing = await loadUser(ctx, input.id);
      if (input.id === me!.id && input.isActive === false) throw conflict('self-deactivate', 'You cannot deactivate your own account');
      if (input.roles) await assertRolesExist(ctx.db.kysely, input.roles);
      const roles = input.roles ? [...new Set(input.roles)] : existing.roles;
      const active = input.isActive ?? existing.isActive;
      await assertAdministratorRemains(ctx, input.id, roles.includes('admin') && active);
      const actor = actorOf(request, me);
      const { roles: roleChange, ...changes } = changedValues(existing, { displayName: input.displayName, email: input.email, isActive: input.isActive, roles: input.roles && roles });
      await updateUserRow(
        ctx,
        input.id,
        {
          display_name: input.displayName,
          email: input.email,
          roles: input.roles ? JSON.stringify(roles) : undefined,
          is_active: input.isActive === undefined ? undefined : input.isActive ? 1 : 0,
          updated_at: nowIso(),
        },
        async (trx) => {
          // A change of roles is a change of what someone may do: an entry of its own, easy to find.
          if (roleChange) await recordAudit(trx, actor, { action: 'role-change', entity: 'User', entityId: input.id, changes: { roles: roleChange } });
          if (Object.keys(changes).length || !roleChange) await recordAudit(trx, actor, { action: 'update', entity: 'User', entityId: input.id, changes });
        },
      );
      if (!active) await revokeUserSessions(ctx, input.id);
      return loadUser(ctx, input.id);
    },
  }),
  route<UpdatePassword>({
    method: 'POST',
    path: 'User/UpdatePassword',
    summary:
      "Set a new password: with `id` for another user (users module), or with `oldPassword` for one's own account (always, even with one's own `id`). Every session of that user ends at once; changing one's own password answers `data: { accessToken }`, a new session for the caller.",
    tag: 'User',
    access: 'signed-in',
    // One's own change is what a user who must change their password is sent to; a reset of someone
    // else's is refused to them below.
    beforePasswordChange: true,
    beforeTwoFactorSetup: true,
    body: updatePasswordSchema,
    response: z.object({ accessToken: z.object({ token: z.string(), expiresAt: z.string() }) }).nullable(),
    handler: async ({ request, body: input, user }) => {
      const me = user!;
      const ctx = request.server.ctx;
      const targetId = input.id ?? me.id;
      const own = targetId === me.id;
      if (own) {
        // One's own password takes the current one, whoever asks and whether or not they name their
        // own `id`: a token left in an unattended browser, an administrator's too, must not be
        // enough to take the account over.
        if (input.oldPassword === undefined) throw validationError([{ path: 'oldPassword', code: 'old_password_required', message: 'Required to change your own password' }]);
        const hash = await passwordHashOf(ctx.db.kysely, me.id);
        // No row: the account was deleted after this call was signed in, so nobody is left to ask.
        if (hash === undefined) throw unauthenticated();
        if (!(await verifyPassword(hash, input.oldPassword))) {
          throw validationError([{ path: 'oldPassword', code: 'wrong_password', message: 'Current password is wrong' }]);
        }
      } else if (me.mustChangePassword) {
        throw passwordChangeRequired();
      } else if (input.oldPassword !== undefined) {
        throw validationError([{ path: 'oldPassword', code: 'own_account_only', message: 'Only for your own account' }]);
      } else if (!canWrite(me, 'users')) {
        // Resetting someone else's password is the users module's, a change: write (0059).
        throw forbidden();
      }
      if (input.mustChangePassword && own) {
        throw validationError([{ path: 'mustChangePassword', code: 'others_only', message: 'Only when setting the password of someone else' }]);
      }
      const target = own ? me : await loadUser(ctx, targetId);
      assertPasswordAllowed(input.newPassword, target.userName, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await ctx.db.kysely.transaction().execute(async (trx) => {
        // One's own change clears the flag; an administrator's reset sets it when asked to.
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: !own && input.mustChangePassword ? 1 : 0, updated_at: nowIso() })
          .where('id', '=', targetId)
          .execute();
        await recordAudit(trx, actorOf(request, me), { action: 'password-change', entity: 'User', entityId: targetId });
      });
      // Every token of that user stops working now, the caller's too (DESIGN: a password change
      // revokes them at once); whoever changed their own password carries on with a new session.
      await revokeUserSessions(ctx, targetId);
      if (!own) return null;
      try {
        return { accessToken: await createSession(ctx, me.id, sessionOriginOf(request)) };
      } catch (error) {
        // The account was deleted while its password changed: there is no one to sign in any more.
        if (isForeignKeyViolation(error)) throw unauthenticated();
        throw error;
      }
    },
  }),
  route<undefined, { id: number }>({
    method: 'POST',
    path: 'User/:id/EndSessions',
    summary: "End every session of a user at once (signed out everywhere, the caller's own too when it is theirs)",
    tag: 'User',
    access: 'users',
    params: idParams,
    emptyBody: true,
    response: z.object({ ended: z.number().int() }),
    handler: async ({ request, params: { id }, user }) => {
      const ctx = request.server.ctx;
      await loadUser(ctx, id);
      const ended = await endSessionsOf(ctx, id, undefined, (trx) =>
        recordAudit(trx, actorOf(request, user), { action: 'session-end', entity: 'User', entityId: id }),
      );
      return { ended };
    },
  }),
  route<undefined, { id: number }>({
    method: 'DELETE',
    path: 'User/:id',
    summary: 'Delete a user (never oneself, never the last administrator)',
    tag: 'User',
    access: 'users',
    params: idParams,
    response: z.object({ id: z.number().int() }),
    handler: async ({ request, params: { id }, user: me }) => {
      const ctx = request.server.ctx;
      await loadUser(ctx, id);
      if (id === me!.id) throw conflict('self-delete', 'You cannot delete your own account');
      await assertAdministratorRemains(ctx, id, false);
      await deleteUserRow(ctx, id, (trx) => recordAudit(trx, actorOf(request, me), { action: 'delete', entity: 'User', entityId: id }));
      return { id };
    },
  }),
];
