import net from 'node:net';
import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'true' || v === 'yes'));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

// The names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDR ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * `true` (every proxy), `false`, or the comma-separated addresses, CIDR ranges or range names of the
 * proxies whose `X-Forwarded-For` may be believed. Checked here: a typo would otherwise surface as
 * a stack trace from deep inside the server, or silently trust nobody.
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): string[] | boolean => {
    if (value === undefined || value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: `expected true, false or proxy addresses / CIDR ranges, got "${bad ?? value}"` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Connections kept to PostgreSQL when `DATABASE_POOL_SIZE` is not set. PostgreSQL on Portico's small
 * server shares its cores with Node: under the staff list's load 4 connections answered 10-35% more
 * calls than 10, with a lower p99, because each extra connection is one more process to wake and
 * switch to. Transactions each hold one from begin to commit, so 4 still lets a few run at once
 * (docs/decisions/0016-postgres-driver.md).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

/**
 * How long a client may take and how many connections it may hold (docs/decisions/0026). The whole
 * request, body included, may take 10 minutes: a 10 MB résumé (~84 Mbit) needs ~4.7 minutes at
 * 300 kbit/s, so this leaves room for links down to ~150 kbit/s. Headers come in one or two
 * packets, so 20 s is generous. Idle keep-alive connections stay 72 s, longer than the 60 s idle
 * timeout of common proxies and load balancers.
 */
export const DEFAULT_HTTP_LIMITS = {
  requestTimeoutSeconds: 600,
  headersTimeoutSeconds: 20,
  keepAliveTimeoutSeconds: 72,
  maxConnections: 4096,
  bodiesInFlightPerAddress: 10,
};

/** An S3 bucket name as AWS allows them; S3-compatible stores accept these too. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The S3-compatible server's address; credentials go in their own variables, never in the URL. */
const s3EndpointSetting = z
  .string()
  .optional()
  .refine(
    (value) => {
      if (value === undefined) return true;
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    },
    { message: 'expected the http:// or https:// address of the S3-compatible server, without credentials in it (set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)' },
  );

/** Scheduled backups run daily at 03:00 server time unless `BACKUP_CRON` says otherwise. */
export const DEFAULT_BACKUP_CRON = '0 3 * * *';

/**
 * A standard five-field cron expression (minute hour day-of-month month day-of-week, e.g.
 * "30 2 * * *", or "0 3 * * 1-5" for weekdays), checked by the parser that schedules it (croner).
 */
const backupCronSetting = z
  .string()
  .optional()
  .refine(
    (value) => {
      if (value === undefined) return true;
      try {
        new Cron(value, { mode: '5-part', paused: true }).stop();
        return true;
      } catch {
        return false;
      }
    },
    { message: 'expected a cron expression of five fields, minute hour day month weekday (e.g. "0 3 * * *")' },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres|postgresql|sqlite):/.test(v) || !v.includes('://'), {
      message: 'expected postgres://…, sqlite:<file> or empty for the embedded database',
    }),
  DATABASE_POOL_SIZE: positiveInt(DEFAULT_DATABASE_POOL_SIZE),
  PUBLIC_URL: z.string().url().optional(),
  PORTICO_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  PORTICO_DEMO: flag(true),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Portico <no-reply@portico.local>'),
  HR_EMAIL: z.string().email().default('hr@portico.local'),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('portico:'),
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: positiveInt(120),
  SESSION_ABSOLUTE_HOURS: positiveInt(12),
  LOGIN_MAX_FAILURES_PER_USER: positiveInt(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(50),
  LOGIN_LOCK_MINUTES: positiveInt(15),
  FORM_MAX_PER_ADDRESS: positiveInt(20),
  FORM_WINDOW_MINUTES: positiveInt(10),
  AUDIT_RETENTION_DAYS: positiveInt(365),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: positiveInt(7),
  BACKUP_CRON: backupCronSetting,
  RETENTION_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  NOTIFY_DIGEST_MINUTES: positiveInt(60),
  REQUEST_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_LIMITS.requestTimeoutSeconds),
  HEADERS_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_LIMITS.headersTimeoutSeconds),
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_LIMITS.keepAliveTimeoutSeconds),
  MAX_CONNECTIONS: positiveInt(DEFAULT_HTTP_LIMITS.maxConnections),
  MAX_BODIES_IN_FLIGHT_PER_ADDRESS: positiveInt(DEFAULT_HTTP_LIMITS.bodiesInFlightPerAddress),
  STORAGE: z.enum(['local', 's3'], { error: 'expected local (files in DATA_DIR/files) or s3 (an S3-compatible bucket)' }).optional(),
  S3_URL: s3EndpointSetting,
  S3_BUCKET: z.string().regex(BUCKET_NAME, 'expected a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, 'expected a region name such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false', 'yes', 'no'], { error: 'expected true or false' }).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** `poolSize`: how many connections Portico keeps to PostgreSQL (`DEFAULT_DATABASE_POOL_SIZE` when not given). */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize?: number };
  publicUrl: string;
  adminPassword?: string;
  demo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  hrEmail: string;
  redisUrl?: string;
  redisKeyPrefix: string;
  trustProxy: string[] | boolean;
  logLevel: string;
  session: { idleMs: number; absoluteMs: number };
  /** Timeouts and connection limits of the HTTP server (docs/decisions/0026). */
  http: {
    /** The whole request, headers and body, must arrive within this time, or it is answered 408. */
    requestTimeoutMs: number;
    /** The headers must arrive within this time (at most `requestTimeoutMs`). */
    headersTimeoutMs: number;
    /** An idle keep-alive connection is closed after this time. */
    keepAliveTimeoutMs: number;
    /** Connections beyond this many are closed as they open. */
    maxConnections: number;
    /** Requests from one client address whose body is still arriving; one more is answered 429. */
    bodiesInFlightPerAddress: number;
  };
  throttle: {
    loginMaxPerUser: number;
    loginMaxPerAddress: number;
    loginWindowMs: number;
    formMaxPerAddress: number;
    formWindowMs: number;
  };
  /** The audit log keeps entries this many days (docs/decisions/0036-audit-log.md). */
  audit: { retentionDays: number };
  /** Where uploaded files are kept (docs/decisions/0041-object-storage.md). */
  storage: { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings);
  /**
   * Scheduled backups (docs/decisions/0042-backups.md): none without `dir`; otherwise one at each
   * time `cron` names (server time), of which the newest `keep` are kept.
   */
  backup: { dir?: string; keep: number; cron: string };
  /** The daily retention run starts once this UTC hour has come (docs/decisions/0045). */
  retention: { hour: number };
  /** The contact and join-us forms' digest to staff goes at most once per this many minutes. */
  notify: { digestMinutes: number };
}

