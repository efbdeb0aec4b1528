import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ModuleKey } from '../../shared/modules.js';
import type { SessionUser } from '../auth/session-user.js';

/**
 * Who may make a call: anyone, anyone signed in, staff with one module, staff with any of some
 * modules, or anyone with staff of the module seeing more (`public-or-news`).
 */
export type Access = 'public' | 'signed-in' | ModuleKey | `public-or-${ModuleKey}` | { anyOf: readonly ModuleKey[] };

export interface MultipartSpec<Fields = unknown> {
  /** The text fields, checked like a JSON body. */
  fields: z.ZodType<Fields>;
  /** The file parts taken, by name, described for the API reference. */
  files: Record<string, string>;
  /** The refusal of a file part that is not taken (another name, or a second one). */
  unexpectedFileMessage: string;
  /** The upload library's limits for this call (file size in bytes, file and field counts). */
  limits: { fileSize: number; files: number; fields?: number; fieldSize?: number };
}

/** What a call's handler is given: its request, and its inputs already checked by their schemas. */
export interface Call<Body = unknown, Params = unknown, Query = unknown> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: Body;
  params: Params;
  query: Query;
  /** The signed-in user; always set for calls that need one. */
  user: SessionUser | null;
  /** For `public-or-…` calls: whether the caller sees the public view (anyone but staff of the module). */
  publicView: boolean;
  /** Multipart calls: their files by part name. */
  files: Record<string, { name: string; content: Buffer }>;
}

export interface RouteSpec<Body = unknown, Params = unknown, Query = unknown> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Below `/api`, as the contract names it: `News/Query`, `News/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /**
   * A POST call that only reads (a list's `Query`, an export, a preview): staff whose role grants
   * read on the module may make it. Every other POST and every DELETE writes and needs write; a GET
   * always reads (docs/decisions/0059). A new route's kind is a choice: access.test.ts lists them all.
   */
  reads?: true;
  /**
   * Open to a signed-in user who must change their password first (`security/current`, `logout`,
   * changing one's own password); every other call refuses them with 403 / 40031 (docs/decisions/0038).
   */
  beforePasswordChange?: true;
  /**
   * Open to a signed-in user whose role requires two-factor sign-in before they have enrolled
   * (`security/current`, `logout`, changing a password, enrolling); every other staff call refuses
   * them with 403 / 40022 (docs/decisions/0039).
   */
  beforeTwoFactorSetup?: true;
  /** The JSON body; refused with 400 naming each field when it does not match. */
  body?: z.ZodType<Body>;
  /** Calls that take no body at all (a delete by `POST {E}/{id}`): anything but an empty one is refused. */
  emptyBody?: true;
  /** The path parameters; a path that does not match is refused with 400 naming the parameter. */
  params?: z.ZodType<Params>;
  /** The query string. */
  query?: z.ZodType<Query>;
  /** Multipart calls: the text fields' schema (read as the body) and the file parts taken. */
  multipart?: MultipartSpec<Body>;
  /** The envelope's `data` on success: documented, and checked against every answer in the tests. */
  response?: z.ZodType;
  /**
   * Runs around reading and checking the input and the handler, after the access check: the sign-in
   * lock and the public forms' allowance must count a request before its body is looked at.
   */
  around?: <T>(request: FastifyRequest, run: () => Promise<T>) => Promise<T>;
  /**
   * Answers the envelope's `data`; throw an AppError to refuse. (A method, so that a list of specs
   * with different inputs is a list of `RouteSpec`.)
   */
  handler(call: Call<Body, Params, Query>): Promise<unknown>;
  /**
   * For calls whose public answers are kept (`ctx.publicCache`): the key of this request's answer,
   * built from the request as sent. A visitor's request whose answer is kept is answered before its
   * input is read again: the answer was only kept once a request with that very key had passed its
   * schemas (the JSON parser bounds a body's depth, so building the key cannot fail). The handler
   * keeps its answer under the same key.
   */
  publicCacheKey?(request: KeyedRequest): string;
  /** What a kept answer still does, since its handler does not run (a news item's read counts a view). */
  whenKept?(ctx: FastifyInstance['ctx'], request: KeyedRequest): void;
  /** Handlers that send their own reply (file downloads) set this. */
  raw?: boolean;
  bodyLimit?: number;
}

/**
 * What a kept answer's key is built from: the request as sent, its body parsed and its path's
 * parameters taken, nothing checked yet. A Fastify request is one; a request answered before Fastify
 * sees it (http/kept-answers.ts) is given one made the same way.
 */
export interface KeyedRequest {
  headers: IncomingHttpHeaders;
  body: unknown;
  params: unknown;
  query: unknown;
}

/** Whether a visitor, without a token, may make a call with this access (and sees its public view). */
export const opensToVisitors = (access: Access): boolean => access === 'public' || (typeof access === 'string' && access.startsWith('public-or-'));

/** Whether a call only reads: every GET, and the POST calls marked `reads`. */
export const isRead = (spec: Pick<RouteSpec, 'method' | 'reads'>): boolean => spec.method === 'GET' || spec.reads === true;

/** Keeps a spec's input types, inferred from its schemas, for its handler. */
export const route = <Body = undefined, Params = undefined, Query = undefined>(spec: RouteSpec<Body, Params, Query>): RouteSpec => spec;
