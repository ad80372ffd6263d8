import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** PostgreSQL connections per server process (default 10). */
  databasePoolSize?: number;
  dataDir: string;
  adminToken?: string;
  clock: 'system' | 'test';
  /** Where the built web app is; served at / when present. */
  webDist: string;
  logLevel: string;
  /** How often each instance looks for periodic work that fell due. */
  jobIntervalMs: number;
  seedDemo: boolean;
  /** Cookies need `Secure` behind HTTPS; off for the plain-HTTP local server. */
  secureCookies: boolean;
  /** Login and registration tries per minute per client address (default 10). */
  authRateLimitPerMinute?: number;
  /** Fastify's trustProxy: true, or the proxies' addresses/CIDRs, comma-separated (TRUST_PROXY). */
  trustProxy?: boolean | string;
  /** Bearer token that `GET /metrics` asks for when set (METRICS_TOKEN). */
  metricsToken?: string;
  /** Anonymous writes (analytics intake) per minute per client address (default 60). */
  anonWriteRateLimitPerMinute?: number;
  /** Reads without a session per minute per client address (default 1200). */
  publicRateLimitPerMinute?: number;
  /** Money-moving calls per minute per user (default 120). */
  moneyRateLimitPerMinute?: number;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clock = env.EARN_CLOCK === 'test' ? 'test' : 'system';
  if (env.EARN_CLOCK && env.EARN_CLOCK !== 'test' && env.EARN_CLOCK !== 'system') {
    throw new Error(`EARN_CLOCK must be 'test' or 'system', got '${env.EARN_CLOCK}'`);
  }
  return {
    port: Number.parseInt(env.PORT ?? '3000', 10),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number.parseInt(env.DATABASE_POOL_SIZE ?? '10', 10) || 10,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    adminToken: env.ADMIN_TOKEN || undefined,
    clock,
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    jobIntervalMs: Number.parseInt(env.JOB_INTERVAL_MS ?? '5000', 10),
    seedDemo: env.SEED_DEMO !== '0',
    secureCookies: env.SECURE_COOKIES === '1',
    authRateLimitPerMinute: Number.parseInt(env.AUTH_RATE_LIMIT_PER_MINUTE ?? '10', 10),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    anonWriteRateLimitPerMinute: Number.parseInt(env.ANON_WRITE_RATE_LIMIT_PER_MINUTE ?? '60', 10),
    publicRateLimitPerMinute: Number.parseInt(env.PUBLIC_RATE_LIMIT_PER_MINUTE ?? '1200', 10),
    moneyRateLimitPerMinute: Number.parseInt(env.MONEY_RATE_LIMIT_PER_MINUTE ?? '120', 10),
  };
}
