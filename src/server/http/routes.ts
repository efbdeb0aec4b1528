import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode } from '../../shared/api.js';
import type { ModuleAccess, ModuleKey } from '../../shared/modules.js';
import { allows, currentUser, requireModule, requireUser } from '../auth/guard.js';
import { assertTwoFactorSetupDone } from '../auth/two-factor-policy.js';
import type { SessionUser } from '../auth/session-user.js';
import { encodedBody } from './encoding.js';
import { SerializedEnvelope, serializeOk } from './envelope.js';
import { AppError, forbidden, passwordChangeRequired, validationError } from './errors.js';
import { readMultipart } from './multipart.js';
import { isRead, opensToVisitors } from './route-spec.js';
import type { Access, Call, RouteSpec } from './route-spec.js';
import { parse } from './validate.js';

export interface RegisterOptions {
  /**
   * Checks every successful answer against its route's response schema, failing the call as a
   * server fault when it does not match: the tests turn it on, so every answer they provoke is checked.
   */
  checkResponses?: boolean;
}

interface Caller {
  user: SessionUser | null;
  publicView: boolean;
}

/** Anyone: the token is not even looked at (a call that cares, a download, asks itself). */
const ANYONE: Caller = Object.freeze({ user: null, publicView: true });

/**
 * The one server-side access check of every call; answers who the caller is and what they see. A
 * call that reads needs any access to its module, one that writes needs write (docs/decisions/0059).
 */
async function checkAccess(request: FastifyRequest, access: Exclude<Access, 'public'>, need: ModuleAccess, beforePasswordChange = false): Promise<Caller> {
  if (access === 'signed-in') return { user: await requireUser(request, { beforePasswordChange }), publicView: false };
  if (typeof access === 'object') {
    const user = await requireUser(request);
    if (!access.anyOf.some((module) => allows(user, module, need))) throw forbidden();
    return { user, publicView: false };
  }
  if (access.startsWith('public-or-')) {
    const user = await currentUser(request);
    const module = access.slice('public-or-'.length) as ModuleKey;
    // A signed-in call is a staff call: refused too until the password is changed.
    if (user?.mustChangePassword && !beforePasswordChange) throw passwordChangeRequired();
    return { user, publicView: !user || !allows(user, module, need) };
  }
  return { user: await requireModule(request, access as ModuleKey, need), publicView: false };
}

/** No body, or `{}`: an empty array is a body (a list), not an empty one. */
const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

/**
 * A schema that takes "no body" reads a JSON `null` as none too (a list query's body is optional),
 * as it always has; a schema that needs a body sees the `null` and refuses it.
 */
const acceptsNothing = (schema: z.ZodType) => schema.safeParse(undefined).success;

/** Reads and checks a call's inputs with its schemas: the one place where validation happens. */
async function inputsOf(request: FastifyRequest, spec: RouteSpec, noBodyIsNull: boolean) {
  let body: unknown;
  let files: Call['files'] = {};
  if (spec.multipart) {
    const multipart = await readMultipart(request, spec.multipart);
    body = parse(spec.multipart.fields, multipart.fields);
    files = multipart.files;
  } else if (spec.emptyBody) {
    if (!isEmptyBody(request.body)) throw validationError([{ path: '', code: 'body_not_empty', message: 'Delete takes an empty body' }]);
  } else if (spec.body) {
    body = parse(spec.body, noBodyIsNull ? (request.body ?? undefined) : request.body);
  }
  // A path that does not parse (`News/abc`, `News/01`) is a malformed request naming the field, like
  // a body; one that parses but names no record is the handler's 404 (docs/decisions/0022).
  const params = spec.params ? parse(spec.params, request.params) : undefined;
  const query = spec.query ? parse(spec.query, request.query) : undefined;
  return { body, params, query, files };
}

function checkedAnswer(spec: RouteSpec, data: unknown) {
  if (!spec.response) return;
  const value = data instanceof SerializedEnvelope ? JSON.parse(data.body.toString('utf8')).data : data;
  const result = spec.response.safeParse(value);
  if (!result.success) {
    throw new Error(`The answer of ${spec.method} ${spec.path} does not match its response schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
  }
}

/** Registers API calls: access, input checks and the envelope are done here, once, for every call. */
export function registerRoutes(app: FastifyInstance, specs: RouteSpec[], options: RegisterOptions = {}) {
  for (const spec of specs) {
    if (spec.reads && spec.method !== 'POST') throw new Error(`${spec.method} ${spec.path}: only a POST call is marked as a read; every other GET reads anyway`);
    app.apiRoutes.push(spec);
    const need: ModuleAccess = isRead(spec) ? 'read' : 'write';
    const noBodyIsNull = spec.body ? acceptsNothing(spec.body) : false;
    const visitorsToo = opensToVisitors(spec.access);
    app.route({
      method: spec.method,
      url: `/api/${spec.path}`,
      bodyLimit: spec.bodyLimit,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // A call takes JSON or multipart, as it declares; the other one is the wrong content type.
        if (Boolean(spec.multipart) !== request.isMultipart()) {
          throw new AppError(
            ErrorCode.unsupportedType,
            spec.multipart ? 'Unsupported content type: send multipart/form-data' : 'Unsupported content type: send application/json',
            { reason: 'content-type' },
          );
        }
        // Public calls (most of the traffic) skip the await of an access check that has nothing to do,
        // and so does a visitor's call to one that staff may make too (no Authorization header).
        const anyone = spec.access === 'public' || (visitorsToo && request.headers.authorization === undefined);
        const { user, publicView } = anyone ? ANYONE : await checkAccess(request, spec.access as Exclude<Access, 'public'>, need, spec.beforePasswordChange);
        // A role that requires two-factor sign-in: the user's staff calls wait for their enrolment.
        if (user && !publicView && !user.twoFactorEnabled && !spec.beforeTwoFactorSetup) await assertTwoFactorSetupDone(request.server.ctx, user);
        const kept = spec.publicCacheKey && publicView ? request.server.ctx.publicCache.get(spec.publicCacheKey(request)) : undefined;
        let data: unknown;
        if (kept instanceof SerializedEnvelope) {
          data = kept;
          spec.whenKept?.(request.server.ctx, request);
        } else {
          const run = async () => spec.handler({ request, reply, user, publicView, ...(await inputsOf(request, spec, noBodyIsNull)) });
          data = spec.around ? await spec.around(request, run) : await run();
        }
        if (spec.raw) return reply;
        if (options.checkResponses) checkedAnswer(spec, data);
        // Sent as UTF-8 bytes: handed a string, the reply measures its length in bytes and the socket
        // encodes it again, which cost a staff list answer three passes over ~10 KB instead of one.
        reply.type('application/json; charset=utf-8');
        if (!(data instanceof SerializedEnvelope)) return reply.send(serializeOk(data ?? null).body);
        // A kept public answer goes compressed to a client that accepts it, compressed once for all
        // of them (`encodedBody`); a call that is kept answers every client the same otherwise.
        if (!spec.publicCacheKey || !publicView) return reply.send(data.body);
        const { body, encoding } = encodedBody(data, request.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.header('vary', 'Accept-Encoding').send(body);
      },
    });
  }
}
