import { resolve } from 'node:path';
import { z } from 'zod';
import type { Config } from './kernel/config';

export type { Config } from './kernel/config';

/** A setting that cannot be used, named as the operator wrote it; start-up exits 2 with this line. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly accepts: string,
  ) {
    super(`${variable}=${JSON.stringify(value)} is not valid: ${accepts}`);
  }
}

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .describe(`a whole number from ${min} to ${max}`);
const flag = () =>
  z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .describe('1 or 0 (true or false)');
const oneOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z.enum(values).describe(`one of ${values.join(', ')}`);
const text = () => z.string().min(1).describe('a non-empty string');
const postgresUrl = () =>
  z
    .string()
    .refine((v) => {
      try {
        return ['postgres:', 'postgresql:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    })
    .describe('a postgres:// or postgresql:// connection URL');

const smtpUrl = () =>
  z
    .string()
    .refine((v) => {
      try {
        return ['smtp:', 'smtps:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    })
    .describe('an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587');

/**
 * Every environment variable the server reads, with what it accepts: the README's configuration table
 * is the same list. Unset and empty mean the default.
 */
const variables = {
  PORT: integer(0, 65535).default(3000),
  HOST: text().default('127.0.0.1'),
  DATABASE_URL: postgresUrl().optional(),
  DATABASE_POOL_SIZE: integer(1, 1000).default(10),
  DATABASE_PREPARED_STATEMENTS: flag().default(true),
  DATABASE_WAIT_SECONDS: integer(0, 3600).default(60),
  DATABASE_LISTEN_URL: z
    .union([z.literal('off'), postgresUrl()])
    .describe('off, or a postgres:// or postgresql:// connection URL')
    .optional(),
  DATABASE_READ_URL: text()
    .refine((v) =>
      v.split(',').every((u) => {
        try {
          return ['postgres:', 'postgresql:'].includes(new URL(u.trim()).protocol);
        } catch {
          return false;
        }
      }),
    )
    .describe('postgres:// URLs of read replicas, comma-separated')
    .optional(),
  DATABASE_READ_MAX_LAG_MS: integer(0, 3_600_000).default(2000),
  DATABASE_READ_AFTER_WRITE_MS: integer(0, 3_600_000).default(5000),
  DATA_DIR: text().default('./data'),
  ADMIN_TOKEN: text().optional(),
  EARN_CLOCK: oneOf(['system', 'test']).default('system'),
  WEB_DIST: text().optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JOB_INTERVAL_MS: integer(10, 86_400_000).default(5000),
  JOB_SHARD_ROWS: integer(0, 1_000_000_000).default(250_000),
  PGLITE_ADVANCE_HOLD_MS: integer(0, 60_000).default(250),
  SEED_DEMO: flag().default(true),
  SECURE_COOKIES: flag().default(false),
  WORKERS: integer(1, 256).default(1),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000).default(10_000),
  TRUST_PROXY: text()
    .describe('true, false, or the proxies as addresses, CIDRs, loopback or uniquelocal, comma-separated')
    .optional(),
  METRICS_TOKEN: text().optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000_000).default(10),
  ANON_WRITE_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000_000).default(60),
  PUBLIC_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000_000).default(1200),
  MONEY_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000_000).default(120),
  RESPONSE_CHECK: flag().default(false),
  FUNDPASS_FIRST_MOVE: flag().default(true),
  SMTP_URL: smtpUrl().optional(),
  MAIL_FROM: text().default('Earn <no-reply@earn.local>'),
  INBOX_STREAM_POLL_MS: integer(100, 600_000).default(2000),
  GROUP_COMMIT: flag().default(true),
  GROUP_COMMIT_MAX_BATCH: integer(1, 64).default(32),
  GROUP_COMMIT_WINDOW_MS: integer(0, 5).default(0),
} as const;

type Variables = { [K in keyof typeof variables]: z.output<(typeof variables)[K]> };

/** The names of every variable read, for the README's table test. */
export const CONFIG_VARIABLES = Object.keys(variables) as (keyof typeof variables)[];

