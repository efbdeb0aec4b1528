import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { MALFORMED_MULTIPART } from './multipart.js';

/**
 * Whatever a multipart body gets wrong (no boundary, cut short, a broken part), the upload library's
 * errors carry no code: each is a 4xx in the envelope, never the 500 of an unclassified error.
 */
describe.each(testEngines())('malformed multipart bodies on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  /** The anonymous application form and the staff upload, the two multipart calls. */
  const send = (url: string, contentType: string, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, ...(url === '/api/File' ? { authorization: `Bearer ${admin}` } : {}) },
      // The application form counts submissions per address: each request has its own.
      remoteAddress: `10.66.0.${++address}`,
    });
  const calls = ['/api/JobApplication', '/api/File'];

  const expectMalformed = (res: { statusCode: number; body: string; json: () => unknown }, message: string, what: string, code = 'malformed_multipart') => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json(), what).toEqual({ isSuccess: false, errorCode: 40000, message, data: { issues: [{ path: '', code, message }] } });
  };

  it('answers 400 for a body cut short, without a boundary, or with a boundary busboy refuses', async () => {
    const field = 'Content-Disposition: form-data; name="name"\r\n\r\n';
    // A file part under the name each call takes, so that only its end is wrong.
    const filePart = (url: string) => `Content-Disposition: form-data; name="${url === '/api/File' ? 'file' : 'resume'}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const cases: [string, string, string | ((url: string) => string)][] = [
      ['cut short in a field', 'multipart/form-data; boundary=ccc', `--ccc\r\n${field}x`],
      ['cut short in a file', 'multipart/form-data; boundary=ccc', (url) => `--ccc\r\n${filePart(url)}%PDF-1.4`],
      ['cut short in the headers of a part', 'multipart/form-data; boundary=ccc', '--ccc\r\nContent-Disposition: form-da'],
      ['no boundary', 'multipart/form-data', `--ccc\r\n${field}x\r\n--ccc--\r\n`],
      ['an empty boundary, and no part', 'multipart/form-data; boundary=', 'x'],
      ['a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n${field}x`],
      ['no multipart at all', 'multipart/form-data; boundary=ccc', 'just some text'],
    ];
    for (const [what, contentType, payload] of cases) {
      for (const url of calls) {
        const body = typeof payload === 'string' ? payload : payload(url);
        expectMalformed(await send(url, contentType, body), MALFORMED_MULTIPART, `${url}, ${what}`);
      }
    }
  });

  it('answers 400 for a part labelled JSON that is not, and for a field named after a prototype property', async () => {
    for (const url of calls) {
      const json = await send(url, 'multipart/form-data; boundary=ccc', '--ccc\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--ccc--\r\n');
      expectMalformed(json, 'Malformed request body', `${url}, JSON part`, 'malformed_body');
      const proto = await send(url, 'multipart/form-data; boundary=ccc', '--ccc\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--ccc--\r\n');
      expectMalformed(proto, 'Malformed request body', `${url}, __proto__`, 'malformed_body');
    }
  });

  it('answers 413 for a field over its size limit rather than reading it cut short', async () => {
    const res = await send('/api/JobApplication', 'multipart/form-data; boundary=ccc', `--ccc\r\nContent-Disposition: form-data; name="coverLetter"\r\n\r\n${'x'.repeat(70 * 1024)}\r\n--ccc--\r\n`);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40013 });
  });
});
