import { HISTORY_MAX_RANGE_DAYS, SimpleEarnHistoryType, SimpleEarnKey } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { DAY_MS, LINE_FIXED, LINE_FLEXIBLE, unix } from '../model';
import { historyKeysSql } from './history-days';
import { toDate, w } from './holdings';

export interface HistoryQuery {
  page: number;
  limit: number;
  type: number;
  asset?: string;
  startAt?: number;
  endAt?: number;
  daily: boolean;
  tzMinutes: number;
}

/** Parses a time zone given as hours ("8", "-5.5"), "+08:00" or "UTC+8" into minutes east of UTC. */
export function parseTimeZone(text: string | undefined): number {
  if (!text) return 0;
  const m = /^(?:UTC|GMT)?\s*([+-]?)(\d{1,2})(?:(?::(\d{2}))|(?:\.(\d+)))?$/i.exec(text.trim());
  if (!m) throw errors.invalidParams('time_zone must be an offset such as +08:00 or 8');
  const sign = m[1] === '-' ? -1 : 1;
  const hours = Number(m[2]);
  const minutes = m[3] ? Number(m[3]) : m[4] ? Math.round(Number(`0.${m[4]}`) * 60) : 0;
  const total = sign * (hours * 60 + minutes);
  if (total < -12 * 60 || total > 14 * 60) throw errors.invalidParams('time_zone out of range');
  return total;
}

export function historyRange(q: { startAt?: number; endAt?: number }, now: Date): { start: Date; end: Date } {
  const end = q.endAt ? new Date(q.endAt * 1000) : now;
  const start = q.startAt ? new Date(q.startAt * 1000) : new Date(end.getTime() - 30 * DAY_MS);
  if (start.getTime() > end.getTime()) throw errors.invalidParams('start_at is after end_at');
  if (end.getTime() - start.getTime() > HISTORY_MAX_RANGE_DAYS * DAY_MS) {
    throw errors.rule(SimpleEarnKey.historyRange, 'The date range is limited to 6 months', {
      days: HISTORY_MAX_RANGE_DAYS,
    });
  }
  return { start, end };
}

interface HistoryRow {
  type: number;
  mode: number;
  asset: string;
  amount: string;
  at: Date | string;
  order_id: string | null;
  lend_principal: string | null;
  lend_rate_year: string | null;
  coupon_principal: string | null;
  coupon_interest: string | null;
  rate_ratio: string | null;
  bonus_amount: string | null;
  bonus_asset: string | null;
  redeem_type: number | null;
  blended_apr: string | null;
  hours: string | null;
  product_asset: string | null;
}

function historyView(r: HistoryRow) {
  const at = unix(toDate(r.at));
  return {
    type: Number(r.type),
    mode: Number(r.mode),
    sub_business: 0,
    asset: r.asset,
    amount: w(r.amount),
    time_at: at,
    create_at: at,
    finish_at: at,
    unique_time: at,
    order_id: r.order_id ? Number(r.order_id) : 0,
    lend_principal: w(r.lend_principal),
    lend_rate_year: w(r.lend_rate_year),
    coupon_principal: w(r.coupon_principal),
    coupon_interest: w(r.coupon_interest),
    rate_ratio: w(r.rate_ratio),
    bonus_amount: w(r.bonus_amount),
    bonus_asset: r.bonus_asset ?? '',
    redeem_type: r.redeem_type ?? 0,
    // Subscriptions: the holding's (flexible) or order's (fixed) APR right after it; '0' for other records.
    blended_apr: w(r.blended_apr),
    ...(r.hours !== null ? { hours: Number(r.hours) } : {}),
    ...(r.product_asset !== null ? { product_asset: r.product_asset } : {}),
  };
}

