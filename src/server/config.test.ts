import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_HTTP_LIMITS, loadConfig } from './config.js';

describe('the HTTP server settings', () => {
  it('default to timeouts sized for a 10 MB upload on a slow link, and to bounded connections', () => {
    const { http } = loadConfig({});
    expect(http).toEqual({
      requestTimeoutMs: 600_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 4096,
      bodiesInFlightPerAddress: 10,
    });
    // A 10 MB résumé, with a generous allowance for its multipart framing, at 150 kbit/s still arrives.
    const seconds = ((10 * 1024 * 1024 + 64 * 1024) * 8) / 150_000;
    expect(seconds).toBeLessThan(DEFAULT_HTTP_LIMITS.requestTimeoutSeconds);
  });

  it('reads each from its variable', () => {
    const { http } = loadConfig({
      REQUEST_TIMEOUT_SECONDS: '900',
      HEADERS_TIMEOUT_SECONDS: '30',
      KEEP_ALIVE_TIMEOUT_SECONDS: '5',
      MAX_CONNECTIONS: '100',
      MAX_BODIES_IN_FLIGHT_PER_ADDRESS: '3',
    });
    expect(http).toEqual({ requestTimeoutMs: 900_000, headersTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 100, bodiesInFlightPerAddress: 3 });
  });

  it('refuses values that are not positive whole numbers, and headers given longer than the whole request', () => {
    for (const [name, value] of [['REQUEST_TIMEOUT_SECONDS', '0'], ['HEADERS_TIMEOUT_SECONDS', '-1'], ['KEEP_ALIVE_TIMEOUT_SECONDS', '1.5'], ['MAX_CONNECTIONS', 'many'], ['MAX_BODIES_IN_FLIGHT_PER_ADDRESS', '0']]) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`^Invalid configuration: ${name} `));
    }
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
  });
});

describe('the audit log setting', () => {
  it('keeps entries 365 days unless AUDIT_RETENTION_DAYS says otherwise, and refuses a value that is not a positive whole number', () => {
    expect(loadConfig({}).audit).toEqual({ retentionDays: 365 });
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).audit).toEqual({ retentionDays: 30 });
    for (const value of ['0', '-5', '1.5', 'forever']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value }), value).toThrow(/^Invalid configuration: AUDIT_RETENTION_DAYS /);
    }
  });
});

describe('the file storage setting', () => {
  const s3 = { S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'portico-files', S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'the-secret-key' };

  it('keeps files in DATA_DIR/files unless S3 is chosen', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portico' }).storage).toEqual({ kind: 'local', dir: path.resolve('/srv/portico/files') });
    expect(loadConfig({ STORAGE: 'local', ...s3 }).storage.kind).toBe('local');
  });

  it('chooses S3 by STORAGE=s3 or by S3_URL, with path-style addressing by default when an address is given', () => {
    expect(loadConfig(s3).storage).toMatchObject({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'portico-files',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'the-secret-key' },
    });
    // AWS itself: no address, virtual-hosted addressing, the SDK's own credential chain.
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'portico-files', S3_REGION: 'eu-west-1' }).storage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'portico-files',
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('refuses S3 settings that do not add up, naming the variable and never repeating a secret', () => {
    for (const [env, variable] of [
      [{ STORAGE: 'ftp' }, 'STORAGE'],
      [{ STORAGE: 's3' }, 'S3_BUCKET'],
      [{ S3_URL: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
      [{ ...s3, S3_URL: 'not a url' }, 'S3_URL'],
      [{ ...s3, S3_URL: 'ftp://files.example.com' }, 'S3_URL'],
      [{ ...s3, S3_URL: 'https://user:the-secret-key@files.example.com' }, 'S3_URL'],
      [{ ...s3, S3_BUCKET: 'Has_Capitals' }, 'S3_BUCKET'],
      [{ ...s3, S3_SECRET_ACCESS_KEY: '' }, 'S3_ACCESS_KEY_ID'],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    ] as const) {
      let message = '';
      try {
        loadConfig(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, JSON.stringify(env)).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
      expect(message).not.toContain('the-secret-key');
    }
  });

  it('never serialises the secret key with the configuration', () => {
    const config = loadConfig(s3);
    expect(JSON.stringify(config)).not.toContain('the-secret-key');
    expect(JSON.stringify(config)).toContain('key-id');
  });
});

describe('the scheduled backup settings', () => {
  it('schedule nothing without BACKUP_DIR, and daily at 03:00 keeping 7 with it', () => {
    expect(loadConfig({}).backup).toEqual({ dir: undefined, keep: 7, cron: '0 3 * * *' });
    expect(loadConfig({ BACKUP_DIR: 'backups' }).backup).toEqual({ dir: path.resolve('backups'), keep: 7, cron: '0 3 * * *' });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_KEEP: '30', BACKUP_CRON: '30 2 * * 1-5' }).backup).toEqual({
      dir: '/srv/backups',
      keep: 30,
      cron: '30 2 * * 1-5',
    });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_CRON: '*/15 * * * *' }).backup.cron).toBe('*/15 * * * *');
  });

  it('refuse a cron expression that is not five valid fields, a keep count that is not a positive whole number, and a schedule without a folder', () => {
    for (const value of ['every day', '0 3 * *', '0 0 3 * * *', '61 3 * * *', '0 25 * * *', '0 3 32 * *']) {
      expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_CRON: value }), value).toThrow(/^Invalid configuration: BACKUP_CRON expected a cron expression of five fields/);
    }
    for (const value of ['0', '-1', '2.5', 'all']) {
      expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP: value }), value).toThrow(/^Invalid configuration: BACKUP_KEEP /);
    }
    expect(() => loadConfig({ BACKUP_CRON: '0 3 * * *' })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_CRON: '0 3 * * *' })).toThrow('BACKUP_CRON needs BACKUP_DIR');
  });
});
