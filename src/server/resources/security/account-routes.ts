import { z } from 'zod';
import { passwordResetConfirmSchema, passwordResetRequestSchema, sessionListSchema } from '../../../shared/schemas/account.js';
import type { PasswordResetConfirm, PasswordResetRequest, SessionList } from '../../../shared/schemas/account.js';
import { actorOf, recordAudit } from '../../audit/record.js';
import { deviceOf } from '../../auth/device.js';
import { MAX_LISTED_SESSIONS, activeSessionsOf, endSessionsOf } from '../../auth/sessions.js';
import { idParams } from '../../crud/routes.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.js';

/** A member of staff's own account: their sessions, and the way back in after a forgotten password. */
export const accountRoutes: RouteSpec[] = [
  route({
    method: 'GET',
    path: 'security/Sessions',
    summary: "The caller's active sessions (device, client address, created, last use), the current one marked",
    tag: 'Security',
    access: 'signed-in',
    // Part of My account, where a role that requires two-step verification sends its members first.
    beforeTwoFactorSetup: true,
    response: sessionListSchema,
    handler: async ({ request, user }): Promise<SessionList> => {
      const rows = await activeSessionsOf(request.server.ctx, user!.id);
      const items = rows.map((row) => ({
        id: Number(row.id),
        device: deviceOf(row.user_agent),
        userAgent: row.user_agent,
        clientAddress: row.client_address,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        current: Number(row.id) === user!.sessionId,
      }));
      return { items, meta: { page: 1, pageSize: MAX_LISTED_SESSIONS, total: items.length } };
    },
  }),
  route<undefined, { id: number }>({
    method: 'POST',
    path: 'security/Sessions/:id/End',
    summary: "Ends one of the caller's own sessions (the current one too: that signs this browser out)",
    tag: 'Security',
    access: 'signed-in',
    // Part of My account, where a role that requires two-step verification sends its members first.
    beforeTwoFactorSetup: true,
    params: idParams,
    emptyBody: true,
    response: z.null(),
    handler: async ({ request, params: { id }, user }) => {
      const ended = await endSessionsOf(request.server.ctx, user!.id, id, (trx) =>
        recordAudit(trx, actorOf(request, user), { action: 'session-end', entity: 'User', entityId: user!.id }),
      );
      // Someone else's session is as unknown to the caller as one that does not exist.
      if (!ended) throw notFound('Session');
      return null;
    },
  }),
  route<PasswordResetRequest>({
    method: 'POST',
    path: 'security/PasswordReset/Request',
    summary:
      'Mails a single-use password-reset link (valid 30 minutes) to the account with this user name or e-mail address; answers the same whether or not there is one',
    tag: 'Security',
    access: 'public',
    body: passwordResetRequestSchema,
    response: z.null(),
    handler: async ({ request, body }) => {
      await requestPasswordReset(request, body.userNameOrEmail);
      return null;
    },
  }),
  route<PasswordResetConfirm>({
    method: 'POST',
    path: 'security/PasswordReset/Confirm',
    summary:
      "Sets a new password with the token of a reset link; the link is used up and every session of that user ends. An unknown, used or expired link answers 400 / 40032 with `data.reason`",
    tag: 'Security',
    access: 'public',
    body: passwordResetConfirmSchema,
    response: z.null(),
    handler: async ({ request, body }) => {
      await confirmPasswordReset(request, body.token, body.password);
      return null;
    },
  }),
];
