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
  };
}