/**
 * Flexible history. Subscribe and redeem come from the history records; interest (3) and bonus (4)
 * from the hourly sub-ledger — one row per hour received (time_at = the hour's end), or with
 * is_daily_log one row per day of the caller's time zone (unique_time = that day's start).
 *
 * Interest and bonus pages never scan the range's hours in se_flex_interest: the rows' places come
 * from the index of hours (history-days.ts: a row per position and day, plus the hours since the last
 * rollup probed live), which gives the total and the page's keys; then only the page's own rows are
 * read, by their key (hour, position): `limit` probes for an hourly page, the page's days' hours for
 * a daily one. So a page costs the same for 30 days or 6 months, and for page 1 or page 100.
 */
export async function flexHistory(db: Db, userId: number, q: HistoryQuery, now: Date) {
  const { start, end } = historyRange(q, now);
  if (q.type !== SimpleEarnHistoryType.interest && q.type !== SimpleEarnHistoryType.bonus)
    return pagedHistory(db, historyRecords(userId, LINE_FLEXIBLE, q, start, end), q);
  const keys = historyKeysSql({ userId, type: q.type, asset: q.asset, start, end });
  const bonus = q.type === SimpleEarnHistoryType.bonus;
  const amountCol = bonus ? sql`i.bonus` : sql`i.interest`;
  const offset = (q.page - 1) * q.limit;
  // Ties at one time: the record's asset, then the product's (two products may pay a bonus in one coin).
  let query: ReturnType<typeof sql>;
  if (q.daily) {
    const shift = sql.raw(`interval '${q.tzMinutes} minutes'`);
    query = sql`WITH k AS MATERIALIZED (${keys}),
      g AS (SELECT product_asset, asset, date_trunc('day', at + ${shift}) - ${shift} AS at, COUNT(*) AS hours FROM k GROUP BY 1, 2, 3),
      page AS MATERIALIZED (SELECT g.*, COUNT(*) OVER () AS total FROM g ORDER BY at DESC, asset, product_asset LIMIT ${q.limit} OFFSET ${offset})
      SELECT page.total::text AS total, ${q.type}::int AS type, 0 AS mode, page.asset, SUM(${amountCol})::text AS amount, page.at,
        NULL::text AS order_id, NULL::text AS lend_principal, NULL::text AS lend_rate_year, NULL::text AS coupon_principal,
        NULL::text AS coupon_interest, NULL::text AS rate_ratio, ${bonus ? sql`SUM(i.bonus)::text` : sql`NULL::text`} AS bonus_amount,
        ${bonus ? sql`MAX(i.bonus_asset)` : sql`NULL::text`} AS bonus_asset, NULL::int AS redeem_type, NULL::text AS blended_apr,
        page.hours::text AS hours, page.product_asset
      FROM page
      JOIN k ON k.product_asset = page.product_asset AND k.asset = page.asset AND date_trunc('day', k.at + ${shift}) - ${shift} = page.at
      JOIN se_flex_interest i ON i.period_start = k.at - interval '1 hour' AND i.position_id = k.position_id
      GROUP BY page.total, page.asset, page.at, page.hours, page.product_asset
      ORDER BY page.at DESC, page.asset, page.product_asset`;
  } else {
    query = sql`WITH page AS MATERIALIZED (
        SELECT k.*, COUNT(*) OVER () AS total FROM (${keys}) k ORDER BY at DESC, asset, product_asset LIMIT ${q.limit} OFFSET ${offset})
      SELECT page.total::text AS total, ${q.type}::int AS type, 0 AS mode, page.asset, ${amountCol}::text AS amount, page.at,
        NULL::text AS order_id, i.lent::text AS lend_principal, i.rate_year::text AS lend_rate_year, NULL::text AS coupon_principal,
        NULL::text AS coupon_interest, NULL::text AS rate_ratio, ${bonus ? sql`i.bonus::text` : sql`NULL::text`} AS bonus_amount,
        ${bonus ? sql`i.bonus_asset` : sql`NULL::text`} AS bonus_asset, NULL::int AS redeem_type, NULL::text AS blended_apr,
        NULL::text AS hours, page.product_asset
      FROM page JOIN se_flex_interest i ON i.period_start = page.at - interval '1 hour' AND i.position_id = page.position_id
      ORDER BY page.at DESC, page.asset, page.product_asset`;
  }
  const list = await rows<HistoryRow & { total: string }>(db, query);
  // A page past the last has no row to carry the total: count the keys alone.
  const total =
    list[0]?.total ??
    (offset === 0
      ? '0'
      : ((
          await rows<{ n: string }>(
            db,
            q.daily
              ? sql`SELECT COUNT(DISTINCT (product_asset, asset, date_trunc('day', at + ${sql.raw(`interval '${q.tzMinutes} minutes'`)})))::text AS n FROM (${keys}) k`
              : sql`SELECT COUNT(*)::text AS n FROM (${keys}) k`,
          )
        )[0]?.n ?? '0'));
  return { total: Number(total), list: list.map(historyView) };
}

