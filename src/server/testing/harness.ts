import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loggerOptions } from '../http/log-options.js';
import { buildApp } from '../app.js';
import { WEB_BUILD_DIR } from '../web/mount.js';
import { loadConfig } from '../config.js';
import { hashToken } from '../auth/tokens.js';
import type { Engine } from '../db/connect.js';
import { createTestDatabase } from './test-databases.js';

export const ADMIN_PASSWORD = 'admin-password-1';

/** SQLite always; PostgreSQL too when `TEST_DATABASE_URL` is set (CI sets it and requires it). */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  engine: Engine;
  dataDir: string;
  /** A request through the whole HTTP stack; JSON bodies are sent as JSON. */
  call(method: InjectOptions['method'], url: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  signIn(userName?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Another instance on the same PostgreSQL database (DESIGN's scale-out), instead of a fresh one.
   * The database stays the other app's: close this app first.
   */
  databaseOf?: TestApp;
  /**
   * The built web app too, mounted as production mounts it, for tests of the pages a visitor gets.
   * It needs `npm run build` first (`npm test` builds before it runs).
   */
  web?: boolean;
  /** Log as the server does (its levels and serializers, at debug) into this stream, not nowhere. */
  logStream?: NodeJS.WritableStream;
}

export async function createTestApp(engine: Engine, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-test-'));
  let sharedUrl: string | undefined;
  if (options.databaseOf) {
    const shared = options.databaseOf.app.ctx.config.database;
    // SQLite belongs to one process (DESIGN section 2): two apps on one file is not a set-up to test.
    if (engine !== 'postgres' || shared.kind !== 'postgres') throw new Error('only PostgreSQL databases are shared between test apps');
    sharedUrl = shared.url;
  }
  if (options.web && !fs.existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js'))) {
    throw new Error('these tests need the built web app: run `npm run build` first');
  }
  // A database the caller names (one a test restored into) is the caller's: none is created then.
  const database = engine === 'postgres' && !sharedUrl && env.DATABASE_URL === undefined ? await createTestDatabase() : undefined;
  let app: FastifyInstance;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: sharedUrl ?? database?.url,
      PORTICO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PORTICO_DEMO: '0',
      LOG_LEVEL: 'silent',
      ...env,
    });
    const logger = options.logStream ? { ...loggerOptions(config), level: 'debug', stream: options.logStream } : false;
    app = await buildApp(config, { logger, web: options.web ?? false, checkResponses: true });
  } catch (error) {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const call: TestApp['call'] = (method, url, body, token, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    app,
    engine,
    dataDir,
    call,
    async signIn(userName = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('POST', '/api/security/login', { userName, password });
      const body = res.json();
      if (!body.isSuccess) throw new Error(`sign-in as ${userName} failed: ${res.body}`);
      return body.data.accessToken.token as string;
    },
    async close() {
      try {
        await app.close();
      } finally {
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Whether the app would answer this token from memory now, without reading its session. */
export function isSessionCached(t: TestApp, token: string): boolean {
  return t.app.ctx.sessionCache.get(hashToken(token), Date.now()) !== undefined;
}

/**
 * Uses a token until the app answers it from memory, and still does a moment later. On PostgreSQL
 * the notice of the user's sign-in (sent to every instance, the signing-in one too) may still be on
 * its way, and forget the session just after its first use.
 */
export async function warmSession(t: TestApp, token: string): Promise<void> {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await t.call('GET', '/api/security/current', undefined, token);
    if (res.statusCode !== 200) throw new Error(`the token was refused: ${res.body}`);
    if (t.engine === 'sqlite' && isSessionCached(t, token)) return;
    await pause();
    if (isSessionCached(t, token)) return;
  }
  throw new Error('the token was never cached');
}

/** Creates a user with the given roles through the API and answers a token for it. */
export async function buildUser(t: TestApp, adminToken: string, roles: string[], userName = `user_${randomBytes(4).toString('hex')}`) {
  const password = 'user-password-1';
  const res = await t.call('POST', '/api/User', { userName, password, roles }, adminToken);
  const body = res.json();
  if (!body.isSuccess) throw new Error(`creating ${userName} failed: ${res.body}`);
  return { id: body.data.id as number, userName, password, token: await t.signIn(userName, password) };
}

/** A minimal but real PDF, DOCX-like zip and images, to upload by content. */
export const samples = {
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  text: Buffer.from('just some text, not a résumé\n'),
  /** An executable pretending to be a PDF by name. */
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]),
};

/** Builds a multipart/form-data body by hand, so tests control every byte. */
export function multipart(fields: Record<string, string>, files: Record<string, { name: string; type: string; content: Buffer }> = {}) {
  const boundary = `----portico${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal DOCX: a zip holding the parts Word and type detection look for (stored, uncompressed). */
export function docxSample(): Buffer {
  const entries: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Résumé</w:t></w:r></w:p></w:body></w:document>'],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal Word 97-2003 document: an OLE compound file that names a WordDocument stream. */
export function docSample(): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([header, Buffer.alloc(504, 0), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(512, 0)]);
}
