import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { compileSql } from './compile';
import { PreparingClient } from './prepared';
import * as schema from './schema';

export type Schema = typeof schema;
/** The root database or a transaction: both run the same queries. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// NUMERIC must reach code as a string; pg would otherwise keep it a string too, but BIGINT counts
// (COUNT(*)) arrive as strings and are parsed where read.

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start at once: one applies the migrations, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727001)');
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
        client.release();
      }
    },
    close: () => {
      // end() resolves before its idle connections have finished closing; an error on one of them
      // then (say, its database being dropped) is expected and must not crash the process.
      pool.on('error', () => undefined);
      return pool.end();
    },
  };
}

/** PGlite in `dataDir`, or in memory when dataDir is undefined (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  poolSize?: number;
  dataDir: string;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}

/** Raw rows of a `sql` query, the same shape on pg and PGlite. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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
