import { z } from 'zod';
import { coded } from '../validation-codes.js';
import { NAME_MAX, SHORT_TEXT_MAX, TITLE_MAX, URL_MAX, email, imageUrl, isoTimestamp, localizedText, optionalText, recordId, textIn } from '../fields.js';
import type { LocalizedText } from '../fields.js';
import { defineEntity, editorField } from '../entity.js';
import { basedOn } from './revision.js';
import { LOCALES } from '../locale.js';
import type { Locale } from '../locale.js';

/**
 * The site's settings: one record (docs/decisions/0033-site-settings.md) holding what used to be
 * written into the code as the demo company's: its names, images, contact details, social links,
 * the 备案 numbers mainland-China hosting requires in the footer, the privacy notice, what search
 * engines and social networks are told, and an analytics script. Every text is in both languages.
 */

export const PRIVACY_NOTICE_MAX = 20_000;
export const SAME_AS_MAX = 10;

/** A link a visitor follows: empty (not set) or an http(s) address, never `javascript:` or `data:`. */
export const httpUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((s) => s === '' || /^https?:\/\/[^\s/]+/i.test(s), coded('invalid_url', 'Expected an http(s) address'));

/** A script address the pages load: https only, since the page's policy allows its origin. */
export const httpsScriptUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((s) => s === '' || /^https:\/\/[^\s/]+/i.test(s), coded('invalid_url', 'Expected an https address'))
  .refine((s) => s === '' || URL.canParse(s), coded('invalid_url', 'Expected an https address'));

/** `#rrggbb`, or empty for the site's own colour. */
export const hexColour = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'Expected a colour written as #rrggbb');

/** The writable settings: each field's schema, its limits and its message. */
export const siteSettingsFields = {
  // Brand
  companyName: localizedText(TITLE_MAX),
  /** The short name: every page's title ends with it, and og:site_name is it. */
  brandName: localizedText(NAME_MAX),
  tagline: localizedText(SHORT_TEXT_MAX),
  logo: imageUrl,
  /** The logo for dark backgrounds (the footer). */
  logoDark: imageUrl,
  favicon: imageUrl,
  primaryColor: hexColour,
  // Contact
  address: localizedText(SHORT_TEXT_MAX),
  phone: optionalText(NAME_MAX),
  email: z.union([z.literal(''), email]),
  officeHours: localizedText(SHORT_TEXT_MAX),
  mapUrl: httpUrl,
  // Social
  wechatQr: imageUrl,
  weiboUrl: httpUrl,
  linkedinUrl: httpUrl,
  // Compliance (备案)
  icpNumber: optionalText(NAME_MAX),
  icpUrl: httpUrl,
  psbNumber: optionalText(NAME_MAX),
  psbUrl: httpUrl,
  footerText: localizedText(SHORT_TEXT_MAX),
  privacyNotice: localizedText(PRIVACY_NOTICE_MAX),
  // Search and sharing
  description: localizedText(SHORT_TEXT_MAX),
  shareImage: imageUrl,
  shareImageAlt: localizedText(TITLE_MAX),
  legalName: localizedText(TITLE_MAX),
  /** Profiles of the organisation besides Weibo and LinkedIn, for structured data's `sameAs`. */
  sameAs: z.array(httpUrl.refine((s) => s !== '', coded('required', 'Expected an http(s) address'))).max(SAME_AS_MAX),
  // Analytics
  analyticsScriptUrl: httpsScriptUrl,
  // Languages (docs/decisions/0054)
  /** Whether English pages list the news and jobs not translated into English (shown in Chinese), and the other way round. */
  listUntranslated: z.boolean(),
};

export type SiteSettingsFields = typeof siteSettingsFields;
export type SiteSettingsValues = { [K in keyof SiteSettingsFields]: z.infer<SiteSettingsFields[K]> };

/** The fields that are texts in both languages (answered resolved to one language publicly). */
export const LOCALIZED_SITE_FIELDS = [
  'companyName',
  'brandName',
  'tagline',
  'address',
  'officeHours',
  'footerText',
  'privacyNotice',
  'description',
  'shareImageAlt',
  'legalName',
] as const satisfies readonly (keyof SiteSettingsFields)[];
export type LocalizedSiteField = (typeof LOCALIZED_SITE_FIELDS)[number];

/** `POST Site/Update`: only the fields to change; anything else is refused. */
export const siteSettingsUpdateSchema = z.strictObject(siteSettingsFields).partial().extend({ updatedAt: basedOn });
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;

const both = z.object(Object.fromEntries(LOCALES.map((locale) => [locale, z.string()])) as Record<Locale, z.ZodString>);

/** The whole record as staff edit it (`GET Site/Edit`): every text in both languages. */
export const siteSettingsRecord = z.object({
  id: recordId,
  ...(Object.fromEntries(
    Object.keys(siteSettingsFields).map((key) => [
      key,
      (LOCALIZED_SITE_FIELDS as readonly string[]).includes(key) ? both : key === 'sameAs' ? z.array(z.string()) : key === 'listUntranslated' ? z.boolean() : z.string(),
    ]),
  ) as {
    [K in keyof SiteSettingsFields]: K extends LocalizedSiteField ? typeof both : K extends 'sameAs' ? z.ZodArray<z.ZodString> : K extends 'listUntranslated' ? z.ZodBoolean : z.ZodString;
  }),
  updatedAt: isoTimestamp.nullable(),
  /** Who saved them last; the public site is answered `publicSiteRecord`, which never holds it. */
  updatedBy: editorField,
});
export type SiteSettings = z.infer<typeof siteSettingsRecord>;

