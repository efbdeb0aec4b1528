import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ADMIN_PASSWORD, createTestApp, multipart, testEngines } from './testing/harness.js';
import type { TestApp } from './testing/harness.js';

describe.each(testEngines())('the HTTP contract on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    // Routes may be added until the first request: one that fails the way a bug would.
    t.app.get('/api/test/boom', async () => {
      throw new Error('select password_hash from users -- secret');
    });
  });
  afterAll(() => t.close());

  it('answers unknown calls, malformed JSON and oversize bodies with the envelope', async () => {
    const unknown = await t.call('GET', '/api/NoSuchThing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ isSuccess: false, errorCode: 40004, message: expect.any(String), data: { reason: 'no-such-call' } });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/security/login', payload: '{"userName": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ isSuccess: false, errorCode: 40000 });
    const token = await t.signIn();
    const huge = await t.call('POST', '/api/News', { title: 'x', content: 'x'.repeat(3 * 1024 * 1024), categoryId: 1 }, token);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ isSuccess: false, errorCode: 40013 });
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/News/Query', payload: 'page=1', headers: { 'content-type': 'text/csv' } });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().isSuccess).toBe(false);
  });

  it('answers a wrong method with the not-found envelope, never the web app', async () => {
    for (const [method, url] of [['PUT', '/api/News/Query'], ['DELETE', '/api/security/login'], ['PATCH', '/api/User/Update'], ['GET', '/api/security/logout']] as const) {
      const res = await t.call(method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ isSuccess: false, errorCode: 40004, message: expect.stringContaining(url), data: { reason: 'no-such-call' } });
    }
  });

  it('takes JSON only: any other body type is a 415 envelope, and a body that is no object a 400', async () => {
    for (const [type, payload] of [['text/plain', '{"userName":"admin"}'], ['application/x-www-form-urlencoded', 'userName=admin&password=x'], ['application/xml', '<a/>']]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/security/login', payload, headers: { 'content-type': type } });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ isSuccess: false, errorCode: 40015, message: expect.any(String), data: { reason: 'content-type' } });
    }
    // Each call takes the one kind of body it declares: multipart where JSON is expected and the
    // other way round are the wrong content type as well.
    const token = await t.signIn();
    const form = multipart({ name: 'x' });
    const multipartToJson = await t.app.inject({ method: 'POST', url: '/api/NewsCategory', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    expect(multipartToJson.statusCode).toBe(415);
    expect(multipartToJson.json()).toMatchObject({ isSuccess: false, errorCode: 40015 });
    const jsonToUpload = await t.call('POST', '/api/File', { file: 'x' }, token);
    expect(jsonToUpload.statusCode).toBe(415);
    expect(jsonToUpload.json()).toMatchObject({ isSuccess: false, errorCode: 40015 });
    // An empty body is no body, whatever type the client put on it.
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      const category = (await t.call('POST', '/api/NewsCategory', { name: `empty body ${type}` }, token)).json().data.id;
      const removed = await t.app.inject({ method: 'POST', url: `/api/NewsCategory/${category}`, payload: '', headers: { 'content-type': type, authorization: `Bearer ${token}` } });
      expect(removed.json(), type).toMatchObject({ isSuccess: true, data: { id: category } });
    }
    const charset = await t.app.inject({ method: 'POST', url: '/api/News/Query', payload: '{"pageSize":5}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(charset.json()).toMatchObject({ isSuccess: true, data: { meta: { pageSize: 5 } } });
    const notObject = await t.app.inject({ method: 'POST', url: '/api/News/Query', payload: '[1]', headers: { 'content-type': 'application/json' } });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toMatchObject({ errorCode: 40000, data: { issues: [{ path: '' }] } });
    expect(notObject.json().message).not.toMatch(/^:/);
  });

  it('answers a path with broken percent-encoding with the 400 envelope', async () => {
    for (const url of ['/api/News/%ZZ', '/api/%E0%A4%A']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40000, data: { issues: [{ path: '' }] } });
    }
  });

  it('refuses text holding a NUL character with 400 naming the field, never a database error', async () => {
    const token = await t.signIn();
    const cases: [string, string, string][] = [
      ['/api/News/Query', '{"keyword":"a\\u0000b"}', 'keyword'],
      ['/api/NewsCategory', '{"name":"a\\u0000b"}', 'name'],
      ['/api/ContactInfo', '{"name":"x","email":"a@example.com","message":"m\\u0000"}', 'message'],
      ['/api/News/Query', '{"filters":{"a\\u0000":1}}', 'filters.a\u0000'],
      ['/api/security/login', '{"userName":"a\\u0000b","password":"password-1"}', 'userName'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, remoteAddress: '10.30.0.1' });
      expect(res.statusCode, `${url} ${payload}`).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40000, data: { issues: [{ path: field }] } });
    }
    // An escaped backslash before "u0000" is ordinary text.
    const literal = await t.call('POST', '/api/NewsCategory', { name: 'a\\u0000b' }, token);
    expect(literal.json().data.name).toBe('a\\u0000b');
  });

  it('refuses ids beyond 32 bits with 400 naming the field, in a path as in a body, never a database error', async () => {
    const token = await t.signIn();
    const big = 3_000_000_000;
    for (const [method, url] of [['GET', `/api/News/${big}`], ['GET', `/api/JobApplication/${big}`], ['POST', `/api/News/${big}`], ['DELETE', `/api/User/${big}`], ['GET', `/api/File/Download/${big}`]] as const) {
      const res = await t.call(method, url, undefined, token);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 40000, data: { issues: [{ path: 'id' }] } });
    }
    for (const [url, body, field] of [
      ['/api/News/Query', { filters: { categoryId: big } }, 'filters.categoryId'],
      ['/api/News/Update', { id: big, title: 'x' }, 'id'],
      ['/api/News', { title: 'x', content: '<p>x</p>', categoryId: big }, 'categoryId'],
      ['/api/User/UpdatePassword', { id: big, newPassword: 'password-123' }, 'id'],
    ] as const) {
      const res = await t.call('POST', url, body, token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });

  it('answers an unexpected error with 500 and a request id, never the error itself', async () => {
    const res = await t.call('GET', '/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 50000, data: null });
    expect(res.body).not.toMatch(/select|password|secret|at .*\.js/i);
    expect(res.json().message).toContain(res.headers['x-request-id']);
  });

  it('says the process is alive and the database answers', async () => {
    expect((await t.call('GET', '/healthz')).json()).toMatchObject({ isSuccess: true, data: { status: 'ok' } });
    expect((await t.call('GET', '/readyz')).json()).toMatchObject({ isSuccess: true, data: { status: 'ready', database: engine } });
  });

  it('documents every call at /api/docs, generated from the schemas', async () => {
    const doc = (await t.call('GET', '/api/docs/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of t.app.apiRoutes) {
      const url = `/api/${route.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(doc.paths[url]?.[route.method.toLowerCase()], `${route.method} ${url}`).toBeDefined();
    }
    expect(doc.paths['/api/News'].post.requestBody.content['application/json'].schema.properties.title).toBeDefined();
    expect(doc.paths['/api/JobApplication'].post.requestBody.content['multipart/form-data'].schema.properties.resume).toBeDefined();
    for (const [url, accept] of [['/api/docs/json', '*/*'], ['/api/docs', 'application/json']]) {
      const same = await t.call('GET', url, undefined, undefined, { accept });
      expect(same.headers['content-type'], url).toMatch(/^application\/json/);
      expect(same.json(), url).toEqual(doc);
    }
    const page = await t.call('GET', '/api/docs', undefined, undefined, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/security/login');
    expect(page.body).toContain('/api/JobApplication/Query');
  });

  it('declares the answer of every call that answers JSON, and documents it', async () => {
    const doc = (await t.call('GET', '/api/docs/openapi.json')).json();
    for (const route of t.app.apiRoutes.filter((r) => !r.raw)) {
      expect(route.response, `${route.method} ${route.path}`).toBeDefined();
      const url = `/api/${route.path.replace(/:(\w+)/g, '{$1}')}`;
      const answer = doc.paths[url][route.method.toLowerCase()].responses[200].content['application/json'].schema;
      expect(Object.keys(answer.properties.data), `${route.method} ${url}`).not.toHaveLength(0);
    }
  });

  it('answers 503 / 50003 when the database is gone', async () => {
    const down = await createTestApp(engine);
    const token = await down.signIn();
    await down.app.ctx.db.close();
    const res = await down.call('POST', '/api/News/Query', {}, token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 50003 });
    expect((await down.call('GET', '/readyz')).statusCode).toBe(503);
    // close() closes the database again; that must not fail.
    await down.close().catch(() => undefined);
  });

  it('runs the migrations once: a second start on the same database finds it ready', async () => {
    const again = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: engine === 'postgres' ? (t.app.ctx.config.database as { url: string }).url : undefined, LOG_LEVEL: 'silent', PORTICO_DEMO: '0' }),
      { logger: false, web: false },
    );
    try {
      const res = await again.inject({ method: 'POST', url: '/api/security/login', payload: { userName: 'admin', password: ADMIN_PASSWORD } });
      expect(res.json().isSuccess).toBe(true);
    } finally {
      await again.close();
    }
  });
});

describe('start-up', () => {
  it('refuses a bad setting with one line naming the variable', () => {
    for (const [name, value] of [['PORT', 'abc'], ['PORTICO_ADMIN_PASSWORD', 'short'], ['LOG_LEVEL', 'loud'], ['DATABASE_URL', 'mysql://x'], ['TRUST_PROXY', 'my-proxy'], ['TRUST_PROXY', '10.0.0.0/99'], ['SESSION_IDLE_MINUTES', '-5'], ['DATABASE_POOL_SIZE', '0']]) {
      let message = '';
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toContain(name);
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it('names DATABASE_URL or DATA_DIR in one line when the database cannot be opened, never the password', async () => {
    const attempts: [Record<string, string>, string][] = [
      [{ DATABASE_URL: 'postgres://portico:s3cret-word@127.0.0.1:1/portico' }, 'DATABASE_URL'],
      [{ DATA_DIR: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portico-bad-')), 'a-file', 'data') }, 'DATA_DIR'],
    ];
    for (const [env, setting] of attempts) {
      if (env.DATA_DIR) fs.writeFileSync(path.dirname(env.DATA_DIR), 'not a folder');
      const failure = await buildApp(loadConfig({ NODE_ENV: 'test', PORTICO_DEMO: '0', ...env }), { logger: false, web: false }).then(
        () => new Error('started'),
        (error: Error) => error,
      );
      expect(failure.message).toMatch(new RegExp(`^${setting}: `));
      expect(failure.message.split('\n')).toHaveLength(1);
      expect(failure.message).not.toContain('s3cret-word');
      if (env.DATA_DIR) fs.rmSync(path.dirname(path.dirname(env.DATA_DIR)), { recursive: true, force: true });
    }
  });

  it('reads TRUST_PROXY as true, false or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('creates the administrator with a random password logged once, and adds the demo content', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-boot-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORTICO_DEMO: '1' }), { logger: { level: 'info', stream }, web: false });
    try {
      const line = lines.find((l) => l.includes('one-time password'));
      const password = /one-time password: (\S+?)"/.exec(line ?? '')?.[1];
      expect(password).toBeTruthy();
      const login = await app.inject({ method: 'POST', url: '/api/security/login', payload: { userName: 'admin', password } });
      expect(login.json().isSuccess).toBe(true);
      const news = (await app.inject({ method: 'POST', url: '/api/News/Query', payload: { pageSize: 100 } })).json().data;
      expect(news.meta.total).toBeGreaterThanOrEqual(12);
      const locales = new Set(news.items.map((n: { locale: string }) => n.locale));
      expect([...locales].sort()).toEqual(['en-US', 'zh-CN']);
      const jobs = (await app.inject({ method: 'POST', url: '/api/Job/Query', payload: { pageSize: 100 } })).json().data;
      expect(jobs.meta.total).toBeGreaterThanOrEqual(8);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts empty with PORTICO_DEMO=0', async () => {
    const t = await createTestApp('sqlite', { PORTICO_DEMO: '0' });
    try {
      expect((await t.call('POST', '/api/News/Query')).json().data.meta.total).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('finishes requests in flight and exits cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-stop-'));
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PORTICO_DEMO: '0', PORTICO_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    try {
      const deadline = Date.now() + 40_000;
      while (!output.includes('Portico is listening')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(output);
        await new Promise((r) => setTimeout(r, 100));
      }
      // A sign-in takes a while (argon2): the signal arrives while the server is working on it.
      const answer = new Promise<string>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/security/login', headers: { 'content-type': 'application/json' } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve(body));
        });
        request.on('error', reject);
        request.end(JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }));
      });
      await new Promise((r) => setTimeout(r, 20));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(JSON.parse(await answer).isSuccess).toBe(true);
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('throttling counters in Redis', () => {
  it('counts only failed sign-ins against an address: a success gives its place back', async () => {
    const t = await createTestApp('sqlite', { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_KEY_PREFIX: `portico-test-${randomBytes(4).toString('hex')}:`, LOGIN_MAX_FAILURES_PER_ADDRESS: '2' });
    try {
      expect((await t.call('POST', '/api/security/login', { userName: 'nobody', password: 'wrong-password' })).json().errorCode).toBe(40001);
      for (let i = 0; i < 4; i++) expect(await t.signIn()).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it('locks a user name across two instances sharing Redis', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_KEY_PREFIX: `portico-test-${randomBytes(4).toString('hex')}:`, LOGIN_MAX_FAILURES_PER_USER: '3' };
    const a = await createTestApp('sqlite', env);
    const b = await createTestApp('sqlite', env);
    try {
      for (let i = 0; i < 2; i++) await a.call('POST', '/api/security/login', { userName: 'admin', password: 'wrong-password' });
      await b.call('POST', '/api/security/login', { userName: 'admin', password: 'wrong-password' });
      for (const instance of [a, b]) {
        const res = await instance.call('POST', '/api/security/login', { userName: 'ADMIN', password: ADMIN_PASSWORD });
        expect(res.statusCode).toBe(429);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});
