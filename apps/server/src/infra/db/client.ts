import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../../kernel/db';
import { compileSql } from './compile';
import { lockDataDir } from './data-dir-lock';
import { type ListenHandlers, listenPostgres, type StopListening } from './listen';
import { PreparingClient } from './prepared';
import * as schema from './schema';

export type { Db } from '../../kernel/db';

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL's pool, for its gauges and for waiting on it; absent on PGlite. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel, told of each NOTIFY. Absent where notifications cannot reach this process
   * (behind a PgBouncer in transaction mode with no direct address): callers poll instead.
   */
  listen?(channel: string, handlers: ListenHandlers): StopListening;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// NUMERIC must reach code as a string; pg would otherwise keep it a string too, but BIGINT counts
// (COUNT(*)) arrive as strings and are parsed where read.

export interface PostgresOptions {
  /**
   * Name the statements a process runs again and again, so PostgreSQL keeps their plans (on by
   * default). Off behind a PgBouncer in transaction pooling mode before 1.21, which does not carry a
   * named statement from one transaction to the next server connection.
   */
  preparedStatements?: boolean;
  /** Told of a connection the server dropped, idle or in use (the server logs it). */
  onIdleError?: (error: Error) => void;
  /** Where LISTEN connects (PostgreSQL itself, not a PgBouncer in transaction mode); unset: no LISTEN. */
  listenUrl?: string;
}

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: unknown) => void,
) => void;

/**
 * A checked-out connection that the server drops goes back to the pool (which discards it) at once.
 * Drizzle's transaction releases its connection only after BEGIN succeeded, so a connection lost while
 * it began would otherwise stay checked out for ever: the pool shrinks with every such loss, and its
 * end() (shutdown) waits for it without end.
 */
function releaseOnConnectionLoss(pool: pg.Pool): void {
  const guard = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    const onError = (error: Error) => {
      if (released) return;
      released = true;
      release(error);
    };
    client.once('error', onError);
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('error', onError);
      release(error);
    };
    return client;
  };
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) return connect((error, client, done) => callback(error, client && guard(client), done));
    return (connect() as Promise<pg.PoolClient>).then(guard);
  }) as typeof pool.connect;
}

/**
 * Told of every statement a pool connection sends, by its text: one call of a pg client's query is
 * one round trip (pg sends parse, bind, execute and sync together and waits for the answer). Tests
 * set it to count what a request costs the database (test/core/statement-budget.test.ts); unset, a
 * statement pays one comparison.
 */
export type StatementObserver = (text: string) => void;
let statementObserver: StatementObserver | undefined;

/** Starts telling `observer` of every statement of every PostgreSQL pool; answers a stop. */
export function observeStatements(observer: StatementObserver): () => void {
  statementObserver = observer;
  return () => {
    if (statementObserver === observer) statementObserver = undefined;
  };
}

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/** Wraps a new pool connection's query so that the statement observer, when set, sees each statement. */
function observed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    statementObserver?.(statementText(args[0]));
    return query(...args);
  }) as typeof client.query;
}

export async function openPostgres(
  url: string,
  poolSize = 10,
  opts: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: opts.preparedStatements === false ? pg.Client : PreparingClient,
  });
  // From birth: an idle connection the server drops (a restart, a failover, pg_terminate_backend)
  // emits 'error' on the pool, which would otherwise end the process. The pool discards that
  // connection and opens a new one for the next request.
  pool.on('error', (error) => opts.onIdleError?.(error));
  // A connection in use that the server drops also emits 'error' on its client, beside failing the
  // query in flight (which answers 503): without a listener that event would end the process. The
  // pool then drops the client when it is released, as it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', (error) => opts.onIdleError?.(error));
    observed(client);
  });
  releaseOnConnectionLoss(pool);
  const db: Db = drizzleNodePg({ client: pool });
  const { listenUrl } = opts;
  return {
    db,
    kind: 'postgres',
    listen: listenUrl
      ? (channel, handlers) => listenPostgres(listenUrl, channel, handlers, opts.onIdleError)
      : undefined,
    async migrate() {
      // Several instances may start at once: one applies the migrations, the others wait for it. The
      // lock is a transaction's, held open on a connection of its own while another applies them: a
      // session lock would stay behind on whichever server connection a PgBouncer in transaction
      // mode gave the lock call, and its unlock would land on another.
      const holder = new pg.Client({ connectionString: url });
      holder.on('error', () => undefined);
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT pg_advisory_xact_lock(727001)');
        await migrateNodePg(drizzleNodePg({ client: pool, schema }), { migrationsFolder });
      } finally {
        await holder.query('COMMIT').catch(() => undefined);
        await holder.end().catch(() => undefined);
      }
    },
    close: () => pool.end(),
    pool,
  };
}