/** One definition: a single record, read and changed as a whole, never listed. */
export const siteSettingsEntity = defineEntity({
  name: 'Site',
  record: siteSettingsRecord,
  update: siteSettingsUpdateSchema,
  filters: {},
  sort: ['id'] as const,
  search: [],
  staffOnly: ['updatedBy'],
});

/**
 * What the public pages need (`GET Site?locale=`): texts in the asked language, the share image
 * already chosen (its own, else the logo, else the built-in one) and every profile for `sameAs`.
 */
export const publicSiteRecord = z.object({
  locale: z.enum(LOCALES),
  ...(Object.fromEntries(Object.keys(siteSettingsFields).map((key) => [key, key === 'sameAs' ? z.array(z.string()) : key === 'listUntranslated' ? z.boolean() : z.string()])) as {
    [K in keyof SiteSettingsFields]: K extends 'sameAs' ? z.ZodArray<z.ZodString> : K extends 'listUntranslated' ? z.ZodBoolean : z.ZodString;
  }),
});
export type PublicSite = z.infer<typeof publicSiteRecord>;

/** The share image used when the settings name neither a share image nor a logo. */
export const DEFAULT_SHARE_IMAGE = '/share-default.png';

/** The name of a site whose administrator has not named it yet. */
export const NEUTRAL_SITE_NAME = 'Portico';

const same = (text: string): LocalizedText => ({ 'zh-CN': text, 'en-US': text });
const empty = same('');

/** The settings of a new site without demo content: named "Portico", no company, nothing to contact. */
export const NEUTRAL_SITE_SETTINGS: SiteSettingsValues = {
  companyName: same(NEUTRAL_SITE_NAME),
  brandName: same(NEUTRAL_SITE_NAME),
  tagline: empty,
  logo: '',
  logoDark: '',
  favicon: '',
  primaryColor: '',
  address: empty,
  phone: '',
  email: '',
  officeHours: empty,
  mapUrl: '',
  wechatQr: '',
  weiboUrl: '',
  linkedinUrl: '',
  icpNumber: '',
  icpUrl: '',
  psbNumber: '',
  psbUrl: '',
  footerText: empty,
  // Version 0 of the notice on every site that never wrote its own (docs/decisions/0048): a site
  // that has not published one yet keeps whatever this reads on the day it first does, so a change
  // here changes what its earlier visitors are recorded as having read.
  privacyNotice: {
    'zh-CN': [
      '## 我们收集的信息',
      '当您通过本网站提交职位申请、留言或合作申请时，我们会收集您填写的内容（例如姓名、联系方式和简历），以及提交时间和网络地址。',
      '## 我们如何使用',
      '这些信息仅用于处理您的申请或咨询、与您联系，以及防止滥用。我们不会出售您的个人信息。',
      '## 您的权利',
      '您可以通过本网站公布的联系方式，要求查阅、更正或删除您的个人信息。',
    ].join('\n\n'),
    'en-US': [
      '## What we collect',
      'When you apply for a position, send a message or apply to become a partner through this site, we collect what you enter (such as your name, contact details and résumé), the time of sending and your network address.',
      '## How we use it',
      'Only to handle your application or enquiry, to contact you and to prevent abuse. We never sell personal data.',
      '## Your rights',
      'Use the contact details on this site to ask to see, correct or delete your personal data.',
    ].join('\n\n'),
  },
  description: empty,
  shareImage: '',
  shareImageAlt: empty,
  legalName: empty,
  sameAs: [],
  analyticsScriptUrl: '',
  listUntranslated: true,
};

/** One block of a privacy notice: a heading (a paragraph starting `## `) or a paragraph. */
export type NoticeBlock = { kind: 'heading' | 'paragraph'; text: string };

/** A notice written as plain text: paragraphs apart by a blank line, `## ` before a heading. */
export function noticeBlocks(text: string): NoticeBlock[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (block.startsWith('## ') ? { kind: 'heading', text: block.slice(3).trim() } : { kind: 'paragraph', text: block }));
}

/**
 * The settings as the public pages need them in one language: each text in that language (else the
 * other), the share image chosen, and every profile the organisation has for `sameAs`.
 */
export function publicSiteOf(settings: SiteSettingsValues, locale: Locale): PublicSite {
  const resolved = Object.fromEntries(Object.keys(NEUTRAL_SITE_SETTINGS).map((key) => [key, settings[key as keyof SiteSettingsValues]])) as Record<string, unknown>;
  for (const key of LOCALIZED_SITE_FIELDS) resolved[key] = textIn(settings[key], locale);
  const companyName = resolved.companyName as string;
  return {
    ...(resolved as Omit<PublicSite, 'locale'>),
    locale,
    brandName: (resolved.brandName as string) || NEUTRAL_SITE_NAME,
    companyName: companyName || NEUTRAL_SITE_NAME,
    legalName: (resolved.legalName as string) || companyName || NEUTRAL_SITE_NAME,
    shareImage: settings.shareImage || settings.logo || DEFAULT_SHARE_IMAGE,
    shareImageAlt: (resolved.shareImageAlt as string) || companyName || NEUTRAL_SITE_NAME,
    sameAs: [...new Set([settings.weiboUrl, settings.linkedinUrl, ...settings.sameAs].filter(Boolean))],
  };
}
