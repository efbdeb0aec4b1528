import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { errorForLog } from './log-options.js';

const PERSON = { name: '赵六日志', email: 'zhao.liu.log@example.com', phone: '+86 138 5555 6666' };
const ADDRESS = '203.0.113.77';
const RESET_TOKEN = 'reset-token-that-must-stay-secret';

/** The server's log holds no applicant's or visitor's data and no secret (docs/decisions/0046). */
describe.each(testEngines())('the log on %s', (engine) => {
  let t: TestApp;
  let lines = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (lines += chunk.toString('utf8')));
    t = await createTestApp(engine, {}, { logStream: stream });
  });
  afterAll(() => t?.close());

  const fromVisitor = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, remoteAddress: ADDRESS, headers: { 'user-agent': 'log-test/1.0' }, ...(payload ? { payload } : {}) });

  it('logs each request by method, path and status, without the address, query, body or headers', async () => {
    expect((await fromVisitor('POST', '/api/ContactInfo', { ...PERSON, message: `我的电话是 ${PERSON.phone}` })).statusCode).toBe(200);
    expect((await fromVisitor('POST', '/api/JoinUs', { ...PERSON, message: 'join' })).statusCode).toBeLessThan(500);
    await fromVisitor('POST', '/api/security/PasswordReset/Request', { email: PERSON.email });
    await fromVisitor('GET', `/reset-password?token=${RESET_TOKEN}&email=${encodeURIComponent(PERSON.email)}`);
    await fromVisitor('POST', '/api/security/login', { userName: 'admin', password: 'not-the-password-at-all' });
    // Give the logger's stream a turn to take the last lines.
    await new Promise((resolve) => setImmediate(resolve));

    expect(lines).toContain('"url":"/api/ContactInfo"');
    expect(lines).toContain('"url":"/reset-password?…"');
    expect(lines).toContain('"statusCode":200');
    for (const secret of [PERSON.name, PERSON.email, PERSON.phone, encodeURIComponent(PERSON.email), ADDRESS, RESET_TOKEN, 'not-the-password-at-all', 'log-test/1.0']) {
      expect(lines, secret).not.toContain(secret);
    }
  });
});

describe('an error as logged', () => {
  it('keeps its kind, code, message and stack, and drops what the database repeated of the row', () => {
    const refused = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: `Key (email)=(${PERSON.email}) already exists.`,
      parameters: [PERSON.name, PERSON.email],
    });
    const logged = errorForLog(new Error('the save failed', { cause: refused }));
    expect(logged).toMatchObject({ type: 'Error', message: 'the save failed', cause: { code: '23505', message: refused.message } });
    expect(JSON.stringify(logged)).not.toContain(PERSON.email);
    expect(JSON.stringify(logged)).not.toContain(PERSON.name);
    expect(errorForLog('plain text')).toEqual({ type: 'string', message: 'plain text', stack: '' });
  });
});
