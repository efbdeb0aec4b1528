import { diffWords } from 'diff';

/**
 * What staff compare between two versions of a record (docs/decisions/0037): each field as readable
 * text (HTML turned into paragraphs of plain text, never shown as markup), word by word. Nested
 * fields (a page's blocks, texts in two languages) are compared leaf by leaf, named by their path.
 */

/** Fields a version carries that say nothing about its content. */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', 'updatedBy', 'viewCount', 'hasUnpublishedChanges', 'hasPrevious', 'publishedAt', 'categoryName', 'key']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** HTML as text: block ends become line breaks, tags go, the common entities are read back. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|tr|pre|figure|section|article)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<img[^>]*\balt="([^"]*)"[^>]*>/gi, '[$1]')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (ENTITIES[name.toLowerCase()] !== undefined) return ENTITIES[name.toLowerCase()]!;
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const looksLikeHtml = (text: string) => /<\/?[a-z][^>]*>/i.test(text);

/** One field's value as text to compare. */
export function textOfValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return looksLikeHtml(value) ? htmlToText(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A record flattened into its leaves: `title.zh-CN`, `blocks.2.html.en-US`, each as text. */
export function flatten(record: Record<string, unknown>, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(record)) {
    if (!prefix && IGNORED.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') {
      const nested = Array.isArray(value) && value.every((item) => typeof item !== 'object') ? null : flatten(value as Record<string, unknown>, path);
      if (nested) for (const [leaf, text] of nested) leaves.set(leaf, text);
      else leaves.set(path, (value as unknown[]).join(', '));
    } else leaves.set(path, textOfValue(value));
  }
  return leaves;
}

export interface DiffPart {
  text: string;
  added?: boolean;
  removed?: boolean;
}

export interface FieldDiff {
  /** The field's path: `title`, `blocks.0.html.zh-CN`. */
  field: string;
  parts: DiffPart[];
}

/** The fields that differ between an older and a newer version, each as words kept, removed and added. */
export function compareVersions(older: Record<string, unknown>, newer: Record<string, unknown>): FieldDiff[] {
  const before = flatten(older);
  const after = flatten(newer);
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields.flatMap((field) => {
    const a = before.get(field) ?? '';
    const b = after.get(field) ?? '';
    if (a === b) return [];
    return [{ field, parts: diffWords(a, b).map((change) => ({ text: change.value, added: change.added || undefined, removed: change.removed || undefined })) }];
  });
}

/** A form's unsaved fields as text a person can paste back: one field after another, HTML as text. */
export function unsavedText(values: Record<string, unknown>, label: (field: string) => string = (field) => field): string {
  return [...flatten(values)].filter(([, text]) => text.trim() !== '').map(([field, text]) => `${label(field)}:\n${text}`).join('\n\n');
}
