import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { type Db, rows, sql } from '../../infra/db/client';
import { compileSql } from '../../infra/db/compile';
import type { LineReads } from '../../kernel/reads';
import type { Line } from '../lines';
import {
  afterSql,
  encodeCursor,
  type KeysetPosition,
  type MovementFilter,
  type MovementType,
  movementsSql,
  orderSql,
} from './movements';
import { type StatementWhy, statementWhys } from './why';

export { type StatementWhy, whyOf } from './why';

/** A statement row as the API answers it. */
export interface StatementRow {
  key: string;
  at: number;
  line: Line;
  type: MovementType;
  asset: string;
  amount: string;
  price_usdt: string | null;
  value_usdt: string | null;
  product: string;
  entry_id: number | null;
  why: StatementWhy | null;
}

interface RawRow {
  at_us: string;
  src: number;
  id: string;
  asset: string;
  type: MovementType;
  amount: string;
  line: Line;
  product: string;
  entry_id: string | null;
  price: string | null;
  value: string | null;
}

/** Decimal columns as the wire writes them: no exponent, no trailing zeros. */
const COLUMNS = sql`s.at_us::text AS at_us, s.src, s.id::text AS id, s.asset, s.type, trim_scale(s.amount)::text AS amount,
  s.line, s.product, s.entry_id::text AS entry_id, trim_scale(s.price)::text AS price, trim_scale(s.value)::text AS value`;

const keyOf = (r: RawRow): KeysetPosition => ({
  atUs: r.at_us,
  src: r.src,
  id: r.id,
  asset: r.asset,
  type: r.type,
});

/**
 * Runs reads of the statement with JIT compilation off: the planner's estimate of these queries is
 * high enough to turn JIT on, and compiling them costs seconds (measured: 5.7 s of a 5.8 s query over
 * 200,000 movements) where executing them costs less.
 */
export function withoutJit<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return read(tx);
  });
}

/** One page, newest first, after the cursor's row: never OFFSET, so a page neither repeats nor skips. */
export async function statementPage(
  db: Db,
  reads: readonly LineReads[],
  filter: MovementFilter,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<{ list: StatementRow[]; next_cursor: string | null }> {
  const found = await withoutJit(db, (tx) =>
    rows<RawRow>(
      tx,
      sql`SELECT ${COLUMNS} FROM (${movementsSql(reads, filter)}) s WHERE ${afterSql(after, 'desc')} ${orderSql('desc')} LIMIT ${limit + 1}`,
    ),
  );
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  const whys = await statementWhys(db, reads, filter.userId, page);
  return {
    list: page.map((r, i) => ({
      key: encodeCursor(keyOf(r)),
      at: Math.floor(Number(r.at_us) / 1_000_000),
      why: whys[i] ?? null,
      line: r.line,
      type: r.type,
      asset: r.asset,
      amount: r.amount,
      price_usdt: r.price,
      value_usdt: r.value,
      product: r.product,
      entry_id: r.entry_id === null ? null : Number(r.entry_id),
    })),
    next_cursor: found.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}

/** A CSV row's fields, times already written in the chosen zone and in UTC by the database. */
export interface ExportRow extends RawRow {
  at_local: string;
  at_utc: string;
}

/** Rows per round trip of an export: enough to amortise it, few enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

function exportQuery(
  reads: readonly LineReads[],
  filter: MovementFilter,
  timeZone: string,
  after?: KeysetPosition,
  limit?: number,
): SQL {
  const fmt = `YYYY-MM-DD HH24:MI:SS`;
  return sql`SELECT ${COLUMNS}, to_char(s.at AT TIME ZONE ${timeZone}, ${fmt}) AS at_local,
      to_char(s.at AT TIME ZONE 'UTC', ${fmt}) AS at_utc
    FROM (${movementsSql(reads, filter)}) s WHERE ${afterSql(after, 'asc')} ${orderSql('asc')}
    ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`;
}

/**
 * Every row of the statement, oldest first, in batches. On PostgreSQL: one server-side cursor in a
 * read-only repeatable-read transaction on a connection of its own, FETCHed batch by batch, so the
 * export is one consistent snapshot and the process holds one batch at a time. Elsewhere (PGlite, one
 * connection shared by every request): keyset batches, each its own short query.
 */
export async function* exportBatches(
  db: Db,
  reads: readonly LineReads[],
  filter: MovementFilter,
  timeZone: string,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<ExportRow[]> {
  const client = (db as { $client?: unknown }).$client;
  const compiled = client instanceof pg.Pool ? compileSql(exportQuery(reads, filter, timeZone)) : undefined;
  if (client instanceof pg.Pool && compiled) {
    const conn = await client.connect();
    let ok = false;
    try {
      await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await conn.query('SET LOCAL jit = off');
      await conn.query({
        text: `DECLARE earn_statement NO SCROLL CURSOR FOR ${compiled.text}`,
        values: compiled.values,
      });
      for (;;) {
        const batch = await conn.query<ExportRow>(`FETCH ${batchSize} FROM earn_statement`);
        if (batch.rows.length > 0) yield batch.rows;
        if (batch.rows.length < batchSize) break;
      }
      ok = true;
    } finally {
      // A client gone mid-export ends here too (the stream's iterator is returned).
      await conn.query(ok ? 'COMMIT' : 'ROLLBACK').then(
        () => conn.release(),
        (error: Error) => conn.release(error),
      );
    }
    return;
  }
  let after: KeysetPosition | undefined;
  for (;;) {
    const batch = await withoutJit(db, (tx) =>
      rows<ExportRow>(tx, exportQuery(reads, filter, timeZone, after, batchSize)),
    );
    if (batch.length > 0) yield batch;
    const last = batch[batch.length - 1];
    if (!last || batch.length < batchSize) return;
    after = keyOf(last);
  }
}

/** Whether PostgreSQL knows the zone (Intl is asked first, by the caller). */
export async function databaseKnowsZone(db: Db, timeZone: string): Promise<boolean> {
  try {
    await rows(db, sql`SELECT now() AT TIME ZONE ${timeZone}`);
    return true;
  } catch {
    return false;
  }
}
