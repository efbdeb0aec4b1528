import { z } from 'zod';
import { contactInfoEntity, joinUsEntity } from '../../../shared/schemas/inquiry.js';
import type { ContactInfo, JoinUs } from '../../../shared/schemas/inquiry.js';
import { INQUIRY_STATUSES, inquiryStatusMoveSchema } from '../../../shared/status.js';
import { bulkExportRoute, bulkStatusRoute } from '../../crud/bulk.js';
import { withFormAllowance } from '../../auth/throttle.js';
import type { Fields } from '../../crud/columns.js';
import { defineResource } from '../../crud/definition.js';
import type { ResourceDef } from '../../crud/definition.js';
import { createRecord } from '../../crud/operations.js';
import { queryRoute } from '../../crud/routes.js';
import { exportRoute } from '../../crud/export.js';
import { CONTACT_CSV, JOIN_US_CSV } from '../../../shared/csv-columns.js';
import type { CsvFieldColumn } from '../../../shared/csv-columns.js';
import { internalNoteRoute, readWithHistoryRoute, statusMoveRoute } from '../../crud/status-history.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { acceptedPrivacyVersion } from '../../privacy-notice/repository.js';
import { acknowledge } from '../../notifications/notify.js';
import { chooseServerLocale } from '../../../shared/locale.js';

/** Records per status, kept by triggers (migration 0007): a list by status alone sums them. */
const inquiryCounts = (table: 'contact_infos' | 'join_us') => ({
  table: 'inquiry_status_counts' as const,
  column: 'records',
  where: { entity: table },
  columns: { [`${table}.status_id`]: 'status_id' },
});

/** A public form's record: the honeypot is never stored; the sender's address is. */
const prepareSubmission = ({ website: _honeypot, ...input }: Fields): Fields => input;

export const contactInfoResource = defineResource<ContactInfo>({
  entity: contactInfoEntity,
  label: 'Contact message',
  table: 'contact_infos',
  module: 'contact',
  baseSelect: (db) => db.selectFrom('contact_infos').selectAll('contact_infos'),
  keptCounts: inquiryCounts('contact_infos'),
  defaultSort: [['createdAt', 'desc']],
  prepare: prepareSubmission,
  personalData: true,
});

export const joinUsResource = defineResource<JoinUs>({
  entity: joinUsEntity,
  label: 'Join-us entry',
  table: 'join_us',
  module: 'joinus',
  baseSelect: (db) => db.selectFrom('join_us').selectAll('join_us'),
  keptCounts: inquiryCounts('join_us'),
  defaultSort: [['createdAt', 'desc']],
  prepare: prepareSubmission,
  personalData: true,
});

/**
 * A public form: throttled per client address; a filled honeypot is answered like a success and
 * stored nowhere, so a robot learns nothing.
 */
function publicCreateRoute<Out>(def: ResourceDef<Out>, form: string): RouteSpec {
  return route<Fields>({
    method: 'POST',
    path: def.name,
    summary: `Public form: submit a ${def.label.toLowerCase()} (by default at most 20 are accepted per client address in 10 minutes: settings FORM_MAX_PER_ADDRESS and FORM_WINDOW_MINUTES)`,
    tag: def.name,
    access: 'public',
    body: def.entity.create as z.ZodType<Fields>,
    response: z.object({ id: z.number().int() }),
    around: (request, run) => withFormAllowance(request, form, run),
    handler: async ({ request, body }) => {
      if (body.website) return { id: 0 };
      const ctx = request.server.ctx;
      const privacyVersion = await acceptedPrivacyVersion(ctx.db.kysely, body.privacyVersion as number | undefined);
      const record = (await createRecord(ctx, def, { ...body, privacyVersion, clientAddress: request.ip }, null)) as { id: number };
      // The sender is told it arrived, in the form's language, at most once a day (docs/decisions/0045).
      const locale = chooseServerLocale(request.headers.cookie ?? null, request.headers['accept-language'] ?? null);
      await acknowledge(ctx, String(body.email ?? ''), locale).catch((error: unknown) => ctx.log.warn({ code: (error as { code?: string }).code }, 'acknowledgement failed'));
      return { id: record.id };
    },
  });
}

function inquiryRoutes<Out>(def: ResourceDef<Out>, form: string, csv: readonly CsvFieldColumn[]): RouteSpec[] {
  return [
    publicCreateRoute(def, form),
    queryRoute(def),
    readWithHistoryRoute(def),
    statusMoveRoute(def, inquiryStatusMoveSchema),
    bulkStatusRoute(def, INQUIRY_STATUSES.length),
    internalNoteRoute(def),
    // DELETE {E}/{id} erases the record with its history: erasure/routes.ts.
    exportRoute(def, csv, form),
    bulkExportRoute(def, csv, form),
  ];
}

export const inquiryRoutesList: RouteSpec[] = [...inquiryRoutes(contactInfoResource, 'contact', CONTACT_CSV), ...inquiryRoutes(joinUsResource, 'joinus', JOIN_US_CSV)];
