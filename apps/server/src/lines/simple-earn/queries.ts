import {
  aprUpTo,
  Decimal,
  dec,
  estimatedInterest,
  HISTORY_MAX_RANGE_DAYS,
  MATURITY_PAYOUT_DELAY_SECONDS,
  SimpleEarnChartType,
  SimpleEarnHistoryType,
  SimpleEarnKey,
  toWire,
} from '@earn/domain';
import { and, desc, sql as dsql, eq, inArray } from 'drizzle-orm';
import { type Db, rows, sql } from '../../infra/db/client';
import { type LadderTierJson, seFixedOrders, seFixedProducts } from '../../infra/db/schema';
import { errors } from '../../kernel/errors';
import { blendedFor, flexAprTerms, orderAprTerms } from './apr';
import { DAY_MS, iconOf, unix } from './constants';
import { type FixedOrder, LINE_FIXED } from './fixed';
import { LINE_FLEXIBLE } from './flexible';
import { historyKeysSql } from './history-days';
import { flexProduct } from './products';

const w = (v: string | null | undefined) => toWire(v ?? '0');
const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

interface FlexHoldingRow {
  id: string;
  asset: string;
  principal: string;
  frozen_amount: string;
  pending: string;
  cumulative: string;
  interest_balance: string;
  bonus_cumulative: string;
  lend_amount: string;
  min_lend_rate_year: string;
  next_time_rate_year: string;
  ext_award_rate_year: string;
  is_open_award_pool: boolean;
  last_rate_year: string;
  award_asset: string | null;
  ladder_apr: LadderTierJson[];
  ext_award_limit: string;
  auto_invest_status: number;
}