/** Parses every variable; the first one that cannot be used throws a ConfigError naming it. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed: Partial<Record<string, unknown>> = {};
  for (const name of CONFIG_VARIABLES) {
    const schema = variables[name] as z.ZodType;
    const raw = env[name];
    const result = schema.safeParse(raw === '' ? undefined : raw);
    if (!result.success) {
      const inner = (schema as z.ZodType & { unwrap?: () => z.ZodType }).unwrap?.() ?? schema;
      throw new ConfigError(name, raw ?? '', inner.description ?? schema.description ?? 'see the README');
    }
    parsed[name] = result.data;
  }
  const v = parsed as Variables;
  return {
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    databasePreparedStatements: v.DATABASE_PREPARED_STATEMENTS,
    databaseWaitSeconds: v.DATABASE_WAIT_SECONDS,
    databaseListenUrl: listenUrl(v.DATABASE_URL, v.DATABASE_LISTEN_URL, v.DATABASE_PREPARED_STATEMENTS),
    // Replicas need a primary on PostgreSQL; PGlite has none.
    databaseReadUrls:
      v.DATABASE_URL && v.DATABASE_READ_URL ? v.DATABASE_READ_URL.split(',').map((u) => u.trim()) : [],
    databaseReadMaxLagMs: v.DATABASE_READ_MAX_LAG_MS,
    databaseReadAfterWriteMs: Math.max(v.DATABASE_READ_AFTER_WRITE_MS, v.DATABASE_READ_MAX_LAG_MS),
    dataDir: resolve(v.DATA_DIR),
    adminToken: v.ADMIN_TOKEN,
    clock: v.EARN_CLOCK,
    webDist: resolve(v.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: v.LOG_LEVEL,
    jobIntervalMs: v.JOB_INTERVAL_MS,
    jobShardRows: v.DATABASE_URL ? v.JOB_SHARD_ROWS : 0,
    pgliteAdvanceHoldMs: v.PGLITE_ADVANCE_HOLD_MS,
    seedDemo: v.SEED_DEMO,
    secureCookies: v.SECURE_COOKIES,
    // Several processes on one PGlite directory would corrupt it: WORKERS needs PostgreSQL.
    workers: v.DATABASE_URL ? v.WORKERS : 1,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(v.TRUST_PROXY),
    metricsToken: v.METRICS_TOKEN,
    authRateLimitPerMinute: v.AUTH_RATE_LIMIT_PER_MINUTE,
    anonWriteRateLimitPerMinute: v.ANON_WRITE_RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: v.PUBLIC_RATE_LIMIT_PER_MINUTE,
    moneyRateLimitPerMinute: v.MONEY_RATE_LIMIT_PER_MINUTE,
    checkResponses: v.RESPONSE_CHECK,
    fundpassFirstMove: v.FUNDPASS_FIRST_MOVE,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    inboxStreamPollMs: v.INBOX_STREAM_POLL_MS,
    groupCommit: v.GROUP_COMMIT,
    groupCommitMaxBatch: v.GROUP_COMMIT_MAX_BATCH,
    groupCommitWindowMs: v.GROUP_COMMIT_WINDOW_MS,
  };
}

/** LISTEN needs a session of its own on PostgreSQL: named, or the primary unless it is behind PgBouncer. */
function listenUrl(databaseUrl?: string, listen?: string, prepared?: boolean): string | undefined {
  if (!databaseUrl || listen === 'off') return undefined;
  return listen ?? (prepared ? databaseUrl : undefined);
}

/**
 * TRUST_PROXY: `true` trusts every hop (only when nothing but the proxy can reach the server), else a
 * comma-separated list of the proxies' addresses, CIDRs or proxy-addr's names (`loopback`,
 * `uniquelocal`). Fastify 5 ignores a hop count, so none is offered.
 */
function parseTrustProxy(value: string | undefined): boolean | string | undefined {
  if (!value || value === 'false') return undefined;
  return value === 'true' ? true : value;
}

/**
 * The configuration, checked before anything opens: a value that cannot be used ends the process
 * with status 2 and one line naming the variable, the value and what it accepts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`configuration: ${error.message}\n`);
    process.exit(2);
  }
}
