import { z } from 'zod';
import { MESSAGE_MAX, NAME_MAX, TITLE_MAX, blankToUndefined, email, isoDateTime, isoTimestamp, optionalText, phone, recordId, requiredText } from '../fields.js';
import { defineEntity, filter } from '../entity.js';
import { statusHistoryEntry } from '../status.js';
import { COOPERATION_TYPES } from '../choices.js';
import { privacyVersionText } from './privacy-notice.js';

/** Contact messages and join-us entries: the two public inquiry forms. */
const honeypot = z.string().max(NAME_MAX).optional();
// The forms send it as the text of a hidden field; an API client may send a number.
const privacyVersion = z.preprocess(blankToUndefined, privacyVersionText);
const optionalPhone = z.union([z.literal(''), phone]).default('');
const optionalEmail = z.union([z.literal(''), email]).default('');

export const contactInfoCreateSchema = z.strictObject({
  name: requiredText(NAME_MAX),
  email,
  message: requiredText(MESSAGE_MAX),
  company: optionalText(NAME_MAX).default(''),
  phone: optionalPhone,
  subject: optionalText(TITLE_MAX).default(''),
  privacyVersion,
  website: honeypot,
});

export { COOPERATION_TYPES } from '../choices.js';

export const joinUsCreateSchema = z.strictObject({
  name: requiredText(NAME_MAX),
  phone,
  message: requiredText(MESSAGE_MAX),
  company: optionalText(NAME_MAX).default(''),
  email: optionalEmail,
  region: optionalText(NAME_MAX).default(''),
  cooperationType: z.union([z.literal(''), z.enum(COOPERATION_TYPES)]).default(''),
  privacyVersion,
  website: honeypot,
});

const inquiryRecordFields = {
  id: recordId,
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  statusId: z.number().int(),
  note: z.string(),
  /** When its personal fields were replaced (statistics kept); null while they are kept. */
  anonymisedAt: isoTimestamp.nullable(),
  /** The privacy notice's version the sender was given; null before versions were kept. */
  privacyVersion: z.number().int().nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  /** Every status move, answered when one record is read. */
  history: z.array(statusHistoryEntry).optional(),
};

export const contactInfoRecord = z.object({ ...inquiryRecordFields, subject: z.string() });
export const joinUsRecord = z.object({ ...inquiryRecordFields, region: z.string(), cooperationType: z.string() });

const inquiryFilters = {
  statusId: filter(z.number().int().min(1).max(3)),
  createdFrom: filter(isoDateTime, { field: 'createdAt', op: '>=' }),
  createdTo: filter(isoDateTime, { field: 'createdAt', op: '<=' }),
};

export const contactInfoEntity = defineEntity({
  name: 'ContactInfo',
  record: contactInfoRecord,
  create: contactInfoCreateSchema,
  filters: inquiryFilters,
  sort: ['createdAt', 'updatedAt', 'name', 'statusId', 'id'] as const,
  search: ['name', 'company', 'email', 'subject', 'message'],
});

export const joinUsEntity = defineEntity({
  name: 'JoinUs',
  record: joinUsRecord,
  create: joinUsCreateSchema,
  filters: {
    ...inquiryFilters,
    region: filter(z.string().trim().max(NAME_MAX)),
    cooperationType: filter(z.enum(COOPERATION_TYPES)),
  },
  sort: ['createdAt', 'updatedAt', 'name', 'statusId', 'region', 'id'] as const,
  search: ['name', 'company', 'phone', 'email', 'region', 'message'],
});

export const contactInfoQuerySchema = contactInfoEntity.query;
export const joinUsQuerySchema = joinUsEntity.query;

export type ContactInfoCreate = z.infer<typeof contactInfoCreateSchema>;
export type JoinUsCreate = z.infer<typeof joinUsCreateSchema>;
export type ContactInfo = z.infer<typeof contactInfoRecord>;
export type JoinUs = z.infer<typeof joinUsRecord>;
