import { z } from 'zod';
import { coded } from '../validation-codes.js';
import { HTML_MAX, NAME_MAX, SHORT_TEXT_MAX, TITLE_MAX, URL_MAX, MESSAGE_MAX, imageUrl, isoTimestamp, localizedText } from '../fields.js';
import { defineEntity, editorField } from '../entity.js';
import { basedOn } from './revision.js';
import { PUBLIC_PATHS } from '../paths.js';

/**
 * The editable pages of the public site (docs/decisions/0034-editable-pages.md): each is an ordered
 * list of blocks from a small fixed set, every text in both languages. Staff change a draft, look at
 * it, and publish it; the page that was published before is kept.
 */

export const PAGE_KEYS = ['home', 'about', 'services', 'strength', 'process', 'contact', 'joinus'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];
export const pageKey = z.enum(PAGE_KEYS, { error: `Expected one of: ${PAGE_KEYS.join(', ')}` });
export const isPageKey = (value: unknown): value is PageKey => typeof value === 'string' && (PAGE_KEYS as readonly string[]).includes(value);

/** The public address of each page. */
export const PAGE_PATHS: Record<PageKey, string> = {
  home: PUBLIC_PATHS.home,
  about: PUBLIC_PATHS.about,
  services: PUBLIC_PATHS.services,
  strength: PUBLIC_PATHS.strength,
  process: PUBLIC_PATHS.jobsProcess,
  contact: PUBLIC_PATHS.contact,
  joinus: PUBLIC_PATHS.joinUs,
};

/** Limits of a page: how many blocks, how many items a list block holds. */
export const BLOCKS_MAX = 30;
export const ITEMS_MAX = 12;
export const GALLERY_MAX = 24;
export const ACTIONS_MAX = 2;
export const FEED_COUNT_MAX = 6;

