import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ModuleKey } from '../../shared/modules.js';
import { ErrorCode } from '../../shared/api.js';
import { SerializedEnvelope, serializeOk } from './envelope.js';
import { AppError } from './errors.js';

/** Who may make a call: anyone, anyone signed in, or staff with one module. */
export type Access = 'public' | 'signed-in' | ModuleKey | `public-or-${ModuleKey}`;

export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  /** Below `/api`, as the contract names it: `News/Query`, `News/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: z.ZodType;
  /** Multipart calls describe their parts here for the API reference. */
  multipart?: { fields: z.ZodType; files: Record<string, string> };
  response?: string;
  /** Answers the envelope's `data`; throw an AppError to refuse. */
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Handlers that send their own reply (file downloads) set this. */
  raw?: boolean;
  bodyLimit?: number;
}

export function registerRoutes(app: FastifyInstance, specs: RouteSpec[]) {
  for (const spec of specs) {
    app.apiRoutes.push(spec);
    app.route({
      method: spec.method,
      url: `/api/${spec.path}`,
      bodyLimit: spec.bodyLimit,
      handler: async (request, reply) => {
        // A call takes JSON or multipart, as it declares; the other one is the wrong content type.
        if (Boolean(spec.multipart) !== request.isMultipart()) {
          throw new AppError(
            ErrorCode.unsupportedType,
            spec.multipart ? 'Unsupported content type: send multipart/form-data' : 'Unsupported content type: send application/json',
          );
        }
        const data = await spec.handler(request, reply);
        if (spec.raw) return reply;
        // Sent as UTF-8 bytes: handed a string, the reply measures its length in bytes and the socket
        // encodes it again, which cost a staff list answer three passes over ~10 KB instead of one.
        const envelope = data instanceof SerializedEnvelope ? data : serializeOk(data ?? null);
        return reply.type('application/json; charset=utf-8').send(envelope.json);
      },
    });
  }
}

export const idParam = (request: FastifyRequest): unknown => (request.params as { id?: string }).id;
