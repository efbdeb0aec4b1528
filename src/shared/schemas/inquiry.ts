import { z } from 'zod';
import { MESSAGE_MAX, NAME_MAX, TITLE_MAX, email, isoDateTime, optionalText, phone, requiredText } from '../fields.js';
import { querySchema } from '../query.js';
import type { StatusHistoryEntry } from '../status.js';
import { COOPERATION_TYPES } from '../choices.js';

/** Contact messages and join-us entries: the two public inquiry forms. */
const honeypot = z.string().max(NAME_MAX).optional();
const optionalPhone = z.union([z.literal(''), phone]).default('');
const optionalEmail = z.union([z.literal(''), email]).default('');

export const contactInfoCreateSchema = z.strictObject({
  name: requiredText(NAME_MAX),
  email,
  message: requiredText(MESSAGE_MAX),
  company: optionalText(NAME_MAX).default(''),
  phone: optionalPhone,
  subject: optionalText(TITLE_MAX).default(''),
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
  website: honeypot,
});

const inquiryFilters = {
  statusId: z.number().int().min(1).max(3),
  createdFrom: isoDateTime,
  createdTo: isoDateTime,
};

export const contactInfoQuerySchema = querySchema(inquiryFilters, [
  'createdAt',
  'updatedAt',
  'name',
  'statusId',
  'id',
] as const);

export const joinUsQuerySchema = querySchema(
  {
    ...inquiryFilters,
    region: z.string().trim().max(NAME_MAX),
    cooperationType: z.enum(COOPERATION_TYPES),
  },
  ['createdAt', 'updatedAt', 'name', 'statusId', 'region', 'id'] as const,
);

export type ContactInfoCreate = z.infer<typeof contactInfoCreateSchema>;
export type JoinUsCreate = z.infer<typeof joinUsCreateSchema>;

interface InquiryBase {
  id: number;
  name: string;
  company: string;
  email: string;
  phone: string;
  message: string;
  statusId: number;
  note: string;
  createdAt: string;
  updatedAt: string;
  history?: StatusHistoryEntry[];
}

export interface ContactInfo extends InquiryBase {
  subject: string;
}

export interface JoinUs extends InquiryBase {
  region: string;
  cooperationType: string;
}
