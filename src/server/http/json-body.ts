import type { FastifyRequest } from 'fastify';
import { validationError } from './errors.js';
import { NUL_MESSAGE, nulPathOf } from './validate.js';

/**
 * How deep a JSON body may nest. Nothing Portico accepts is deeper than 4 levels (a list query's
 * `filters` inside the body); 64 leaves room for any future body while anything that walks a value
 * (the NUL search, the schemas, `JSON.stringify` of a cache key) stays far from the stack's limit.
 */
export const JSON_DEPTH_MAX = 64;

export const TOO_DEEP_MESSAGE = `Nested deeper than ${JSON_DEPTH_MAX} levels`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another, read from the text
 * itself so that nothing has to walk the value to find out. Strings are skipped whole (a bracket in
 * a string is text), so a long HTML body costs a few `indexOf` calls. Malformed text answers what its
 * brackets say; JSON.parse refuses it next.
 */
export function jsonNestingExceeds(text: string, limit = JSON_DEPTH_MAX): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // The closing quote is the next one not escaped, i.e. not after an odd run of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end === -1) return false;
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

const malformed = () => Object.assign(new Error('Malformed JSON body'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 });

/**
 * The API's JSON body parser. An empty body is no body (a delete is `POST News/5` with nothing after
 * it). A body nested deeper than JSON_DEPTH_MAX is refused before it is parsed, and one holding an
 * escaped NUL is refused naming the field, since PostgreSQL text cannot store it.
 */
export function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) {
  const text = (typeof body === 'string' ? body : body.toString('utf8')).trim();
  if (text === '') return done(null, undefined);
  if (jsonNestingExceeds(text)) return done(validationError([{ path: '', code: 'too_deep', params: { maximum: JSON_DEPTH_MAX }, message: TOO_DEEP_MESSAGE }]), undefined);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return done(malformed(), undefined);
  }
  // A NUL can only arrive escaped; only then is the parsed body walked.
  const nulPath = /\\u0000/i.test(text) ? nulPathOf(value) : null;
  if (nulPath !== null) return done(validationError([{ path: nulPath, code: 'nul_character', message: NUL_MESSAGE }]), undefined);
  done(null, value);
}
