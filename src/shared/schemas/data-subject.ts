import { z } from 'zod';
import { coded } from '../validation-codes.js';
import { PAGE_SIZE_MAX, blankToUndefined, email, isoTimestamp, recordId } from '../fields.js';
import { pageOf } from '../query.js';

/**
 * Data subject requests (docs/decisions/0044): everything Portico holds about one person, found by
 * their e-mail address or phone number across applications, contact messages and join-us entries,
 * to show them, export as one archive, or erase in one step.
 */

/** The kinds of record a person's data is found in, by their API names. */
export const DATA_SUBJECT_KINDS = ['JobApplication', 'ContactInfo', 'JoinUs'] as const;
export type DataSubjectKind = (typeof DATA_SUBJECT_KINDS)[number];

/** A phone as digits only: `+86 (138) 0000-0000` and `8613800000000` are the same number. */
export const phoneDigits = (phone: string) => phone.replace(/[^0-9]/g, '');

const PHONE_INPUT_MAX = 40;
const PHONE_DIGITS_MIN = 3;
const PHONE_DIGITS_MAX = 30;

/** An e-mail address compared case-insensitively: trimmed and lower-cased. */
const subjectEmail = email.transform((value) => value.toLowerCase());

/** A phone number as people write it, compared by its digits alone. */
const subjectPhone = z
  .string()
  .trim()
  .max(PHONE_INPUT_MAX)
  .regex(/^\+?[0-9 ()-]+$/, 'Invalid phone number')
  .transform(phoneDigits)
  .refine((digits) => digits.length >= PHONE_DIGITS_MIN && digits.length <= PHONE_DIGITS_MAX, coded('invalid_phone', 'Invalid phone number'));

/** The two fields, each optional on its own (a blank one is not given): the back-office form checks each with these. */
export const subjectShape = {
  email: z.preprocess(blankToUndefined, subjectEmail.optional()),
  phone: z.preprocess(blankToUndefined, subjectPhone.optional()),
};

const NEITHER_MESSAGE = 'Give an e-mail address or a phone number';
const eitherGiven = (body: { email?: string; phone?: string }) => body.email !== undefined || body.phone !== undefined;

/** Who the request is about: an e-mail address, a phone number, or both (either matches). */
export const dataSubjectSchema = z.strictObject(subjectShape).refine(eitherGiven, coded('email_or_phone_required', NEITHER_MESSAGE, ['email']));
export type DataSubject = z.infer<typeof dataSubjectSchema>;

/** `POST DataSubject/Find`: the person, and the page of what was found. */
export const dataSubjectFindSchema = z
  .strictObject({
    ...subjectShape,
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_MAX),
  })
  .refine(eitherGiven, coded('email_or_phone_required', NEITHER_MESSAGE, ['email']));
export type DataSubjectFind = z.infer<typeof dataSubjectFindSchema>;

/** `POST DataSubject/Erase`: the person, and `confirm: true`, so no erasure happens by a slip. */
export const dataSubjectEraseSchema = z
  .strictObject({ ...subjectShape, confirm: z.literal(true, { error: 'Confirm the erasure with confirm: true' }) })
  .refine(eitherGiven, coded('email_or_phone_required', NEITHER_MESSAGE, ['email']));
export type DataSubjectErase = z.infer<typeof dataSubjectEraseSchema>;

const kindCounts = z.object(Object.fromEntries(DATA_SUBJECT_KINDS.map((kind) => [kind, z.number().int()])) as Record<DataSubjectKind, z.ZodNumber>);
export type DataSubjectCounts = z.infer<typeof kindCounts>;

/** One record found: what it is, and enough to recognise it; the record itself is a link away. */
export const dataSubjectMatch = z.object({
  entity: z.enum(DATA_SUBJECT_KINDS),
  id: recordId,
  createdAt: isoTimestamp,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  statusId: z.number().int(),
  /** The job applied for, the message's subject, or the join-us entry's company. */
  title: z.string(),
});
export type DataSubjectMatch = z.infer<typeof dataSubjectMatch>;

/** Grouped by kind (applications, contact messages, join-us entries), newest first in each. */
export const dataSubjectFindAnswer = pageOf(dataSubjectMatch).extend({ counts: kindCounts });
export type DataSubjectFindAnswer = z.infer<typeof dataSubjectFindAnswer>;

export const dataSubjectEraseAnswer = z.object({ erased: kindCounts });
export type DataSubjectEraseAnswer = z.infer<typeof dataSubjectEraseAnswer>;
