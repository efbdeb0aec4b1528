import { AUDIT_CSV } from '../../shared/csv-columns.js';
import { auditEventEntity } from '../../shared/schemas/audit.js';
import type { AuditEvent } from '../../shared/schemas/audit.js';
import { presenterOf } from '../crud/columns.js';
import { defineResource } from '../crud/definition.js';
import { exportRoute } from '../crud/export.js';
import { queryRoute } from '../crud/routes.js';
import type { RouteSpec } from '../http/route-spec.js';

/**
 * The audit log as staff read it: `POST AuditLog/Query` and `POST AuditLog/Export`, for the `audit`
 * module (administrators). Read-only: entries are only ever appended by `recordAudit`.
 */
export const auditEventResource = defineResource<AuditEvent>({
  entity: auditEventEntity,
  label: 'Audit entry',
  table: 'audit_events',
  module: 'audit',
  baseSelect: (db) => db.selectFrom('audit_events').selectAll('audit_events'),
  // `changes` is JSON text: the generic presenter reads records and lists, not maps.
  present: presenterOf<AuditEvent>(auditEventEntity.record, {
    omit: ['changes'],
    add: (row) => ({ changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as AuditEvent['changes']) : null }),
  }),
  // Newest first; the id breaks ties between entries of one millisecond.
  defaultSort: [
    ['at', 'desc'],
    ['id', 'desc'],
  ],
});

export const auditRoutes: RouteSpec[] = [queryRoute(auditEventResource), exportRoute(auditEventResource, AUDIT_CSV, 'audit-log')];