/** An S3-compatible bucket that every instance shares. */
export interface S3Settings {
  /** None for AWS itself, whose address the SDK derives from the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** None: the AWS SDK's own chain (AWS_* variables, an instance role). Never logged: see `secretCredentials`. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Credentials that print as a placeholder if anything ever serialises the configuration. */
function secretCredentials(accessKeyId: string, secretAccessKey: string): S3Settings['credentials'] {
  return Object.defineProperty({ accessKeyId, secretAccessKey }, 'toJSON', { value: () => ({ accessKeyId, secretAccessKey: '[redacted]' }) });
}

/** The file storage setting; one line naming the variable when the S3 settings do not add up. */
function storageOf(e: z.output<typeof envSchema>, dataDir: string): Config['storage'] {
  // S3_URL alone is enough to choose S3; STORAGE, when given, decides.
  const kind = e.STORAGE ?? (e.S3_URL ? 's3' : 'local');
  if (kind === 'local') return { kind, dir: path.join(dataDir, 'files') };
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET is required when files are kept in S3 (STORAGE=s3 or S3_URL set)');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain');
  }
  const pathStyle = e.S3_FORCE_PATH_STYLE;
  return {
    kind,
    endpoint: e.S3_URL,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    // Self-hosted stores seldom have a DNS name per bucket; AWS itself prefers one.
    forcePathStyle: pathStyle === undefined ? e.S3_URL !== undefined : pathStyle === '1' || pathStyle === 'true' || pathStyle === 'yes',
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? secretCredentials(e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY) : undefined,
  };
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  // Node refuses to start otherwise, with a message that names neither variable.
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration: HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:/.test(url)
      ? { kind: 'postgres', url, poolSize: e.DATABASE_POOL_SIZE }
      : {
          kind: 'sqlite',
          file: url ? path.resolve(url.replace(/^sqlite:/, '')) : path.join(dataDir, 'portico.db'),
        };
  const trustProxy = e.TRUST_PROXY;
  const lockMs = e.LOGIN_LOCK_MINUTES * 60_000;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    adminPassword: e.PORTICO_ADMIN_PASSWORD,
    demo: e.PORTICO_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    hrEmail: e.HR_EMAIL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
      bodiesInFlightPerAddress: e.MAX_BODIES_IN_FLIGHT_PER_ADDRESS,
    },
    throttle: {
      loginMaxPerUser: e.LOGIN_MAX_FAILURES_PER_USER,
      loginMaxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      loginWindowMs: lockMs,
      formMaxPerAddress: e.FORM_MAX_PER_ADDRESS,
      formWindowMs: e.FORM_WINDOW_MINUTES * 60_000,
    },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    storage: storageOf(e, dataDir),
    backup: backupOf(e),
    retention: { hour: e.RETENTION_HOUR },
    notify: { digestMinutes: e.NOTIFY_DIGEST_MINUTES },
  };
}

/** The scheduled backups; a schedule without a folder to write to is a mistake, said at start-up. */
function backupOf(e: z.output<typeof envSchema>): Config['backup'] {
  if (e.BACKUP_CRON && !e.BACKUP_DIR) throw new ConfigError('Invalid configuration: BACKUP_CRON needs BACKUP_DIR, the folder the backups go to');
  return { dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined, keep: e.BACKUP_KEEP, cron: e.BACKUP_CRON ?? DEFAULT_BACKUP_CRON };
}