/** Where a button leads: a path on this site or an http(s) address, never a script URL. */
export const linkHref = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((s) => s === '' || (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\/[^\s/]+/i.test(s), coded('invalid_url', 'Expected a path on this site or an http(s) address'));

const heading = localizedText(TITLE_MAX);
const shortText = localizedText(SHORT_TEXT_MAX);
const longText = localizedText(MESSAGE_MAX);
const label = localizedText(NAME_MAX);
const imageAlt = localizedText(TITLE_MAX);

const action = z.strictObject({ label, href: linkHref });
const card = z.strictObject({ title: heading, text: shortText, image: imageUrl, imageAlt });
const figure = z.strictObject({ value: label, label: shortText });
const step = z.strictObject({ title: heading, text: shortText });
const galleryImage = z.strictObject({ src: imageUrl.refine((s) => s !== '', coded('required', 'Required')), alt: imageAlt });
const feedCount = z.number().int().min(1).max(FEED_COUNT_MAX);

/** Each kind of block and its own fields: texts in both languages, images as addresses with alt text. */
export const pageBlockSchemas = {
  hero: z.strictObject({ type: z.literal('hero'), title: heading, text: shortText, image: imageUrl, imageAlt, actions: z.array(action).max(ACTIONS_MAX) }),
  /** HTML in both languages, cleaned on the server as news content is. */
  richText: z.strictObject({ type: z.literal('richText'), title: heading, html: localizedText(HTML_MAX) }),
  cards: z.strictObject({ type: z.literal('cards'), title: heading, items: z.array(card).max(ITEMS_MAX) }),
  figures: z.strictObject({ type: z.literal('figures'), title: heading, items: z.array(figure).max(ITEMS_MAX) }),
  imageText: z.strictObject({ type: z.literal('imageText'), title: heading, text: longText, image: imageUrl, imageAlt, imageSide: z.enum(['left', 'right']) }),
  steps: z.strictObject({ type: z.literal('steps'), title: heading, items: z.array(step).max(ITEMS_MAX) }),
  gallery: z.strictObject({ type: z.literal('gallery'), title: heading, images: z.array(galleryImage).max(GALLERY_MAX) }),
  callToAction: z.strictObject({ type: z.literal('callToAction'), title: heading, text: shortText, label, href: linkHref }),
  latestNews: z.strictObject({ type: z.literal('latestNews'), title: heading, count: feedCount }),
  openJobs: z.strictObject({ type: z.literal('openJobs'), title: heading, count: feedCount }),
};

export type PageBlockType = keyof typeof pageBlockSchemas;
export const PAGE_BLOCK_TYPES = Object.keys(pageBlockSchemas) as PageBlockType[];

export const pageBlock = z.discriminatedUnion('type', [
  pageBlockSchemas.hero,
  pageBlockSchemas.richText,
  pageBlockSchemas.cards,
  pageBlockSchemas.figures,
  pageBlockSchemas.imageText,
  pageBlockSchemas.steps,
  pageBlockSchemas.gallery,
  pageBlockSchemas.callToAction,
  pageBlockSchemas.latestNews,
  pageBlockSchemas.openJobs,
]);
export type PageBlock = z.infer<typeof pageBlock>;
export type PageBlockOf<T extends PageBlockType> = Extract<PageBlock, { type: T }>;

/** What one version of a page is: its title and description (for `<title>` and search) and its blocks. */
export const pageContent = z.strictObject({
  title: localizedText(TITLE_MAX),
  description: localizedText(SHORT_TEXT_MAX),
  blocks: z.array(pageBlock).max(BLOCKS_MAX),
});
export type PageContent = z.infer<typeof pageContent>;

/** `POST Page/Update`: the key, and any of title, description and blocks; it changes the draft only. */
export const pageUpdateSchema = pageContent.partial().extend({ key: pageKey, updatedAt: basedOn });
export type PageUpdate = z.infer<typeof pageUpdateSchema>;

/** `POST Page/Publish`. */
export const pagePublishSchema = z.strictObject({ key: pageKey });

/** `GET Page/{key}` for anyone: the published version. */
export const publishedPageRecord = z.object({
  key: pageKey,
  ...pageContent.shape,
  publishedAt: isoTimestamp.nullable(),
});
export type PublishedPage = z.infer<typeof publishedPageRecord>;

/** A page as staff see it (`GET Page/{key}?draft=1`): the draft, and how it stands against the published one. */
export const pageRecord = z.object({
  key: pageKey,
  ...pageContent.shape,
  /** Whether the draft differs from what visitors see. */
  hasUnpublishedChanges: z.boolean(),
  /** Whether a version published before the current one is kept. */
  hasPrevious: z.boolean(),
  updatedAt: isoTimestamp.nullable(),
  updatedBy: editorField,
  publishedAt: isoTimestamp.nullable(),
});
export type PageRecord = z.infer<typeof pageRecord>;

/** A line of the staff list of pages. */
export const pageSummaryRecord = pageRecord.omit({ blocks: true, description: true });
export type PageSummary = z.infer<typeof pageSummaryRecord>;

export const pageEntity = defineEntity({
  name: 'Page',
  record: pageSummaryRecord,
  update: pageUpdateSchema,
  filters: {},
  sort: ['key'] as const,
  search: [],
  staffOnly: ['updatedBy'],
});

/** A new block of a kind, empty, as the editor adds it. */
export function emptyBlock(type: PageBlockType): PageBlock {
  const text = () => ({ 'zh-CN': '', 'en-US': '' });
  switch (type) {
    case 'hero':
      return { type, title: text(), text: text(), image: '', imageAlt: text(), actions: [] };
    case 'richText':
      return { type, title: text(), html: text() };
    case 'cards':
      return { type, title: text(), items: [] };
    case 'figures':
      return { type, title: text(), items: [] };
    case 'imageText':
      return { type, title: text(), text: text(), image: '', imageAlt: text(), imageSide: 'left' };
    case 'steps':
      return { type, title: text(), items: [] };
    case 'gallery':
      return { type, title: text(), images: [] };
    case 'callToAction':
      return { type, title: text(), text: text(), label: text(), href: '' };
    case 'latestNews':
      return { type, title: text(), count: 3 };
    case 'openJobs':
      return { type, title: text(), count: 6 };
  }
}

/** The images a page's blocks show (for the media library's record of where an image is used). */
export function imagesOf(blocks: readonly PageBlock[]): string[] {
  const found: string[] = [];
  for (const block of blocks) {
    if (block.type === 'hero' || block.type === 'imageText') found.push(block.image);
    if (block.type === 'cards') found.push(...block.items.map((item) => item.image));
    if (block.type === 'gallery') found.push(...block.images.map((image) => image.src));
  }
  return found.filter(Boolean);
}
