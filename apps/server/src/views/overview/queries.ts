import { type Decimal, dec, roundDown, toWire, usdtValueOf } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { unixSeconds } from '../../infra/jobs/clock';
import type { LineReads, UpcomingRow } from '../../kernel/reads';
import { QUOTE_ASSET } from '../../market/assets';
import type { Line } from '../lines';
import { holdingsSql } from './holdings';
import { earningsByDay } from './rollup';

/** The movement types that are earnings: what the user got (and, negative, what it cost them). */
export const EARNING_TYPES = ['interest', 'reward', 'bonus', 'fee', 'loss'] as const;

const DAY_MS = 86_400_000;

/** Every listed asset's current USDT price (USDT: 1). */
export async function currentPrices(db: Db): Promise<Map<string, Decimal>> {
  const found = await rows<{ symbol: string; price: string }>(
    db,
    sql`SELECT symbol, price_usdt::text AS price FROM assets`,
  );
  const prices = new Map(found.map((r) => [r.symbol, dec(r.price)]));
  prices.set(QUOTE_ASSET, dec(1));
  return prices;
}

/**
 * A holding's value as the overview shows it: amount × price in cents, rounded down (usdtValueOf); an
 * unpriced asset is worth 0. A line's total is the sum of these and the overview's the sum of the
 * lines', so every figure shown beside others adds up.
 */
export function holdingValue(prices: Map<string, Decimal>, asset: string, amount: Decimal): Decimal {
  return usdtValueOf(amount, prices.get(asset) ?? 0);
}

/** Earnings: amount × price, 8 decimals toward zero (a day's interest may be a fraction of a cent). */
export function usdtValue(prices: Map<string, Decimal>, asset: string, amount: Decimal): Decimal {
  return roundDown(amount.times(prices.get(asset) ?? 0), 8);
}

export interface Holding {
  line: Line;
  asset: string;
  amount: Decimal;
}

/**
 * What the user holds in Earn, per line and asset, as of `now`: the one definition of holdings.ts,
 * which the proof of liabilities counts too.
 */
export async function holdingsOf(
  db: Db,
  reads: readonly LineReads[],
  userId: number,
  now: Date,
): Promise<Holding[]> {
  const found = await rows<{ line: Line; asset: string; amount: string }>(
    db,
    sql`SELECT line, asset, SUM(amount)::text AS amount FROM (${holdingsSql(reads, now, [userId])}) h
         GROUP BY line, asset HAVING SUM(amount) <> 0`,
  );
  return found.map((r) => ({ line: r.line, asset: r.asset, amount: dec(r.amount) }));
}

/**
 * Net earnings per asset over the UTC days [from, to) (either open): the daily rollup for the closed
 * days it holds, the live movements after them (rollup.ts).
 */
export async function earningsByAsset(
  db: Db,
  reads: readonly LineReads[],
  userId: number,
  from?: Date,
  to?: Date,
): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>();
  for (const r of await earningsByDay(db, reads, userId, EARNING_TYPES, from, to))
    out.set(r.asset, (out.get(r.asset) ?? dec(0)).plus(r.amount));
  return out;
}

/** Σ over assets of each asset's total × its current price (8 decimals down per asset). */
export function totalUsdt(prices: Map<string, Decimal>, perAsset: Map<string, Decimal>): Decimal {
  let total = dec(0);
  for (const [asset, amount] of perAsset) total = total.plus(usdtValue(prices, asset, amount));
  return total;
}

/** Start of the UTC day holding `at`. */
export function utcDayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** Daily net earnings in USDT at current prices for the `days` UTC days ending with today. */
export async function dailyEarnings(
  db: Db,
  reads: readonly LineReads[],
  userId: number,
  days: number,
  now: Date,
) {
  const today = utcDayStart(now);
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);
  const found = await earningsByDay(db, reads, userId, EARNING_TYPES, from);
  const prices = await currentPrices(db);
  const perDay = new Map<string, Map<string, Decimal>>();
  for (const r of found) {
    const day = perDay.get(r.day) ?? new Map<string, Decimal>();
    day.set(r.asset, (day.get(r.asset) ?? dec(0)).plus(r.amount));
    perDay.set(r.day, day);
  }
  return Array.from({ length: days }, (_, i) => {
    const start = new Date(from.getTime() + i * DAY_MS);
    const day = start.toISOString().slice(0, 10);
    return { day, start: unixSeconds(start), usdt: toWire(totalUsdt(prices, perDay.get(day) ?? new Map())) };
  });
}

/** A user's upcoming item as the overview answers it: the lines' row without whose it is. */
export type Upcoming = Omit<UpcomingRow, 'userId'>;

/**
 * What comes next, soonest first, as each line's reads tell it (kernel/reads.ts): fixed maturities
 * (paid at the maturity payout time), flexible redemptions frozen until the next hourly settlement,
 * staking redemptions on their way, launch-pool projects ending while the user has a stake in them,
 * and private-wealth redemptions at the next NAV (estimated from the product's publishing cadence).
 * Amounts: what arrives (wealth: units at cost).
 */
export async function upcomingOf(
  db: Db,
  reads: readonly LineReads[],
  userId: number,
  now: Date,
): Promise<Upcoming[]> {
  const out: Upcoming[] = [];
  for (const r of reads)
    for (const u of (await r.upcoming?.(db, [userId], now)) ?? [])
      out.push({
        kind: u.kind,
        line: u.line,
        asset: u.asset,
        amount: toWire(u.amount),
        at: u.at,
        estimated: u.estimated,
      });
  return out.sort((a, b) => a.at - b.at || a.line.localeCompare(b.line) || a.asset.localeCompare(b.asset));
}
