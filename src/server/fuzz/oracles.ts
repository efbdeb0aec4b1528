import { httpStatusOf } from '../../shared/api.js';
import type { ErrorCodeValue } from '../../shared/api.js';

/** What came back for one request, over HTTP or a raw socket. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

/** The longest any answer may take (DESIGN: no answer slower than 5 s). */
export const SLOW_MS = 5_000;

/** `at fn (file:line:col)`, `at file:///x.js:1:2`, `at node:internal/…:3:4`: a stack frame. */
const STACK_FRAME = /\bat\s+(?:[^\s()]+\s+)?\(?(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s()]*:\d+(?::\d+)?\)?/;

/** Words of SQL or of a database's own messages; the fuzz's payloads hold none of them. */
const SQL_TEXT = [
  /\bselect\s+[\s\S]{0,200}?\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+"?\w+"?\s+set\b/i,
  /\bdelete\s+from\b/i,
  /\bsqlite/i,
  /\bsyntax error\b/i,
  /\bSQLSTATE\b/,
  /\brelation\s+"[^"]*"\s+does not exist/i,
  /\bviolates\s+(?:not-null|foreign key|unique|check)\s+constraint/i,
  /\bduplicate key value\b/i,
  /\bno such (?:table|column)\b/i,
  /\binvalid input syntax for\b/i,
  /\bkysely\b/i,
];

/** Every text of a JSON value, keys too, without recursion (an echo may be deep). */
function textsOf(value: unknown): string[] {
  const texts: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length && texts.length < 100_000) {
    const item = stack.pop();
    if (typeof item === 'string') texts.push(item);
    else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        texts.push(key);
        stack.push(child);
      }
    }
  }
  return texts;
}

/** A stack trace or SQL in a text, named; undefined when there is none. */
export function leakIn(text: string): string | undefined {
  const frame = STACK_FRAME.exec(text);
  if (frame) return `a stack trace (${JSON.stringify(frame[0].slice(0, 80))})`;
  for (const pattern of SQL_TEXT) {
    const match = pattern.exec(text);
    if (match) return `SQL or database text (${JSON.stringify(match[0].slice(0, 80))})`;
  }
  return undefined;
}

/**
 * The one status the contract's table does not list that decision 0025 keeps, with a code from the
 * table: a request not received in time is a 408 (clients and proxies act on it) with 40000.
 */
const EXTRA_STATUSES: Record<number, number> = { 408: 40000 };

const isJsonType = (type: unknown) => typeof type === 'string' && /^application\/json\b/i.test(type);

export interface AnswerContext {
  /** Answers under `/api` must be envelopes. */
  api: boolean;
  /** A success of this request is a file (downloads), not an envelope. */
  rawSuccess?: boolean;
  /** Why a success would be wrong, when it would be. */
  mustRefuse?: string;
}

/**
 * What is wrong with an answer, by the contract (DESIGN section 3, with 0025's 408): a 5xx (the fuzz never takes the
 * database down, so a 503 is a fault too), an answer that is not the envelope or whose errorCode
 * does not go with its status, an answer slower than 5 s, a stack trace or SQL in it, or a success
 * for a request the server had to refuse. Empty when nothing is.
 */
export function problemsOf(answer: Answer, context: AnswerContext): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.ms > SLOW_MS) problems.push(`answered in ${Math.round(answer.ms)} ms`);
  const type = answer.headers['content-type'];
  const download = context.rawSuccess && answer.status === 200 && !isJsonType(type);
  let envelope: Record<string, unknown> | undefined;
  if (!download) {
    let parsed: unknown;
    let parses = false;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
      parses = true;
    } catch {
      // Not JSON: judged below.
    }
    if (parses && parsed && typeof parsed === 'object' && !Array.isArray(parsed)) envelope = parsed as Record<string, unknown>;
    const text = parses ? textsOf(parsed).join('\n') : answer.body.toString('utf8');
    const leak = leakIn(text);
    if (leak) problems.push(leak);
  }
  if (context.api && !download) {
    if (!envelope) problems.push(`not a JSON envelope (${answer.body.length ? JSON.stringify(answer.body.toString('utf8').slice(0, 60)) : 'empty body'})`);
    else {
      if (!isJsonType(type)) problems.push(`an envelope sent as ${String(type ?? 'no content type')}`);
      const keys = Object.keys(envelope).sort().join(',');
      if (keys !== 'data,errorCode,isSuccess,message') problems.push(`envelope keys ${keys}`);
      const code = envelope.errorCode;
      if (typeof envelope.isSuccess !== 'boolean' || typeof envelope.message !== 'string' || typeof code !== 'number') {
        problems.push('envelope fields of the wrong types');
      } else {
        const expected = code in httpStatusOf ? httpStatusOf[code as ErrorCodeValue] : undefined;
        if (expected === undefined) problems.push(`errorCode ${code} is not in the contract`);
        else if (expected !== answer.status && EXTRA_STATUSES[answer.status] !== code) problems.push(`errorCode ${code} with HTTP ${answer.status} (the contract pairs it with ${expected})`);
        if (envelope.isSuccess !== (code === 0)) problems.push(`isSuccess ${String(envelope.isSuccess)} with errorCode ${code}`);
      }
    }
  }
  const succeeded = download || (envelope?.isSuccess === true && answer.status < 300);
  if (context.mustRefuse && succeeded) problems.push(`accepted ${context.mustRefuse}`);
  return problems;
}
