import { z } from 'zod';
import { pageOf } from '../../shared/query.js';
import type { ModuleKey } from '../../shared/modules.js';
import { isPageKey, pageRecord, pageUpdateSchema } from '../../shared/schemas/page.js';
import type { PageKey } from '../../shared/schemas/page.js';
import { revisionListQuery, revisionRecord, revisionSummary, restoreSchema } from '../../shared/schemas/revision.js';
import type { RestoreInput, RevisionListQuery } from '../../shared/schemas/revision.js';
import { siteSettingsRecord, siteSettingsUpdateSchema } from '../../shared/schemas/site.js';
import type { SiteSettingsUpdate } from '../../shared/schemas/site.js';
import { actorOf } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import type { AppContext } from '../context.js';
import type { ResourceDef } from '../crud/definition.js';
import { findRecord, updateRecord } from '../crud/operations.js';
import { idParams } from '../crud/routes.js';
import { notFound, validationError } from '../http/errors.js';
import { issuesOf } from '../http/validate.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { readPage, updateDraft } from '../pages/repository.js';
import { plainResources } from '../resources/plain.js';
import { updateSiteSettings } from '../site/repository.js';
import { replacingTranslations } from '../../shared/translations.js';
import type { Translations } from '../../shared/translations.js';
import { idText } from '../../shared/fields.js';
import { listRevisions, readRevision } from './repository.js';

/**
 * `{E}/{id}/Revisions`, `{E}/{id}/Revisions/{revisionId}` and `{E}/{id}/Restore` for every kind of
 * record that keeps revisions (docs/decisions/0037): the resources with `revisions: true`, the pages
 * (by key) and the site settings (one record, no id in the path). Each is behind its module.
 */

/** What the three calls need to know of one kind of record. */
interface RevisionTarget<Params> {
  entity: string;
  label: string;
  module: ModuleKey;
  /** The record's path below `/api`: `News/:id`, `Page/:key`, `Site`. */
  path: string;
  params?: z.ZodType<Params>;
  record: z.ZodType;
  /** The record's key; a 404 when there is no such record. */
  keyOf(ctx: AppContext, params: Params): Promise<string | number>;
  /** Saves `stored` (a revision's record) as the record's new version, recorded as a restore. */
  restore(ctx: AppContext, key: string | number, stored: Record<string, unknown>, actor: AuditActor): Promise<unknown>;
}

/** The writable fields of a stored record, checked by the update body as if a client sent them. */
function restoredFields<T>(schema: z.ZodType<T>, stored: Record<string, unknown>, extra: Record<string, unknown>): T {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const fields = Object.fromEntries(Object.keys(shape).filter((field) => field in stored && field !== 'updatedAt').map((field) => [field, stored[field]]));
  const input = { ...fields, ...extra };
  const parsed = schema.safeParse(input);
  // A version saved under older rules may no longer pass today's: say which field, as a save would.
  if (!parsed.success) throw validationError(issuesOf(parsed.error, input));
  return parsed.data;
}

const revisionParams = <P extends z.ZodRawShape>(shape: P) => z.strictObject({ ...shape, revisionId: idText });

function targetRoutes<Params extends object>(target: RevisionTarget<Params>): RouteSpec[] {
  const tag = target.entity;
  const baseShape = (target.params as z.ZodObject | undefined)?.shape ?? {};
  return [
    route<undefined, Params, RevisionListQuery>({
      method: 'GET',
      path: `${target.path}/Revisions`,
      summary: `The earlier versions of a ${target.label.toLowerCase()}, newest first, a page at a time (?page=&pageSize=)`,
      tag,
      access: target.module,
      params: target.params,
      query: revisionListQuery,
      response: pageOf(revisionSummary),
      handler: async ({ request, params, query }) => {
        const ctx = request.server.ctx;
        return listRevisions(ctx.db.kysely, target.entity, await target.keyOf(ctx, params), query);
      },
    }),
    route<undefined, Params & { revisionId: number }>({
      method: 'GET',
      path: `${target.path}/Revisions/:revisionId`,
      summary: `One earlier version of a ${target.label.toLowerCase()}, whole, as it was answered then`,
      tag,
      access: target.module,
      params: revisionParams(baseShape) as unknown as z.ZodType<Params & { revisionId: number }>,
      response: revisionRecord,
      handler: async ({ request, params }) => {
        const ctx = request.server.ctx;
        return readRevision(ctx.db.kysely, target.entity, await target.keyOf(ctx, params), params.revisionId);
      },
    }),
    route<RestoreInput, Params>({
      method: 'POST',
      path: `${target.path}/Restore`,
      summary: `Bring back an earlier version of a ${target.label.toLowerCase()}; the current one is kept as a revision first`,
      tag,
      access: target.module,
      params: target.params,
      body: restoreSchema,
      response: target.record,
      handler: async ({ request, params, body, user }) => {
        const ctx = request.server.ctx;
        const key = await target.keyOf(ctx, params);
        const revision = await readRevision(ctx.db.kysely, target.entity, key, body.revisionId);
        return target.restore(ctx, key, revision.record, actorOf(request, user));
      },
    }),
  ];
}

function resourceTarget(def: ResourceDef<unknown>): RevisionTarget<{ id: number }> {
  return {
    entity: def.name,
    label: def.label,
    module: def.module,
    path: `${def.name}/:id`,
    params: idParams,
    record: def.entity.record,
    keyOf: async (ctx, params) => {
      await findRecord(ctx, def, params.id);
      return params.id;
    },
    restore: (ctx, key, stored, actor) => {
      // Translations merge per language on update; a restore replaces them (a version older than them keeps today's).
      const spec = def.entity.translatable;
      const translations = spec && stored.translations ? { translations: replacingTranslations(spec, stored.translations as Translations) } : {};
      const fields = restoredFields(def.entity.update as z.ZodType<Record<string, unknown>>, stored, { id: key, ...translations });
      return updateRecord(ctx, def, fields as Record<string, unknown> & { id: number }, actor, 'restore');
    },
  };
}

const pageKeyParams = z.strictObject({ key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Expected a page key') });

const pageTarget: RevisionTarget<{ key: string }> = {
  entity: 'Page',
  label: 'Page',
  module: 'site',
  path: 'Page/:key',
  params: pageKeyParams,
  record: pageRecord,
  keyOf: async (ctx, params) => {
    if (!isPageKey(params.key)) throw notFound('Page');
    await readPage(ctx.db.kysely, params.key);
    return params.key;
  },
  restore: (ctx, key, stored, actor) => updateDraft(ctx, restoredFields(pageUpdateSchema, stored, { key: key as PageKey }), actor, 'restore'),
};

const siteTarget: RevisionTarget<Record<string, never>> = {
  entity: 'Site',
  label: 'Site settings',
  module: 'site',
  path: 'Site',
  record: siteSettingsRecord,
  keyOf: async () => 1,
  restore: (ctx, _key, stored, actor) => updateSiteSettings(ctx, restoredFields(siteSettingsUpdateSchema as z.ZodType<SiteSettingsUpdate>, stored, {}), actor, 'restore'),
};

export const revisionRoutes: RouteSpec[] = [
  ...plainResources.filter((def) => def.revisions).flatMap((def) => targetRoutes(resourceTarget(def))),
  ...targetRoutes(pageTarget),
  ...targetRoutes(siteTarget),
];
