import { type Decimal, dec, maxDec, minDec, roundDown } from '../money';
import {
  estimatedInterest,
  INTEREST_DECIMALS,
  SIMPLE_EARN_DAYS_PER_YEAR,
  SIMPLE_EARN_HOURS_PER_YEAR,
  type SimpleEarnLadderTier,
  tierInterest,
  voucherYield,
} from './index';

/**
 * The APR a user gets for an amount: one rule, used by the server's answers and by every screen, that
 * computes what the engines pay (apps/server/src/lines/simple-earn/engine.ts and fixed.ts):
 *
 * - a base rate on the whole amount: the flexible hour's rate (next_time_rate_year), or a fixed
 *   product's year_rate;
 * - bonus tiers on the parts of the amount inside them: every tier pays its apr on the part of the
 *   amount in [left, right) (right empty or 0: no upper bound), tiers that overlap both pay; flexible:
 *   the ladder, or one tier [0, ext_award_limit) at ext_award_rate_year, only while the award pool is
 *   open; fixed: the ladder when the product names a bonus coin. A bonus is paid in the award coin at
 *   the price ratio product / award coin, so in the product coin's value it is the tier's apr;
 * - a rate-up voucher (fixed only): rate_ratio % for min(rate_day, term) days, spread over the term.
 *
 * VIP products have their own year_rate (there is no VIP rate-up on top), so VIP needs nothing here.
 * A flexible estimate assumes the amount is lent in full: the engine lends by minimum APR up to the
 * hour's borrow demand, and an offer the demand does not reach earns nothing that hour.
 *
 * Rates are fractions (0.05 = 5 %). Amounts and interest are in the product coin.
 */
export interface AprTerms {
  /** The base yearly rate on the whole amount. */
  baseApr: Decimal.Value;
  /** The bonus tiers the engine pays, each on the part of the amount inside it. */
  bonusTiers: readonly SimpleEarnLadderTier[];
  /** A rate-up voucher's yearly rate spread over the term (voucherAprOverTerm); fixed only. */
  voucherApr?: Decimal.Value;
}

/** One stretch of amounts with one APR: [from, to), to null for no upper bound. */
export interface AprSegment {
  from: Decimal;
  to: Decimal | null;
  /** base + the bonus of the tiers covering it + voucher. */
  apr: Decimal;
  bonusApr: Decimal;
  /** The part of the amount (above what is held) that falls in this stretch. */
  amount: Decimal;
  /** amount × apr: a year's interest on that part, unrounded. */
  interestYear: Decimal;
}

export interface BlendedApr {
  /** The amount's APR: interestYear / amount (the base rate for a zero amount). */
  apr: Decimal;
  baseApr: Decimal;
  /** The bonus part of apr. */
  bonusApr: Decimal;
  voucherApr: Decimal;
  amount: Decimal;
  /** What the holding already had: the amount is placed above it on the ladder. */
  held: Decimal;
  /** Every stretch of the ladder from 0 up, the last one open; amount 0 where the amount does not reach. */
  segments: AprSegment[];
  /** A year's interest on the amount, unrounded: Σ segments' interestYear. */
  interestYear: Decimal;
  baseInterestYear: Decimal;
  bonusInterestYear: Decimal;
  voucherInterestYear: Decimal;
}

const upperOf = (tier: SimpleEarnLadderTier): Decimal | null =>
  tier.right === '' || dec(tier.right).isZero() ? null : dec(tier.right);

/** The flexible product's bonus tiers as the hourly engine pays them. */
export function flexibleBonusTiers(p: {
  isOpenAwardPool: boolean;
  ladderApr: readonly SimpleEarnLadderTier[];
  extAwardRateYear: Decimal.Value;
  extAwardLimit: Decimal.Value;
}): SimpleEarnLadderTier[] {
  if (!p.isOpenAwardPool) return [];
  if (p.ladderApr.length > 0) return [...p.ladderApr];
  if (dec(p.extAwardRateYear).isZero()) return [];
  return [{ left: '0', right: dec(p.extAwardLimit).toFixed(), apr: dec(p.extAwardRateYear).toFixed() }];
}

