import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, isoTimestamp, localizedText } from '../fields.js';

/**
 * The privacy notice's versions (docs/decisions/0045). Saving a changed notice in the site settings
 * publishes a new version; every version is kept. A public form sends the version it showed, and a
 * submission keeps it; a version other than the current one is refused (the page is out of date).
 * Version 0 is the notice as the site settings held it before versions were kept: kept when the first
 * version is published, and until then the notice the settings hold (docs/decisions/0048).
 */
export const PRIVACY_NOTICE_TEXT_MAX = 20_000;

/** What a form sends: the version it showed. Optional, for API clients written before versions. */
const versionNumber = (number: z.ZodNumber) =>
  number.int('Invalid privacy notice version').min(0, 'Invalid privacy notice version').max(1_000_000, 'Invalid privacy notice version').optional();
export const privacyVersionField = versionNumber(z.number({ error: 'Invalid privacy notice version' }));
/** The same read from a multipart form's text. */
export const privacyVersionText = versionNumber(z.coerce.number({ error: 'Invalid privacy notice version' }));

/** The current version, as the public forms need it. */
export const currentPrivacyNoticeRecord = z.object({
  version: z.number().int(),
  publishedAt: isoTimestamp.nullable(),
});

export const privacyNoticeVersionRecord = z.object({
  version: z.number().int(),
  text: localizedText(PRIVACY_NOTICE_TEXT_MAX),
  /** Null for version 0, which was in force before versions were kept and never published as one. */
  publishedAt: isoTimestamp.nullable(),
  publishedBy: z.string().nullable(),
});

/** `GET PrivacyNotice/{version}`: one version, for the back-office record that names it. */
export const privacyNoticeVersionParams = z.strictObject({
  version: z
    .string({ error: 'Invalid privacy notice version' })
    .regex(/^(0|[1-9][0-9]{0,6})$/, 'Invalid privacy notice version')
    .transform(Number),
});

/** `POST PrivacyNotice/Query`: newest first, paginated. */
export const privacyNoticeQuerySchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const privacyNoticeListAnswer = z.object({
  items: z.array(privacyNoticeVersionRecord),
  meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
});

export type PrivacyNoticeQuery = z.infer<typeof privacyNoticeQuerySchema>;
export type PrivacyNoticeVersionParams = z.infer<typeof privacyNoticeVersionParams>;
export type CurrentPrivacyNotice = z.infer<typeof currentPrivacyNoticeRecord>;
export type PrivacyNoticeVersion = z.infer<typeof privacyNoticeVersionRecord>;
