export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** PostgreSQL connections per server process (default 10). */
  databasePoolSize?: number;
  /** Named server-side statements (DATABASE_PREPARED_STATEMENTS, default on); off behind PgBouncer. */
  databasePreparedStatements?: boolean;
  /** How long start-up waits for the database to answer before it gives up (default 60 s). */
  databaseWaitSeconds?: number;
  /**
   * Where the instance LISTENs for new inbox items (DATABASE_LISTEN_URL): PostgreSQL itself. Defaults
   * to DATABASE_URL unless prepared statements are off (a PgBouncer in transaction mode cannot carry a
   * LISTEN); unset: open notification streams poll.
   */
  databaseListenUrl?: string;
  dataDir: string;
  adminToken?: string;
  clock: 'system' | 'test';
  /** Where the built web app is; served at / when present. */
  webDist: string;
  logLevel: string;
  /** How often each instance looks for periodic work that fell due. */
  jobIntervalMs: number;
  /**
   * Positions per shard of a sharded period (JOB_SHARD_ROWS, default 250 000; 0: each period in one
   * transaction). PostgreSQL only: PGlite has one connection, so it books each period whole.
   */
  jobShardRows?: number;
  /**
   * PGlite only (PGLITE_ADVANCE_HOLD_MS, default 250): how long one transaction of a clock advance may
   * run before it commits at the next instant and lets other calls in; 0: a transaction per period end.
   */
  pgliteAdvanceHoldMs?: number;
  seedDemo: boolean;
  /** Cookies need `Secure` behind HTTPS; off for the plain-HTTP local server. */
  secureCookies: boolean;
  /** Server processes sharing the port (PostgreSQL only; default 1). */
  workers?: number;
  /** How long SIGTERM lets requests in flight finish before the process exits anyway (default 10 s). */
  shutdownTimeoutMs?: number;
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
  /**
   * Every answer also encoded by its zod schema and compared with the fast serializer's JSON (the test
   * suite turns it on; it costs a zod pass per answer).
   */
  checkResponses?: boolean;
  /** Read replicas (streaming replication) for reads that may lag; empty: every read on the primary. */
  databaseReadUrls?: string[];
  /** A replica further behind than this is skipped. */
  databaseReadMaxLagMs?: number;
  /** After a write, that user's reads go to the primary this long (never shorter than the lag allowed). */
  databaseReadAfterWriteMs?: number;
  /**
   * Whether a user without a funding password must set one before the first subscription, stake or
   * purchase, until an operator changes the setting (FUNDPASS_FIRST_MOVE, default on).
   */
  fundpassFirstMove?: boolean;
  /** Where mail goes (SMTP_URL, smtp:// or smtps://); unset: mail stays in the outbox table. */
  smtpUrl?: string;
  /** The From of every mail (MAIL_FROM). */
  mailFrom?: string;
  /**
   * How often an open notification stream looks for new items while PostgreSQL does not announce them
   * (INBOX_STREAM_POLL_MS, default 2000); with announcements, every 15 such periods still.
   */
  inboxStreamPollMs?: number;
  /**
   * Group commit of concurrent flexible subscriptions and redemptions (GROUP_COMMIT, default on): calls
   * of different users arriving while others are written go together in one statement, and their fast
   * reads, arriving while one is in flight, in one read (infra/db/group-commit.ts).
   */
  groupCommit?: boolean;
  /** Calls one group-commit statement carries at most (GROUP_COMMIT_MAX_BATCH, 1–64, default 32). */
  groupCommitMaxBatch?: number;
  /** How long an idle group-commit queue waits for more calls (GROUP_COMMIT_WINDOW_MS, 0–5, default 0). */
  groupCommitWindowMs?: number;
}
