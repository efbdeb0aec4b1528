import { z } from 'zod';
import { queryAnswerOf } from '../../shared/query.js';
import type { QueryInput } from '../../shared/query.js';
import { idText } from '../../shared/fields.js';
import { LOCALES, isLocale, localeFromAcceptLanguage } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';

import { actorOf } from '../audit/record.js';
import { serializeOk } from '../http/envelope.js';
import { route } from '../http/route-spec.js';
import type { KeyedRequest, RouteSpec } from '../http/route-spec.js';
import type { Fields } from './columns.js';
import type { ResourceDef } from './definition.js';
import { queryPage } from './list-query.js';
import { createRecord, deleteRecord, findRecord, updateRecord } from './operations.js';

/** The path of a call on one record: `{E}/{id}`, its id written as digits (`idText`). */
export const idParams = z.strictObject({ id: idText });

/** The answer of a delete. */
const deleted = z.object({ id: z.number().int() });

/**
 * The record a read answers: one open to visitors answers them without the staff-only fields, which
 * it documents as optional (staff with the module get them).
 */
function answerOf<Out>(def: ResourceDef<Out>): z.ZodObject {
  const { record, staffOnly, publicRecord } = def.entity;
  if (!def.publicScope || staffOnly.length === 0) return record;
  // A translatable record's public answer adds what it resolved (`locale`, `{join}Locale`).
  const extra = Object.fromEntries(Object.keys(publicRecord.shape).filter((field) => !(field in record.shape)).map((field) => [field, true]));
  return record.extend(publicRecord.shape).partial({ ...Object.fromEntries(staffOnly.map((field) => [field, true])), ...extra } as never);
}

/**
 * The language a visitor asked for in their request's Accept-Language, for a translatable entity;
 * `-` otherwise (the records' own texts). Part of every public cache key of such an entity.
 */
function headerLocale(def: ResourceDef<unknown>, request: KeyedRequest): Locale | '-' {
  return (def.entity.translatable && localeFromAcceptLanguage(request.headers['accept-language'])) || '-';
}

/** The language a visitor reads in: the one the call names, else their Accept-Language's, else none. */
const readerLocale = (def: ResourceDef<unknown>, request: KeyedRequest, named: Locale | undefined): Locale | undefined => {
  const fromHeader = headerLocale(def, request);
  return def.entity.translatable ? (named ?? (fromHeader === '-' ? undefined : fromHeader)) : undefined;
};

/** `GET {E}/{id}?locale=`: the language a visitor reads a translatable record in; other parameters are ignored, as before. */
const readQuery = z.object({ locale: z.enum(LOCALES).optional() });

/** `POST {E}/Query`: public ones answer the public view unless staff with the module ask. */
export function queryRoute<Out>(def: ResourceDef<Out>): RouteSpec {
  return route<QueryInput>({
    method: 'POST',
    path: `${def.name}/Query`,
    // Only reads: staff with read on the module may make it (docs/decisions/0059).
    reads: true,
    summary: `List ${def.label.toLowerCase()} records with paging, keyword, filters and sort`,
    tag: def.name,
    access: def.publicScope ? `public-or-${def.module}` : def.module,
    body: def.entity.query,
    response: queryAnswerOf(answerOf(def)),
    // Keyed by the body as sent: a repeated visitor's query is answered from memory without being
    // validated again (see `publicCacheKey`); refusals are never kept.
    // Per language too: a translatable entity's answer depends on the visitor's Accept-Language.
    publicCacheKey: def.publicScope ? (request) => `${def.name}/Query ${headerLocale(def, request)} ${JSON.stringify(request.body ?? null)}` : undefined,
    handler: async function ({ request, body, publicView }) {
      const ctx = request.server.ctx;
      if (!publicView || !def.publicScope) return queryPage(ctx, def, body, false);
      const input = { ...body, locale: readerLocale(def, request, body.locale) };
      return ctx.publicCache.through(this.publicCacheKey!(request), async () => serializeOk(await queryPage(ctx, def, input, true)));
    },
  });
}