/** A fixed product's bonus tiers: its ladder, when it names a bonus coin. */
export function fixedBonusTiers(
  bonusAsset: string | null | undefined,
  ladderApr: readonly SimpleEarnLadderTier[],
): SimpleEarnLadderTier[] {
  return bonusAsset && ladderApr.length > 0 ? [...ladderApr] : [];
}

/** The days a voucher pays on a fixed order: its rate_day, at most the term. */
export function voucherDays(rateDay: number, termDays: number): number {
  return Math.max(0, Math.min(rateDay, termDays));
}

/**
 * A rate-up voucher as a yearly rate over the whole term: rate_ratio % paid for min(rate_day, term)
 * days of a term of termDays, so amount × this / 365 × term is its yield.
 */
export function voucherAprOverTerm(
  rateRatioPercent: Decimal.Value,
  rateDay: number,
  termDays: number,
): Decimal {
  if (termDays <= 0) return dec(0);
  return dec(rateRatioPercent).div(100).times(voucherDays(rateDay, termDays)).div(termDays);
}

/** The stretches of the ladder: boundaries at every tier's edges, each with the bonus of its tiers. */
function ladderStretches(
  tiers: readonly SimpleEarnLadderTier[],
): { from: Decimal; to: Decimal | null; bonus: Decimal }[] {
  const edges: Decimal[] = [dec(0)];
  for (const tier of tiers) {
    edges.push(maxDec(0, tier.left));
    const upper = upperOf(tier);
    if (upper) edges.push(upper);
  }
  edges.sort((a, b) => a.cmp(b));
  const bounds = edges.filter((e, i) => i === 0 || !e.eq(edges[i - 1] as Decimal));
  return bounds.map((from, i) => {
    const to = bounds[i + 1] ?? null;
    let bonus = dec(0);
    for (const tier of tiers) {
      const upper = upperOf(tier);
      const covers = dec(tier.left).lte(from) && (upper === null ? true : to !== null && upper.gte(to));
      if (covers) bonus = bonus.plus(tier.apr);
    }
    return { from, to, bonus };
  });
}

/**
 * The APR for `amount` placed above `held` (what the holding already has: the ladder counts from the
 * holding's first unit, so more of a coin already held earns the rates further up).
 */
export function blendedApr(amount: Decimal.Value, terms: AprTerms, held: Decimal.Value = 0): BlendedApr {
  const total = maxDec(0, amount);
  const start = maxDec(0, held);
  const end = start.plus(total);
  const base = dec(terms.baseApr);
  const voucher = dec(terms.voucherApr ?? 0);
  const segments: AprSegment[] = [];
  for (const s of ladderStretches(terms.bonusTiers)) {
    const apr = base.plus(s.bonus).plus(voucher);
    const top = s.to === null ? end : minDec(s.to, end);
    const part = maxDec(0, top.minus(maxDec(s.from, start)));
    const last = segments[segments.length - 1];
    // Neighbours with the same rate read as one stretch.
    if (last?.apr.eq(apr)) {
      last.to = s.to;
      last.amount = last.amount.plus(part);
      last.interestYear = last.amount.times(apr);
      continue;
    }
    segments.push({
      from: s.from,
      to: s.to,
      apr,
      bonusApr: s.bonus,
      amount: part,
      interestYear: part.times(apr),
    });
  }
  const interestYear = segments.reduce((sum, s) => sum.plus(s.interestYear), dec(0));
  const bonusInterestYear = segments.reduce((sum, s) => sum.plus(s.amount.times(s.bonusApr)), dec(0));
  // A zero amount gets the rate of the stretch it would start in.
  const at = segments.find((s) => s.from.lte(start) && (s.to === null || s.to.gt(start)));
  const marginalBonus = at?.bonusApr ?? dec(0);
  return {
    apr: total.isZero() ? base.plus(voucher).plus(marginalBonus) : interestYear.div(total),
    baseApr: base,
    bonusApr: total.isZero() ? marginalBonus : bonusInterestYear.div(total),
    voucherApr: voucher,
    amount: total,
    held: start,
    segments,
    interestYear,
    baseInterestYear: total.times(base),
    bonusInterestYear,
    voucherInterestYear: total.times(voucher),
  };
}