/**
 * PGlite in `dataDir`, or in memory when dataDir is undefined (tests). A directory is locked to this
 * process until close: a second process refuses to open it.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  let unlock: () => void = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = dataDir ? new PGlite(dataDir) : new PGlite();
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db: Db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    listen(channel, handlers) {
      // One connection: a NOTIFY is seen once the statement or transaction that sent it commits.
      const subscribed = client
        .listen(channel, (payload) => handlers.message(payload))
        .then((unlisten) => {
          handlers.live(true);
          return unlisten;
        });
      return async () => {
        handlers.live(false);
        const unlisten = await subscribed.catch(() => undefined);
        if (!client.closed) await unlisten?.().catch(() => undefined);
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  poolSize?: number;
  preparedStatements?: boolean;
  onIdleError?: (error: Error) => void;
  listenUrl?: string;
  dataDir: string;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize, {
        preparedStatements: opts.preparedStatements,
        onIdleError: opts.onIdleError,
        listenUrl: opts.listenUrl,
      })
    : openPglite(opts.dataDir);
}

/** Raw rows of a `sql` query, the same shape on pg and PGlite. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute<Record<string, unknown>>(query);
  return result.rows as T[];
}

/** Drizzle's type parsers for pg: dates, times and intervals (and their arrays) stay strings. */
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/**
 * `rows` for a hot path's hand-written statement on the root database: on PostgreSQL the statement
 * is compiled by compileSql and sent on the pool directly (one of its connections, outside any
 * transaction), without Drizzle's general query builder. Anything compileSql does not take, a
 * transaction and PGlite go through `rows`. The same rows and the same errors either way.
 */
export async function hotRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const compiled = compileSql(query);
    if (compiled) return (await client.query({ ...compiled, types: DRIZZLE_TYPES })).rows as T[];
  }
  return rows<T>(db, query);
}

export { sql };

/**
 * A field of a database error (pg's DatabaseError), looking through Drizzle's wrapper and other
 * causes, when it is a string that `accept` takes.
 */
function pgField(
  error: unknown,
  field: 'code' | 'detail' | 'constraint',
  accept: (value: string) => boolean = () => true,
): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATEs of a database that cannot serve now, whatever the statement: connection exceptions (class
 * 08), insufficient resources (class 53: too many connections 53300, out of memory, disk full, a
 * configuration limit) and a server shutting down, crashed, starting, or the session ended (57P01–57P05).
 * The statement never ran or rolled back whole, so nothing was changed.
 */
const UNAVAILABLE_STATE = /^(08|53|57P0[1-5])/;

/**
 * A failure of the database rather than of the statement: refused or dropped connections, a full
 * connection table, a server shutting down or starting (UNAVAILABLE_STATE). The caller gets a 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …") with the real one as its cause.
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_STATE.test(code)) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code))
        return true;
    }
    const message = e instanceof Error ? e.message : '';
    if (
      /Connection terminated|connection timeout|encountered a connection error|terminating connection|not queryable/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** The SQLSTATE of a database error. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgField(error, 'code', (code) => /^[0-9A-Z]{5}$/.test(code));
}

/** The DETAIL of a database error. */
export function pgErrorDetail(error: unknown): string | undefined {
  return pgField(error, 'detail');
}

/** The constraint a database error names. */
export function pgConstraint(error: unknown): string | undefined {
  return pgField(error, 'constraint');
}
