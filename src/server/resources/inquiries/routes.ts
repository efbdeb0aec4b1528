import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ContactInfo, JoinUs } from '../../../shared/schemas/inquiry.js';
import {
  contactInfoCreateSchema,
  contactInfoQuerySchema,
  joinUsCreateSchema,
  joinUsQuerySchema,
} from '../../../shared/schemas/inquiry.js';
import { inquiryStatusMoveSchema } from '../../../shared/status.js';
import { withFormAllowance } from '../../auth/throttle.js';
import { createRecord, deleteRecord, parseId, readRoutes } from '../../crud/resource.js';
import type { ResourceDef, Row } from '../../crud/resource.js';
import { requireModule } from '../../auth/guard.js';
import type { RouteSpec } from '../../http/routes.js';
import { idParam } from '../../http/routes.js';
import { parse } from '../../http/validate.js';
import { readWithHistoryRoute, statusMoveRoute } from './status-history.js';

const inquiryFilters = (table: string) => ({
  statusId: { column: `${table}.status_id` },
  createdFrom: { column: `${table}.created_at`, op: '>=' as const },
  createdTo: { column: `${table}.created_at`, op: '<=' as const },
});

/** Records per status, kept by triggers (migration 0007): a list by status alone sums them. */
const inquiryCounts = (table: 'contact_infos' | 'join_us') => ({
  table: 'inquiry_status_counts',
  column: 'records',
  where: { entity: table },
  columns: { [`${table}.status_id`]: 'status_id' },
});

const inquirySorts = (table: string) => ({
  createdAt: `${table}.created_at`,
  updatedAt: `${table}.updated_at`,
  name: `${table}.name`,
  statusId: `${table}.status_id`,
  id: `${table}.id`,
});

function presentInquiry(row: Row) {
  return {
    id: Number(row.id),
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    message: row.message,
    statusId: Number(row.status_id),
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const contactInfoResource: ResourceDef<ContactInfo> = {
  name: 'ContactInfo',
  label: 'Contact message',
  table: 'contact_infos',
  module: 'contact',
  baseSelect: (db) => db.selectFrom('contact_infos').selectAll('contact_infos'),
  present: (row) => ({ ...presentInquiry(row), subject: row.subject }),
  querySchema: contactInfoQuerySchema,
  createSchema: contactInfoCreateSchema,
  keptCounts: inquiryCounts('contact_infos'),
  keywordColumns: ['contact_infos.name', 'contact_infos.company', 'contact_infos.email', 'contact_infos.subject', 'contact_infos.message'],
  filters: inquiryFilters('contact_infos'),
  sortColumns: inquirySorts('contact_infos'),
  defaultSort: [['contact_infos.created_at', 'desc']],
  toRow: ({ website: _honeypot, ...input }) => ({
    name: input.name,
    email: input.email,
    message: input.message,
    company: input.company,
    phone: input.phone,
    subject: input.subject,
    client_address: input.clientAddress,
  }),
};

export const joinUsResource: ResourceDef<JoinUs> = {
  name: 'JoinUs',
  label: 'Join-us entry',
  table: 'join_us',
  module: 'joinus',
  baseSelect: (db) => db.selectFrom('join_us').selectAll('join_us'),
  present: (row) => ({ ...presentInquiry(row), region: row.region, cooperationType: row.cooperation_type }),
  querySchema: joinUsQuerySchema,
  createSchema: joinUsCreateSchema,
  keptCounts: inquiryCounts('join_us'),
  keywordColumns: ['join_us.name', 'join_us.company', 'join_us.phone', 'join_us.email', 'join_us.region', 'join_us.message'],
  filters: {
    ...inquiryFilters('join_us'),
    region: { column: 'join_us.region' },
    cooperationType: { column: 'join_us.cooperation_type' },
  },
  sortColumns: { ...inquirySorts('join_us'), region: 'join_us.region' },
  defaultSort: [['join_us.created_at', 'desc']],
  toRow: ({ website: _honeypot, ...input }) => ({
    name: input.name,
    phone: input.phone,
    message: input.message,
    company: input.company,
    email: input.email,
    region: input.region,
    cooperation_type: input.cooperationType,
    client_address: input.clientAddress,
  }),
};

/**
 * A public form: throttled per client address; a filled honeypot is answered like a success and
 * stored nowhere, so a robot learns nothing.
 */
function publicCreateRoute<Out>(def: ResourceDef<Out>, schema: z.ZodType<Row>, form: string): RouteSpec {
  return {
    method: 'POST',
    path: def.name,
    summary: `Public form: submit a ${def.label.toLowerCase()} (at most FORM_MAX_PER_ADDRESS accepted per address and window)`,
    tag: def.name,
    access: 'public',
    body: schema,
    handler: async (request: FastifyRequest) =>
      withFormAllowance(request, form, async () => {
        const input = parse(schema, request.body);
        if (input.website) return { id: 0 };
        const record = (await createRecord(request.server.ctx, def, { ...input, clientAddress: request.ip })) as { id: number };
        return { id: record.id };
      }),
  };
}

function deleteRoute<Out>(def: ResourceDef<Out>): RouteSpec {
  return {
    method: 'DELETE',
    path: `${def.name}/:id`,
    summary: `Delete a ${def.label.toLowerCase()}`,
    tag: def.name,
    access: def.module,
    handler: async (request) => {
      await requireModule(request, def.module);
      return deleteRecord(request.server.ctx, def as ResourceDef<unknown>, parseId(idParam(request)));
    },
  };
}

function inquiryRoutes<Out>(def: ResourceDef<Out>, createSchema: z.ZodType<Row>, form: string): RouteSpec[] {
  const [queryRoute] = readRoutes(def);
  return [
    publicCreateRoute(def, createSchema, form),
    queryRoute,
    readWithHistoryRoute(def),
    statusMoveRoute(def, inquiryStatusMoveSchema),
    deleteRoute(def),
  ];
}

export const inquiryRoutesList: RouteSpec[] = [
  ...inquiryRoutes(contactInfoResource, contactInfoCreateSchema, 'contact'),
  ...inquiryRoutes(joinUsResource, joinUsCreateSchema, 'joinus'),
];