/** `GET {E}/{id}`, with the public view and its cache like the list. */
export function readRoute<Out>(def: ResourceDef<Out>): RouteSpec {
  const translatable = !!def.entity.translatable && !!def.publicScope;
  return route<undefined, { id: number }, { locale?: Locale } | undefined>({
    method: 'GET',
    path: `${def.name}/:id`,
    summary: translatable
      ? `Read one ${def.label.toLowerCase()}; a visitor reads it in \`?locale=\`, else their Accept-Language`
      : `Read one ${def.label.toLowerCase()}`,
    tag: def.name,
    access: def.publicScope ? `public-or-${def.module}` : def.module,
    params: idParams,
    query: translatable ? readQuery : undefined,
    response: answerOf(def),
    // Keyed by the id as sent, as the list is by its body: a kept answer was kept under the id's one
    // written form (`13`, never `013`), so only a request that passed the schemas before finds it.
    // The handler keeps its answer under this key too: once the schemas passed, the id as sent is that form.
    publicCacheKey: def.publicScope ? (request) => `${def.name}/${(request.params as { id: string }).id} ${keyLocale(def, request)}` : undefined,
    // A news item read from memory is still a view.
    whenKept: def.onPublicRead ? (ctx, request) => def.onPublicRead!(ctx, Number((request.params as { id: string }).id)) : undefined,
    handler: async function ({ request, params, query, publicView }) {
      const ctx = request.server.ctx;
      if (!publicView || !def.publicScope) return findRecord(ctx, def, params.id);
      const locale = readerLocale(def, request, query?.locale);
      const record = await ctx.publicCache.through(this.publicCacheKey!(request), async () =>
        serializeOk(await findRecord(ctx, def, params.id, true, undefined, locale)),
      );
      def.onPublicRead?.(ctx, params.id);
      return record;
    },
  });
}

/**
 * The language part of a read's key, from the request as sent: `?locale=` when it names one, else the
 * Accept-Language's. A `?locale=` the schema refuses gives a part no answer is kept under, so that
 * request is read, checked and refused as before.
 */
function keyLocale(def: ResourceDef<unknown>, request: KeyedRequest): string {
  if (!def.entity.translatable) return '-';
  const named = (request.query as { locale?: unknown } | undefined)?.locale;
  if (named === undefined) return headerLocale(def, request);
  return isLocale(named) ? named : '?';
}

export const readRoutes = <Out>(def: ResourceDef<Out>): RouteSpec[] => [queryRoute(def), readRoute(def)];

/** Both spellings of a delete: `POST {E}/{id}` with an empty body (the seed's) and `DELETE {E}/{id}`. */
export function deleteRoutes<Out>(def: ResourceDef<Out>, methods: readonly ('POST' | 'DELETE')[] = ['POST', 'DELETE']): RouteSpec[] {
  return methods.map((method) =>
    route<undefined, { id: number }>({
      method,
      path: `${def.name}/:id`,
      summary: method === 'POST' ? `Delete a ${def.label.toLowerCase()} (empty body)` : `Delete a ${def.label.toLowerCase()}`,
      tag: def.name,
      access: def.module,
      emptyBody: method === 'POST' ? true : undefined,
      params: idParams,
      response: deleted,
      handler: ({ request, params, user }) => deleteRecord(request.server.ctx, def, params.id, actorOf(request, user)),
    }),
  );
}

/** Create, partial update and delete, each behind the module. */
export function writeRoutes<Out>(def: ResourceDef<Out>): RouteSpec[] {
  const { create, update } = def.entity;
  if (!create || !update) throw new Error(`${def.name} has no create or update schema`);
  return [
    route<Fields>({
      method: 'POST',
      path: def.name,
      summary: `Create a ${def.label.toLowerCase()}`,
      tag: def.name,
      access: def.module,
      body: create as z.ZodType<Fields>,
      response: def.entity.record,
      handler: ({ request, body, user }) => createRecord(request.server.ctx, def, body, actorOf(request, user)),
    }),
    route<Fields & { id: number }>({
      method: 'POST',
      path: `${def.name}/Update`,
      summary: `Change some fields of a ${def.label.toLowerCase()}; the others keep their values`,
      tag: def.name,
      access: def.module,
      body: update as z.ZodType<Fields & { id: number }>,
      response: def.entity.record,
      handler: ({ request, body, user }) => updateRecord(request.server.ctx, def, body, actorOf(request, user)),
    }),
    ...deleteRoutes(def),
  ];
}
