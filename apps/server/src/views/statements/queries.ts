import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { type Db, rows, sql } from '../../infra/db/client';
import { compileSql } from '../../infra/db/compile';
import { type DualWhy, dualWhys } from '../../lines/dual/reads';
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

/** Which payout breakdown a statement row opens. */
export type StatementWhy =
  | { kind: 'flexible_hour'; coin: string; hour: number }
  | { kind: 'flexible_bonus_hour'; coin: string; hour: number }
  | { kind: 'launchpool_interest_hour'; rid: number; hour: number }
  | { kind: 'launchpool_hour'; rid: number; coin: string; hour: number }
  | { kind: 'soft_staking_day'; coin: string; day: number }
  /** A staking day's payment to spot: the reward records (base, campaigns, products) it sums. */
  | { kind: 'staking_day'; ids: number[] }
  /** A dual order's subscription, settlement or withdrawal: the fixing price, the target and the rule. */
  | DualWhy;

/** A dual entry's reference: `order:<id>` (subscription), `settle:<product>:<first order>`, `cancel:<product>`. */
const DUAL_PRODUCT = /^dual (?:settle|cancel):(\d{1,12})(?::\d{1,18})?$/;

/** The dual rows' whys, by their product. */
async function dualRecords(db: Db, page: RawRow[]): Promise<Map<RawRow, StatementWhy>> {
  const ids = new Map<RawRow, number>();
  for (const r of page) {
    const m = r.line === 'dual' ? DUAL_PRODUCT.exec(r.product) : null;
    if (m) ids.set(r, Number(m[1]));
  }
  const out = new Map<RawRow, StatementWhy>();
  if (ids.size === 0) return out;
  const whys = await dualWhys(db, [...ids.values()]);
  for (const [r, id] of ids) {
    const why = whys.get(id);
    if (why) out.set(r, why);
  }
  return out;
}

/** A launch-pool hour's entry reference: `${rid}:${hourStartUnix}` (its rewards and its auto-earn interest). */
const POOL_HOUR = /^launch_pool (\d{1,18}):(\d{1,12})$/;
/** A period's start as the engines write it in a reference (`iso`), then a shard's number if any. */
const PERIOD = '(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)(?::\\d{1,9})?$';
/** A flexible hour's bonus: `${holding coin}:${hour start}` (simple-earn engine). */
const FLEX_BONUS_HOUR = new RegExp(`^simple_earn_flexible ([^\\s:]{1,20}):${PERIOD}`);
/** A soft-staking day's payout: `day:${day start}` (soft-staking engine). */
const SOFT_DAY = new RegExp(`^soft_staking day:${PERIOD}`);
/**
 * A staking day's payment to spot: `day:${day start}`, or a shard's `day:${day start}:${product}` and
 * `:${first user id}` (staking engine). One posting per user and coin sums that user's records of the
 * day in that coin: the base reward and each campaign's, of every product (of the shard's product).
 */
const STAKING_DAY =
  /^staking day:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)(?::(\d{1,9})(?::\d{1,18})?)?$/;

const unixOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Which breakdown a payout row opens, from its line, type and entry reference; null for other rows. */
export function whyOf(
  r: Pick<RawRow, 'type' | 'line' | 'src' | 'asset' | 'product'>,
  at: number,
): StatementWhy | null {
  if (r.type === 'interest') {
    // Flexible interest rows are the hourly sub-ledger's (src 1), booked at the hour's end.
    if (r.line === 'simple_earn_flexible' && Number(r.src) === 1)
      return { kind: 'flexible_hour', coin: r.asset, hour: at };
    const m = r.line === 'launch_pool' ? POOL_HOUR.exec(r.product) : null;
    if (m) return { kind: 'launchpool_interest_hour', rid: Number(m[1]), hour: Number(m[2]) };
    return null;
  }
  if (r.type === 'bonus' && r.line === 'simple_earn_flexible') {
    // The breakdown names a bonus hour by its holding coin and the hour's end, as the history does.
    const m = FLEX_BONUS_HOUR.exec(r.product);
    return m?.[1] && m[2] ? { kind: 'flexible_bonus_hour', coin: m[1], hour: unixOf(m[2]) + 3600 } : null;
  }
  if (r.type !== 'reward') return null;
  if (r.line === 'launch_pool') {
    const m = POOL_HOUR.exec(r.product);
    return m ? { kind: 'launchpool_hour', rid: Number(m[1]), coin: r.asset, hour: Number(m[2]) } : null;
  }
  if (r.line === 'soft_staking') {
    const m = SOFT_DAY.exec(r.product);
    return m?.[1] ? { kind: 'soft_staking_day', coin: r.asset, day: unixOf(m[1]) } : null;
  }
  return null;
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
  filter: MovementFilter,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<{ list: StatementRow[]; next_cursor: string | null }> {
  const found = await withoutJit(db, (tx) =>
    rows<RawRow>(
      tx,
      sql`SELECT ${COLUMNS} FROM (${movementsSql(filter)}) s WHERE ${afterSql(after, 'desc')} ${orderSql('desc')} LIMIT ${limit + 1}`,
    ),
  );
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  const staking = filter.userId === undefined ? new Map() : await stakingRecords(db, filter.userId, page);
  const dual = await dualRecords(db, page);
  return {
    list: page.map((r) => ({
      key: encodeCursor(keyOf(r)),
      at: Math.floor(Number(r.at_us) / 1_000_000),
      why: staking.get(r) ?? dual.get(r) ?? whyOf(r, Math.floor(Number(r.at_us) / 1_000_000)),
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

/**
 * The reward records behind each staking-day payment row of a page, in one read: the user's paid
 * records of those days in the row's coin (and the shard's product, when the payment was a shard's).
 * A row whose records are not found (none should be) opens nothing.
 */
async function stakingRecords(db: Db, userId: number, page: RawRow[]): Promise<Map<RawRow, StatementWhy>> {
  const wanted = page.flatMap((r) => {
    const m = r.line === 'staking' && r.type === 'reward' ? STAKING_DAY.exec(r.product) : null;
    return m?.[1] ? [{ row: r, day: m[1], product: m[2] === undefined ? null : Number(m[2]) }] : [];
  });
  const out = new Map<RawRow, StatementWhy>();
  if (wanted.length === 0) return out;
  const days = [...new Set(wanted.map((w) => w.day))];
  const found = await rows<{ id: string; coin: string; day: string; product_id: number }>(
    db,
    sql`SELECT id::text AS id, coin, to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS day, product_id
        FROM staking_rewards
        WHERE user_id = ${userId} AND paid
          AND day IN (${sql.join(
            days.map((d) => sql`${d}::timestamptz`),
            sql`, `,
          )})
        ORDER BY id`,
  );
  for (const w of wanted) {
    const ids = found
      .filter(
        (f) =>
          f.day === w.day && f.coin === w.row.asset && (w.product === null || f.product_id === w.product),
      )
      .map((f) => Number(f.id));
    if (ids.length > 0) out.set(w.row, { kind: 'staking_day', ids });
  }
  return out;
}

/** A CSV row's fields, times already written in the chosen zone and in UTC by the database. */
export interface ExportRow extends RawRow {
  at_local: string;
  at_utc: string;
}

/** Rows per round trip of an export: enough to amortise it, few enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

function exportQuery(filter: MovementFilter, timeZone: string, after?: KeysetPosition, limit?: number): SQL {
  const fmt = `YYYY-MM-DD HH24:MI:SS`;
  return sql`SELECT ${COLUMNS}, to_char(s.at AT TIME ZONE ${timeZone}, ${fmt}) AS at_local,
      to_char(s.at AT TIME ZONE 'UTC', ${fmt}) AS at_utc
    FROM (${movementsSql(filter)}) s WHERE ${afterSql(after, 'asc')} ${orderSql('asc')}
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
  filter: MovementFilter,
  timeZone: string,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<ExportRow[]> {
  const client = (db as { $client?: unknown }).$client;
  const compiled = client instanceof pg.Pool ? compileSql(exportQuery(filter, timeZone)) : undefined;
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
      rows<ExportRow>(tx, exportQuery(filter, timeZone, after, batchSize)),
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
