import type { z } from 'zod';
import { docSample, docxSample, samples } from '../testing/harness.js';
import type { BodyPlan } from './json-bodies.js';
import { ODD_STRINGS, SQL_BREAKERS, isCanonicalId } from './payloads.js';
import type { Rng } from './random.js';
import { fieldsOf, isIdField } from './schema-arbitrary.js';

export interface MultipartCall {
  fields: z.ZodType;
  /** The file parts the call takes, by name, with their description (which names the types). */
  files: Record<string, string>;
}

interface Part {
  name: string;
  value?: string;
  file?: { filename: string; type: string; content: Buffer };
  /** Part headers written as they are, instead of the usual ones. */
  rawHeaders?: string;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** Files by what they are; the names a description may use pick the ones a call wants. */
const FILES = {
  pdf: { filename: 'resume.pdf', type: 'application/pdf', content: () => samples.pdf },
  docx: { filename: 'resume.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: docxSample },
  doc: { filename: 'resume.doc', type: 'application/msword', content: docSample },
  png: { filename: 'cover.png', type: 'image/png', content: () => samples.png },
  gif: { filename: 'cover.gif', type: 'image/gif', content: () => GIF },
};

/** Files no call takes: an executable, text, markup, nothing, noise, a header and no more. */
const HOSTILE_FILES = [
  { filename: 'resume.pdf', type: 'application/pdf', content: () => samples.exe },
  { filename: 'cover.png', type: 'image/png', content: () => samples.text },
  { filename: 'x.svg', type: 'image/svg+xml', content: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
  { filename: 'x.html', type: 'text/html', content: () => Buffer.from('<!doctype html><script>alert(1)</script>') },
  { filename: 'empty.pdf', type: 'application/pdf', content: () => Buffer.alloc(0) },
  { filename: 'noise.bin', type: 'application/octet-stream', content: () => Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73 + 41) & 0xff)) },
  { filename: 'half.pdf', type: 'application/pdf', content: () => Buffer.from('%PDF-') },
  { filename: 'half.png', type: 'image/png', content: () => samples.png.subarray(0, 12) },
];

const ODD_FILENAMES = ['../../../etc/passwd', '..\\..\\boot.ini', 'a\u0000b.pdf', '', ' ', 'résumé 简历 \u202e.pdf', 'x'.repeat(5_000), 'con.pdf', '.pdf', 'a"b.pdf', 'a;b=c.pdf', '%2e%2e%2fx.pdf'];

function fileFor(rng: Rng, description: string) {
  const named = Object.entries(FILES).filter(([kind]) => new RegExp(`\\b${kind}\\b`, 'i').test(description));
  const pool = named.length ? named : Object.entries(FILES);
  const chosen = rng.pick(pool)[1];
  return { filename: chosen.filename, type: chosen.type, content: chosen.content() };
}

/** Multipart fields arrive as text: each value as a browser's form would send it. */
const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

function encode(parts: Part[], boundary: string, lineEnd = '\r\n', closing = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${lineEnd}`));
    if (part.rawHeaders !== undefined) chunks.push(Buffer.from(part.rawHeaders));
    else if (part.file) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"${lineEnd}Content-Type: ${part.file.type}${lineEnd}`, 'utf8'),
      );
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"${lineEnd}`, 'utf8'));
    chunks.push(Buffer.from(lineEnd));
    chunks.push(part.file ? part.file.content : Buffer.from(part.value ?? '', 'utf8'));
    chunks.push(Buffer.from(lineEnd));
  }
  if (closing) chunks.push(Buffer.from(`--${boundary}--${lineEnd}`));
  return Buffer.concat(chunks);
}

export interface MultipartPlan extends BodyPlan {
  /** The text fields as sent, for the expectation and the report. */
  fields: Record<string, string>;
}

/**
 * A multipart body for an upload call: its fields drawn valid from the schema and a file of a type
 * it names, or that form broken one way (cut short, without or with the wrong boundary, a file it
 * does not take, a NUL, too many parts, odd file names, part headers that are not headers).
 */