/**
 * A line's own records. A fixed order's interest record is lent its order's principal (the "Lent"
 * column of the interest tab): a matured order's record read "Lent 0" before.
 */
function historyRecords(userId: number, line: string, q: HistoryQuery, start: Date, end: Date) {
  const lent =
    line === LINE_FIXED && q.type === SimpleEarnHistoryType.interest
      ? sql`(SELECT o.principal FROM se_fixed_orders o WHERE o.id = h.order_id)`
      : sql`NULL::numeric`;
  return sql`SELECT h.type, h.mode, h.asset, h.amount, h.at, h.order_id, ${lent} AS lend_principal, h.lend_rate_year,
      h.coupon_principal, h.coupon_interest, h.rate_ratio, h.bonus_amount, h.bonus_asset, h.redeem_type, h.blended_apr,
      NULL::bigint AS hours, NULL::text AS product_asset
    FROM se_history h WHERE h.user_id = ${userId} AND h.line = ${line} AND h.type = ${q.type}
      ${q.asset ? sql`AND h.asset = ${q.asset}` : sql``}
      AND h.at >= ${start.toISOString()}::timestamptz AND h.at <= ${end.toISOString()}::timestamptz`;
}

async function pagedHistory(db: Db, source: ReturnType<typeof sql>, q: HistoryQuery) {
  const [count] = await rows<{ n: string }>(db, sql`SELECT COUNT(*)::text AS n FROM (${source}) s`);
  const list = await rows<HistoryRow>(
    db,
    sql`SELECT s.type, s.mode, s.asset, s.amount::text AS amount, s.at, s.order_id::text AS order_id,
        s.lend_principal::text AS lend_principal, s.lend_rate_year::text AS lend_rate_year, s.coupon_principal::text AS coupon_principal,
        s.coupon_interest::text AS coupon_interest, s.rate_ratio::text AS rate_ratio, s.bonus_amount::text AS bonus_amount,
        s.bonus_asset, s.redeem_type, s.blended_apr::text AS blended_apr, s.hours::text AS hours, s.product_asset
      FROM (${source}) s ORDER BY s.at DESC, s.asset LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return { total: Number(count?.n ?? 0), list: list.map(historyView) };
}

export async function fixedHistory(db: Db, userId: number, q: HistoryQuery, now: Date) {
  const { start, end } = historyRange(q, now);
  return pagedHistory(db, historyRecords(userId, LINE_FIXED, q, start, end), q);
}

export async function historyCoins(db: Db, userId: number, line?: string): Promise<string[]> {
  const found = await rows<{ asset: string }>(
    db,
    sql`SELECT DISTINCT asset FROM se_history WHERE user_id = ${userId} ${line ? sql`AND line = ${line}` : sql``}
      UNION SELECT DISTINCT asset FROM se_flex_positions WHERE user_id = ${userId} ${line === LINE_FIXED ? sql`AND false` : sql``}
      ORDER BY asset`,
  );
  return found.map((r) => r.asset);
}
