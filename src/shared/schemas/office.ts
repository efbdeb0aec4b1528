import { z } from 'zod';
import { NAME_MAX, SHORT_TEXT_MAX, id, isoTimestamp, recordId, optionalText, requiredText } from '../fields.js';
import { defineEntity, filter } from '../entity.js';
import { coded } from '../validation-codes.js';
import { translatable } from '../translations.js';
import type { Locale } from '../locale.js';
import { basedOn } from './revision.js';

/**
 * The places a company hires in (issue 17, item 5; docs/decisions/0058): a job names its office, so
 * one city is one filter entry on the public site and the structured data knows its city and country.
 */

/** ISO 3166-1 alpha-2: every officially assigned code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** A country as its ISO 3166-1 alpha-2 code, upper case (`CN`, `SG`): what schema.org's `addressCountry` takes. */
export const countryCode = z
  .string()
  .refine((code) => COUNTRY_SET.has(code), coded('country_code', 'Must be an ISO 3166-1 alpha-2 country code in upper case, such as CN or SG'));

const officeFields = {
  name: requiredText(NAME_MAX),
  address: optionalText(SHORT_TEXT_MAX),
  city: optionalText(NAME_MAX),
  country: countryCode,
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
};

/** An office's name, address and city in each language; its own are zh-CN, as a category's (0054). */
export const officeTexts = translatable({ name: officeFields.name, address: officeFields.address, city: officeFields.city });

export const officeCreateSchema = z.strictObject({
  ...officeFields,
  address: officeFields.address.default(''),
  city: officeFields.city.default(''),
  sortOrder: officeFields.sortOrder.default(0),
  translations: officeTexts.input.optional(),
});
export const officeUpdateSchema = z.strictObject(officeFields).partial().extend({ id, updatedAt: basedOn, translations: officeTexts.input.optional() });

export const officeRecord = z.object({
  id: recordId,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  sortOrder: z.number().int(),
  /** How many jobs name the office; public reads count only open ones. */
  jobCount: z.number().int(),
  /** Its texts in other languages (staff only; a visitor is answered the texts of their language). */
  translations: officeTexts.record,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});

export const officeEntity = defineEntity({
  name: 'Office',
  record: officeRecord,
  create: officeCreateSchema,
  update: officeUpdateSchema,
  filters: { country: filter(countryCode) },
  sort: ['sortOrder', 'name', 'city', 'country', 'createdAt', 'id'] as const,
  search: ['name', 'address', 'city'],
  staffOnly: ['translations'],
  translatable: officeTexts,
});

export type OfficeCreate = z.infer<typeof officeCreateSchema>;
export type Office = z.infer<typeof officeRecord>;
/** An office as visitors are answered it: its texts in their language, and which language that is. */
export type PublicOffice = Omit<Office, 'translations'> & { locale: Locale };
