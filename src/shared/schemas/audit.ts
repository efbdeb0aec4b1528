import { z } from 'zod';
import { NAME_MAX, isoDateTime, isoTimestamp, recordId } from '../fields.js';
import { defineEntity, filter } from '../entity.js';

/**
 * The audit log (docs/decisions/0036-audit-log.md): one entry per staff action, appended in the
 * transaction of the change it records and never changed. Read-only through the API: there is no
 * create, update or delete.
 */

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'lock',
  'password-change',
  'password-reset-request',
  'password-reset',
  'two-factor-enrol',
  'two-factor-disable',
  'two-factor-reset',
  'session-end',
  'create',
  'update',
  'delete',
  'status-move',
  'publish',
  'restore',
  'settings-change',
  'role-change',
  'resume-download',
  'csv-export',
  'erase',
  'anonymise',
  'subject-export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The kinds of record entries name: the API's names, `SignIn` for locks, `TwoFactorPolicy` for the
 * roles that must use two-factor sign-in. The back-office offers them as a filter and names each in
 * both languages; the audit tests check every entry they cause names one of them.
 */
export const AUDIT_ENTITIES = [
  'News',
  'NewsCategory',
  'Job',
  'JobCategory',
  'JobApplication',
  'ContactInfo',
  'JoinUs',
  'User',
  'Media',
  'Page',
  'Site',
  'SignIn',
  'TwoFactorPolicy',
  'AuditLog',
  'DataSubject',
  'Retention',
] as const;

/** The entity names entries carry: the API's (`News`, `User`…), at most this long. */
export const AUDIT_ENTITY_MAX = 50;

/** An update's changes: each changed field's value before and after (null for personal data). */
export const auditChanges = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));
export type AuditChanges = z.infer<typeof auditChanges>;

export const auditEventRecord = z.object({
  id: recordId,
  at: isoTimestamp,
  /** Null for a failed sign-in of a name nobody has, and for actions of no one signed in. */
  userId: z.number().int().nullable(),
  /** Kept beside the id, so an entry still names its author after the account is deleted. */
  userName: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  changes: auditChanges.nullable(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const auditEventEntity = defineEntity({
  name: 'AuditLog',
  record: auditEventRecord,
  filters: {
    // "By user" is an id or a name: the back-office sends digits as `userId`, anything else as `userName`.
    userId: filter(recordId),
    userName: filter(z.string().trim().min(1).max(NAME_MAX)),
    entity: filter(z.string().trim().min(1).max(AUDIT_ENTITY_MAX)),
    action: filter(z.enum(AUDIT_ACTIONS)),
    atFrom: filter(isoDateTime, { field: 'at', op: '>=' }),
    atTo: filter(isoDateTime, { field: 'at', op: '<=' }),
  },
  sort: ['at', 'id'] as const,
  // A keyword looks for part of the user's name (the filter above matches it whole).
  search: ['userName'],
});

export type AuditEvent = z.infer<typeof auditEventRecord>;