export async function flexHoldings(db: Db, userId: number, page: number, limit: number, asset?: string) {
  const assetFilter = asset ? sql`AND p.asset = ${asset}` : sql``;
  const base = sql`FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
    LEFT JOIN (SELECT position_id, SUM(amount) AS pending FROM se_flex_pending WHERE position_id IN
      (SELECT id FROM se_flex_positions WHERE user_id = ${userId}) GROUP BY position_id) pd ON pd.position_id = p.id
    WHERE p.user_id = ${userId} ${assetFilter} AND (p.principal > 0 OR p.frozen_amount > 0 OR pd.pending > 0
      OR trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn > 0)`;
  const [count] = await rows<{ n: string }>(db, sql`SELECT COUNT(*)::text AS n ${base}`);
  const list = await rows<FlexHoldingRow>(
    db,
    sql`SELECT p.id::text AS id, p.asset, p.principal::text AS principal, p.frozen_amount::text AS frozen_amount,
        COALESCE(pd.pending, 0)::text AS pending,
        trunc(p.acc_offset + p.principal * pr.acc_index, 8)::text AS cumulative,
        (trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn)::text AS interest_balance,
        trunc(p.bonus_cum, 8)::text AS bonus_cumulative,
        COALESCE((SELECT h.lent FROM se_flex_interest h WHERE h.period_start = pr.accrued_until - interval '1 hour'
          AND h.position_id = p.id), 0)::text AS lend_amount,
        p.min_lend_rate_year::text AS min_lend_rate_year, pr.next_time_rate_year::text AS next_time_rate_year,
        pr.ext_award_rate_year::text AS ext_award_rate_year, pr.is_open_award_pool, pr.last_rate_year::text AS last_rate_year,
        pr.award_asset, pr.ladder_apr, pr.ext_award_limit::text AS ext_award_limit,
        COALESCE((SELECT status FROM se_auto_invest a WHERE a.user_id = p.user_id AND a.asset = p.asset),
          (SELECT status FROM se_auto_invest a WHERE a.user_id = p.user_id AND a.asset = ''), 0) AS auto_invest_status
      ${base} ORDER BY p.asset LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  return {
    total: Number(count?.n ?? 0),
    list: list.map((r) => {
      const curr = dec(r.principal).plus(r.pending).plus(r.frozen_amount).plus(r.interest_balance);
      return {
        id: Number(r.id),
        asset: r.asset,
        icon: iconOf(r.asset),
        curr_amount: toWire(curr),
        principal: w(r.principal),
        pending_amount: w(r.pending),
        interest_balance: w(r.interest_balance),
        lend_amount: w(r.lend_amount),
        frozen_amount: w(r.frozen_amount),
        frozen_status: dec(r.frozen_amount).gt(0) ? 1 : 0,
        margin_frozen_amount: '0',
        redeemable_amount: toWire(curr.minus(r.frozen_amount)),
        cumulative: w(r.cumulative),
        bonus_cumulative: w(r.bonus_cumulative),
        bonus_asset: r.is_open_award_pool ? (r.award_asset ?? r.asset) : '',
        next_time_rate_year: w(r.next_time_rate_year),
        ext_award_rate_year: w(r.ext_award_rate_year),
        is_open_award_pool: r.is_open_award_pool ? 1 : 0,
        min_lend_rate_year: w(r.min_lend_rate_year),
        last_rate_year: w(r.last_rate_year),
        auto_invest_status: Number(r.auto_invest_status),
        // The APR of what earns from the next hour (principal and amounts waiting to start), by the
        // rule the engine pays with: the figure the subscribe success dialog showed.
        ...blendedFor(
          dec(r.principal).plus(r.pending),
          flexAprTerms({
            nextTimeRateYear: r.next_time_rate_year,
            isOpenAwardPool: r.is_open_award_pool,
            ladderApr: r.ladder_apr ?? [],
            extAwardRateYear: r.ext_award_rate_year,
            extAwardLimit: r.ext_award_limit,
          }),
        ),
      };
    }),
  };
}

type ProductLite = Pick<
  typeof seFixedProducts.$inferSelect,
  'id' | 'preRedeem' | 'reinvest' | 'redeemAccount' | 'ladderApr' | 'title'
>;

export function fixedOrderView(o: FixedOrder, product: ProductLite | undefined, now: Date) {
  const elapsedDays = Math.max(
    0,
    Math.min(o.lockUpPeriod, Math.floor((now.getTime() - o.startAt.getTime()) / DAY_MS)),
  );
  const accrued =
    o.status === 1
      ? estimatedInterest(o.principal, o.yearRate, elapsedDays)
      : dec(o.status === 2 ? o.interest : 0);
  const totalRatePercent = dec(o.yearRate).times(100).plus(o.couponRateRatio);
  return {
    id: o.id,
    order_id: o.id,
    asset: o.asset,
    icon: iconOf(o.asset),
    product_id: o.productId,
    product_type: o.productType,
    title: product?.title ?? '',
    product_info: {
      pre_redeem: product?.preRedeem ?? 0,
      reinvest: product?.reinvest ?? 0,
      redeem_account: product?.redeemAccount ?? 0,
    },
    principal: w(o.principal),
    curr_amount: w(o.principal),
    lend_amount: w(o.principal),
    interest: toWire(accrued),
    total_interest: toWire(dec(o.interest).plus(o.couponInterest)),
    total_year_rate_percent: toWire(totalRatePercent),
    year_rate_perent: toWire(totalRatePercent),
    year_rate: w(o.yearRate),
    bonus_info: {
      ladder_apr: product?.ladderApr ?? [],
      bonus_asset: o.bonusAsset ?? '',
      bonus_amount: w(o.bonusAmount),
    },
    coupon_info: {
      rate_ratio: w(o.couponRateRatio),
      rate_day: o.couponRateDay,
      coupon_interest: w(o.couponInterest),
    },
    status: o.status,
    redeem_type: o.redeemType ?? 0,
    create_time: unix(o.createdAt),
    start_time: unix(o.startAt),
    finish_time: unix(o.finishAt),
    redeem_time: unix(o.finishAt) + MATURITY_PAYOUT_DELAY_SECONDS,
    is_redeeming: o.status === 1 && now.getTime() >= o.finishAt.getTime() ? 1 : 0,
    lock_up_period: o.lockUpPeriod,
    reinvest_status: o.reinvestStatus,
    redeem_account_type: o.redeemAccountType,
    // What the order pays over its term as one APR (rate, bonus, voucher): the figure of the success
    // dialog and the history record of its subscription.
    ...blendedFor(o.principal, orderAprTerms(o, product?.ladderApr ?? [])),
  };
}

export async function fixedHoldings(
  db: Db,
  userId: number,
  opts: { orderType: number; page: number; limit: number; asset?: string },
  now: Date,
) {
  const statuses = opts.orderType === 2 ? [2, 3] : [1];
  const conditions = [eq(seFixedOrders.userId, userId), inArray(seFixedOrders.status, statuses)];
  if (opts.asset) conditions.push(eq(seFixedOrders.asset, opts.asset));
  const where = and(...conditions);
  const [count] = await db.select({ n: dsql<number>`COUNT(*)::int` }).from(seFixedOrders).where(where);
  const list = await db
    .select()
    .from(seFixedOrders)
    .where(where)
    .orderBy(desc(seFixedOrders.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const productIds = [...new Set(list.map((o) => o.productId))];
  const products = productIds.length
    ? await db.select().from(seFixedProducts).where(inArray(seFixedProducts.id, productIds))
    : [];
  return {
    total: Number(count?.n ?? 0),
    list: list.map((o) =>
      fixedOrderView(
        o,
        products.find((p) => p.id === o.productId),
        now,
      ),
    ),
  };
}

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

/** APR points of an asset: hourly rates, or the daily average of the hours. Values are fractions. */
/**
 * The realtime APR chart of a flexible asset: each hour's figure as the product card states it, the
 * base rate of the hour plus the most its bonus tiers paid (aprUpTo: the card's "up to"; the chart
 * plotted the base rate alone while the card showed base + bonus), then the hour in progress at the
 * rate it pays now, so the 24-hour line reaches now instead of stopping at the last closed hour.
 * Daily points average a day's hours, cut to 8 decimals. Values are fractions.
 */
export async function rateChart(
  db: Db,
  q: { asset: string; from: number; to: number; type: number },
  now: Date,
) {
  if (q.to < q.from) throw errors.invalidParams('from is after to');
  if (q.to - q.from > 91 * 86_400) throw errors.invalidParams('the chart spans at most 90 days');
  const from = new Date(q.from * 1000).toISOString();
  const to = new Date(q.to * 1000).toISOString();
  const hours = await rows<{ t: Date | string; rate: string; tiers: LadderTierJson[] | null }>(
    db,
    sql`SELECT period_start AS t, rate_year::text AS rate, bonus_tiers AS tiers FROM se_flex_hours
        WHERE asset = ${q.asset} AND period_start >= ${from}::timestamptz AND period_start <= ${to}::timestamptz
        ORDER BY period_start`,
  );
  const points = hours.map((h) => ({
    time: unix(toDate(h.t)),
    apr: aprUpTo({ baseApr: h.rate, bonusTiers: h.tiers ?? [] }).apr,
  }));
  const live = await liveHourPoint(db, q, now);
  if (live && !points.some((p) => p.time === live.time)) points.push(live);
  if (q.type !== SimpleEarnChartType.day) return points.map((p) => ({ time: p.time, value: toWire(p.apr) }));
  const days = new Map<number, Decimal[]>();
  for (const p of points) {
    const day = p.time - (p.time % 86_400);
    days.set(day, [...(days.get(day) ?? []), p.apr]);
  }
  return [...days].map(([time, aprs]) => ({
    time,
    value: toWire(
      aprs
        .reduce((sum, a) => sum.plus(a), dec(0))
        .div(aprs.length)
        .toDecimalPlaces(8, Decimal.ROUND_DOWN),
    ),
  }));
}

/** The hour in progress at what the product card states now, when that hour is inside the range. */
async function liveHourPoint(db: Db, q: { asset: string; from: number; to: number }, now: Date) {
  const nowSeconds = unix(now);
  const time = nowSeconds - (nowSeconds % 3600);
  if (time < q.from || time > q.to) return null;
  const product = await flexProduct(db, q.asset);
  return product ? { time, apr: aprUpTo(flexAprTerms(product)).apr } : null;
}
