import net from 'node:net';
import path from 'node:path';
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
  REQUEST_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_LIMITS.requestTimeoutSeconds),
  HEADERS_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_LIMITS.headersTimeoutSeconds),
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_LIMITS.keepAliveTimeoutSeconds),
  MAX_CONNECTIONS: positiveInt(DEFAULT_HTTP_LIMITS.maxConnections),
  MAX_BODIES_IN_FLIGHT_PER_ADDRESS: positiveInt(DEFAULT_HTTP_LIMITS.bodiesInFlightPerAddress),
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
  };
}