/**
 * The most a product pays and the amount that gets it, for "up to X % on the first N": the best APR
 * over every amount. It is reached at a stretch's end (the APR of an amount moves towards the rate of
 * the stretch it ends in), or approached by large amounts (the open stretch's rate: amount null).
 */
export function aprUpTo(terms: AprTerms): { apr: Decimal; amount: Decimal | null } {
  const segments = blendedApr(0, terms).segments;
  const tail = segments[segments.length - 1];
  let best: { apr: Decimal; amount: Decimal | null } = {
    apr: tail ? tail.apr : dec(terms.baseApr).plus(terms.voucherApr ?? 0),
    amount: null,
  };
  for (const s of segments) {
    if (s.to === null || s.to.isZero()) continue;
    const apr = blendedApr(s.to, terms).apr;
    if (apr.gt(best.apr) || (apr.eq(best.apr) && best.amount !== null && s.to.lt(best.amount)))
      best = { apr, amount: s.to };
  }
  return best;
}

/** Flexible interest and bonus of one hour, as the hourly engine pays a lent amount. */
export interface HourPayout {
  /** In the product coin. */
  interest: Decimal;
  /** In the award coin. */
  bonus: Decimal;
}

/**
 * What the hourly engine pays on an amount lent in full for `hours` whole hours, in its `hour`-th
 * hour (1-based): each of interest and bonus is the 8-decimal floor of its exact running total less
 * the floor before, so the fraction below a unit carries forward and is never paid early. The bonus
 * is converted into the award coin at priceRatio (product price / award coin price).
 */
export function flexibleHourPayout(
  amount: Decimal.Value,
  terms: AprTerms,
  opts: { priceRatio?: Decimal.Value; hour?: number } = {},
): HourPayout {
  const blended = blendedApr(amount, terms);
  const n = opts.hour ?? 1;
  const perHour = (yearly: Decimal) => yearly.div(SIMPLE_EARN_HOURS_PER_YEAR);
  const step = (running: Decimal) =>
    roundDown(running.times(n), INTEREST_DECIMALS).minus(roundDown(running.times(n - 1), INTEREST_DECIMALS));
  return {
    interest: step(perHour(blended.baseInterestYear)),
    bonus: step(perHour(blended.bonusInterestYear).times(opts.priceRatio ?? 1)),
  };
}

export interface FixedPayout {
  /** Principal × year_rate / 365 × term, 8 decimals down, in the product coin. */
  interest: Decimal;
  /** The voucher's yield, 8 decimals down, in the product coin. */
  voucher: Decimal;
  /** The ladder's bonus, 8 decimals down, in the bonus coin. */
  bonus: Decimal;
}

/** What a fixed order pays at maturity, fixed at subscription (apps/server/src/lines/simple-earn/fixed.ts). */
export function fixedTermPayout(
  amount: Decimal.Value,
  p: {
    yearRate: Decimal.Value;
    termDays: number;
    bonusTiers: readonly SimpleEarnLadderTier[];
    voucher?: { rateRatioPercent: Decimal.Value; rateDay: number } | null;
  },
  priceRatio: Decimal.Value = 1,
): FixedPayout {
  const days = p.voucher ? voucherDays(p.voucher.rateDay, p.termDays) : 0;
  return {
    interest: estimatedInterest(amount, p.yearRate, p.termDays),
    voucher: p.voucher ? voucherYield(amount, p.voucher.rateRatioPercent, days) : dec(0),
    bonus: p.bonusTiers.length > 0 ? tierInterest(amount, p.bonusTiers, priceRatio, p.termDays) : dec(0),
  };
}

/** A year's interest as interest over `days` days (fixed: the term), unrounded. */
export function interestOverDays(interestYear: Decimal.Value, days: number): Decimal {
  return dec(interestYear).div(SIMPLE_EARN_DAYS_PER_YEAR).times(days);
}