export function multipartBody(rng: Rng, call: MultipartCall, validFields: Record<string, unknown>): MultipartPlan {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(validFields)) if (value !== undefined) fields[name] = asText(value);
  const fileParts = (): Part[] => Object.entries(call.files).map(([name, description]) => ({ name, file: fileFor(rng, description) }));
  const textParts = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));
  const boundary = `----fuzz${randomBytesFrom(rng)}`;
  const type = `multipart/form-data; boundary=${boundary}`;
  const plan = (kind: string, parts: Part[], extra: Partial<MultipartPlan> = {}, values = fields): MultipartPlan => ({
    kind,
    body: encode(parts, boundary),
    contentType: type,
    fields: values,
    ...extra,
  });
  const names = Object.keys(fieldsOf(call.fields));

  const kind = rng.weighted<string>([
    ['valid', 36],
    ['field-value', 10],
    ['no-file', 3],
    ['hostile-file', 6],
    ['odd-filename', 3],
    ['cut-short', 7],
    ['no-boundary', 3],
    ['wrong-boundary', 2],
    ['unknown-file', 3],
    ['second-file', 2],
    ['unknown-field', 3],
    ['nul-field', 3],
    ['huge-field', 2],
    ['many-parts', 2],
    ['bad-part-headers', 3],
    ['lf-only', 1],
    ['no-closing', 2],
    ['as-json', 3],
  ]);
  switch (kind) {
    case 'valid':
      return plan(kind, [...textParts(fields), ...fileParts()]);
    case 'field-value': {
      const name = names.length ? rng.pick(names) : 'zzz';
      const value = rng.pick([
        ...ODD_STRINGS,
        ...SQL_BREAKERS,
        '00001',
        '+1',
        '0x1',
        ' 1',
        '1.5',
        '-1',
        '2147483648',
        'true',
        'on',
        'false',
        '[1]',
        '{"a":1}',
      ]);
      const values = { ...fields, [name]: value };
      return plan(`${kind}:${name}`, [...textParts(values), ...fileParts()], {}, values);
    }
    case 'no-file':
      return plan(kind, textParts(fields));
    case 'hostile-file': {
      const hostile = rng.pick(HOSTILE_FILES);
      const parts = Object.keys(call.files).map((name) => ({ name, file: { filename: hostile.filename, type: hostile.type, content: hostile.content() } }));
      return plan(`${kind}:${hostile.filename}`, [...textParts(fields), ...parts]);
    }
    case 'odd-filename': {
      const filename = rng.pick(ODD_FILENAMES);
      const parts = fileParts().map((part) => ({ ...part, file: { ...part.file!, filename } }));
      return plan(kind, [...textParts(fields), ...parts]);
    }
    case 'cut-short': {
      const whole = encode([...textParts(fields), ...fileParts()], boundary);
      // Short of the closing `--`: without only the CRLF after it, a form is whole (RFC 2046).
      const at = rng.int(1, whole.length - 3);
      return { kind: `${kind}:${at}/${whole.length}`, body: whole.subarray(0, at), contentType: type, fields, mustRefuse: 'a multipart body cut short' };
    }
    case 'no-boundary':
      return { ...plan(kind, [...textParts(fields), ...fileParts()]), contentType: rng.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8']), mustRefuse: 'multipart without a boundary' };
    case 'wrong-boundary':
      return { ...plan(kind, [...textParts(fields), ...fileParts()]), contentType: `multipart/form-data; boundary=${boundary}x`, mustRefuse: 'a multipart body under another boundary' };
    case 'unknown-file':
      return plan(kind, [...textParts(fields), ...fileParts(), { name: 'zzz', file: fileFor(rng, '') }], { mustRefuse: 'a file part the call does not take' });
    case 'second-file':
      return plan(kind, [...textParts(fields), ...fileParts(), ...fileParts()], { mustRefuse: 'a second file in one part name' });
    case 'unknown-field': {
      const values = { ...fields, [rng.pick(['zzz', '__proto__', 'constructor', 'isAdmin', 'statusId', 'id'])]: '1' };
      return plan(kind, [...textParts(values), ...fileParts()], {}, values);
    }
    case 'nul-field': {
      const name = names.length ? rng.pick(names) : 'zzz';
      const values = { ...fields, [name]: `${fields[name] ?? ''}\u0000` };
      return plan(`${kind}:${name}`, [...textParts(values), ...fileParts()], { mustRefuse: 'a NUL character' }, values);
    }
    case 'huge-field': {
      const name = names.length ? rng.pick(names) : 'zzz';
      const values = { ...fields, [name]: 'x'.repeat(rng.pick([5_001, 70_000, 300_000])) };
      return plan(`${kind}:${name}`, [...textParts(values), ...fileParts()], {}, values);
    }
    case 'many-parts': {
      const extra = Object.fromEntries(Array.from({ length: rng.pick([31, 200]) }, (_, i) => [`f${i}`, 'x']));
      return plan(kind, [...textParts({ ...fields, ...extra }), ...fileParts()], {}, { ...fields, ...extra });
    }
    case 'bad-part-headers': {
      const raw = rng.pick([
        'Content-Disposition: form-data\r\n',
        'Content-Disposition: attachment; name="x"\r\n',
        'Content-Disposition: form-data; name=\r\n',
        'Content-Disposition: form-data; name="a"; filename\r\n',
        'no colon here\r\n',
        `X-Long: ${'a'.repeat(20_000)}\r\n`,
        'Content-Disposition: form-data; name="resume"; filename="a.pdf"\r\nContent-Transfer-Encoding: base64\r\n',
        '',
      ]);
      return plan(kind, [...textParts(fields), { name: 'x', value: 'value', rawHeaders: raw }, ...fileParts()]);
    }
    case 'lf-only':
      return { ...plan(kind, []), body: encode([...textParts(fields), ...fileParts()], boundary, '\n') };
    case 'no-closing':
      return { ...plan(kind, []), body: encode([...textParts(fields), ...fileParts()], boundary, '\r\n', false), mustRefuse: 'a multipart body without its closing boundary' };
    case 'as-json':
      return { kind, body: Buffer.from(JSON.stringify(validFields)), contentType: 'application/json', fields, mustRefuse: 'JSON sent to a multipart call' };
    default:
      throw new Error(`no such multipart kind: ${kind}`);
  }
}

function randomBytesFrom(rng: Rng): string {
  return Array.from({ length: 12 }, () => rng.int(0, 35).toString(36)).join('');
}

/** Why a success would be wrong: the plan's own reason, a NUL, or fields the schema refuses. */
export function multipartRefusal(call: MultipartCall, plan: MultipartPlan): string | undefined {
  if (plan.mustRefuse) return plan.mustRefuse;
  if (Object.entries(plan.fields).some(([name, value]) => name.includes('\u0000') || value.includes('\u0000'))) return 'a NUL character';
  const result = call.fields.safeParse(plan.fields);
  if (!result.success) return `invalid for its schema (${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message})`;
  const loose = Object.entries(plan.fields).find(([name, value]) => isIdField(name) && Object.hasOwn(fieldsOf(call.fields), name) && value.trim() !== '' && !isCanonicalId(value));
  if (loose) return `an id spelled ${JSON.stringify(loose[1])}`;
  return undefined;
}
