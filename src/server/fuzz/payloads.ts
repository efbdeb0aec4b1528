/**
 * Hostile values the fuzz puts where a schema wants something else. None of them holds the words the
 * leak oracle looks for (`select `, `insert into`, `sqlite`…): records the fuzz stores come back in
 * lists, and an echo of the fuzz's own input is not a leak.
 */

export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  '\u3000',
  '\ud800',
  'a\udfffb',
  '\ufeffbom',
  '\u202eevil.pdf',
  '\u200b\u200c\u200d',
  'e\u0301'.repeat(400),
  '👩‍👩‍👧‍👦🇨🇳',
  '\uffff\ufffe',
  '\u2028\u2029',
  '中文标题，全角：１２３',
  'İıẞß',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  'C:\\Windows\\win.ini',
  '%00%zz%',
  '\\u0000',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  '__proto__',
];

/** Strings that break naive SQL (quotes, LIKE wildcards, escapes, placeholders). */
export const SQL_BREAKERS: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE news; --",
  '" OR ""="',
  '%',
  '_',
  '%_%',
  '\\',
  "\\'",
  "%' ESCAPE '\\",
  '$1',
  '?',
  '?,?,?',
  ':name',
  '1) OR (1=1',
  '/*',
  '--',
  '\u0027\u02bc\uff07',
];

/** Spellings of an id that a JSON body must refuse: ids are JSON integers from 1 to 2147483647. */
export const LOOSE_JSON_IDS: readonly unknown[] = [
  true,
  false,
  '1',
  '01',
  ' 1',
  [1],
  { id: 1 },
  0,
  -1,
  1.5,
  2147483648,
  1e308,
  null,
  '',
  '0x1',
];

/** Number values at the edges of what JavaScript, JSON and 32-bit columns hold. */
export const EDGE_NUMBERS: readonly number[] = [0, -1, 1.5, -0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 1e21];

/**
 * Path segments for a record's id that are not its canonical spelling; `{id}` stands for a record
 * that exists, so that reading `00001` as record 1 shows as an answer instead of hiding in a 404.
 */
export const LOOSE_PATH_IDS: readonly string[] = [
  '0{id}',
  '0000{id}',
  '+{id}',
  '-{id}',
  '{id}.0',
  '{id}e0',
  '%20{id}',
  '{id}%20',
  '{id}%00',
  '%2B{id}',
  '0x{hex}',
  '{id}abc',
  '%EF%BC%91',
  'abc',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999999',
  '1e3',
  'NaN',
  'Infinity',
  'true',
  'null',
  '%00',
  '%',
  '%zz',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%E2%80%AE1',
];

/** A record id written as the contract spells it. */
export const isCanonicalId = (text: string) => /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647;

/** Content types a JSON call must refuse a body under. */
export const NOT_JSON_TYPES: readonly string[] = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
];

/** Content types whose reading is the server's to choose: sent, but expected neither way. */
export const DOUBTFUL_JSON_TYPES: readonly string[] = [
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;',
  'application/json-patch+json',
  'application/jsonx',
  'text/json',
  'application/vnd.api+json',
  '*/*',
  'application/',
  ';',
];

/** Not JSON at all, or JSON broken part way. */
export const MALFORMED_JSON: readonly string[] = [
  '{',
  '}',
  '{"a":}',
  '{"a" 1}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  '{"a":1}{"b":2}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":0x10}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":"unterminated}',
  '\u0000',
  'nul\u0000{}',
  '\\',
  '<xml/>',
  'a=1&b=2',
  '--',
  '\ufeff\ufeff{}',
];

/** A JSON text nested `depth` levels deep around `leaf`, as arrays or objects. */
export function deepJson(depth: number, shape: 'array' | 'object', leaf: string): string {
  return shape === 'array' ? '['.repeat(depth) + leaf + ']'.repeat(depth) : '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}
