import { DUAL_DECIMALS, DualKey, dec, dualOutcomes, targetReached } from '@earn/domain';
import { isApiError } from '../../api/client';
import type { DualDirection, DualProduct } from './api/index';

/**
 * The dual page's rules, pure: the grid of targets × settlement times, the two outcomes a subscription
 * fixes (the domain's formulas, the ones the server pays with), the amount's checks in the server's
 * order, and the refusal of a quote that moved or expired.
 */

/** A quote lives this long on the server (lines/dual/model.ts QUOTE_TTL_SECONDS). */
export const QUOTE_TTL_SECONDS = 60;

/** Amounts are entered with the ledger's 8 decimals, as the server books them. */
export const AMOUNT_DECIMALS = DUAL_DECIMALS;

export interface Grid {
  /** Target prices, the nearest to the market first (Sell High: ascending; Buy Low: descending). */
  targets: string[];
  /** Settlement times, soonest first (unix seconds). */
  times: number[];
  /** The product at a target and time, if any. */
  cell: (target: string, time: number) => DualProduct | undefined;
}

export function gridOf(products: readonly DualProduct[], direction: DualDirection): Grid {
  const byKey = new Map<string, DualProduct>();
  const targets = new Map<string, string>();
  const times = new Set<number>();
  for (const p of products) {
    const target = dec(p.target_price).toFixed();
    targets.set(target, p.target_price);
    times.add(p.settle_time);
    const key = `${target}@${p.settle_time}`;
    const held = byKey.get(key);
    // Two products at one target and time: the better APR is the one shown.
    if (!held || dec(p.apr).gt(held.apr)) byKey.set(key, p);
  }
  const sorted = [...targets.keys()].sort((a, b) => dec(a).comparedTo(b));
  if (direction === 'buy_low') sorted.reverse();
  return {
    targets: sorted,
    times: [...times].sort((a, b) => a - b),
    cell: (target, time) => byKey.get(`${dec(target).toFixed()}@${time}`),
  };
}

/**
 * When the grid's quotes were issued: the oldest product's quote time (the server's, each product's
 * `quote_time`); null when nothing is listed.
 */
export function quotedAt(products: readonly Pick<DualProduct, 'quote_time'>[]): number | null {
  if (products.length === 0) return null;
  return Math.min(...products.map((p) => p.quote_time));
}

export interface Outcomes {
  /** Target reached: paid in the exercise coin. */
  reached: { amount: string; coin: string };
  /** Not reached: paid in the invested coin. */
  notReached: { amount: string; coin: string };
  /** The interest, in the invested coin, 8 decimals down (shown; the outcomes round once). */
  interest: string;
}

/**
 * Both outcomes of subscribing `amount` with a quote of `apr` issued at `quoteTime` (the server's unix
 * seconds, from the product list or a refusal's new quote): the figures the server fixes on the order,
 * as it counts the interest from the quote's time to the settlement. No clock of the browser's enters.
 */
export function outcomesOf(
  p: Pick<DualProduct, 'direction' | 'target_price' | 'settle_time' | 'invest_coin' | 'exercise_coin'>,
  amount: string,
  apr: string,
  quoteTime: number,
): Outcomes {
  const o = dualOutcomes({
    direction: p.direction,
    amount,
    aprPercent: apr,
    seconds: p.settle_time - quoteTime,
    target: p.target_price,
  });
  return {
    reached: { amount: o.reached.amount.toFixed(DUAL_DECIMALS), coin: p.exercise_coin },
    notReached: { amount: o.notReached.amount.toFixed(DUAL_DECIMALS), coin: p.invest_coin },
    interest: o.interest.toDecimalPlaces(DUAL_DECIMALS, 1).toFixed(DUAL_DECIMALS),
  };
}

/** The most the user may put in now: the product's per-user cap, its quota left and their balance. */
export function maxAmount(
  p: Pick<DualProduct, 'max_amount' | 'remaining_quota'>,
  available?: string,
): string {
  let most = dec(p.remaining_quota);
  if (p.max_amount !== null) most = most.lt(p.max_amount) ? most : dec(p.max_amount);
  if (available !== undefined && dec(available).lt(most)) most = dec(available);
  return most.lt(0) ? '0' : most.toFixed();
}

export interface Problem {
  key: string;
  params: Record<string, string>;
}

/** What the server would refuse the amount for, in its order, or null. */
export function amountProblem(
  p: Pick<DualProduct, 'min_amount' | 'max_amount' | 'remaining_quota' | 'invest_coin'>,
  amount: string,
  available?: string,
): Problem | null {
  const coin = p.invest_coin;
  const a = dec(amount);
  if (a.lt(p.min_amount)) return { key: DualKey.belowMin, params: { amount: p.min_amount, coin } };
  if (p.max_amount !== null && a.gt(p.max_amount))
    return { key: DualKey.abovePersonal, params: { amount: p.max_amount, coin } };
  if (a.gt(p.remaining_quota))
    return { key: DualKey.aboveQuota, params: { amount: p.remaining_quota, coin } };
  if (available !== undefined && a.gt(available))
    return { key: 'dual.subscribe.inadequateBalance', params: { amount: available, coin } };
  return null;
}

export interface NewQuote {
  key: typeof DualKey.quoteMoved | typeof DualKey.quoteExpired;
  apr: string;
  quote_id: string;
  quote_time: number;
  quote_expire_time: number;
}

/** The server's refusal of a quote no longer in force, with the quote that replaces it; else null. */
export function newQuoteOf(e: unknown): NewQuote | null {
  if (!isApiError(e)) return null;
  const { key, apr, quote_id, quote_time, quote_expire_time } = e.data;
  if (key !== DualKey.quoteMoved && key !== DualKey.quoteExpired) return null;
  if (
    typeof apr !== 'string' ||
    typeof quote_id !== 'string' ||
    typeof quote_time !== 'number' ||
    typeof quote_expire_time !== 'number'
  )
    return null;
  return { key, apr, quote_id, quote_time, quote_expire_time };
}

/** The "why" of a settled order: the fixing price against the target, on the direction's side. */
export function settledWhy(o: {
  direction: DualDirection | null;
  target_price: string;
  settle_price: string | null;
}): 'reached' | 'notReached' | null {
  if (!o.direction || o.settle_price === null) return null;
  return targetReached(o.direction, o.settle_price, o.target_price) ? 'reached' : 'notReached';
}
