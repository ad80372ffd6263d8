import Decimal from 'decimal.js';
import { firstFailure } from '../check-order';
import { dec, decimalPlaces, LEDGER_DECIMALS, maxDec, roundDown, toWire } from '../money';

/**
 * Dual investment's money rules (issue 29), pure and shared by the server and the web: the interest,
 * the two outcomes of an order, and the quoted APR from Black–Scholes. Rates are percents on the
 * wire ("12.5" is 12.5 % a year); the functions say which unit they take in their names.
 */

export const DUAL_DIRECTIONS = ['sell_high', 'buy_low'] as const;
export type DualDirection = (typeof DUAL_DIRECTIONS)[number];

/** The quote coin of every pair: a product is BASE/USDT. */
export const DUAL_QUOTE_COIN = 'USDT';
/** A year of 365 days in seconds: the interest's denominator (issue 29). */
export const DUAL_YEAR_SECONDS = 31_536_000;
/** Amounts received: 8 decimals, rounded down. */
export const DUAL_DECIMALS = LEDGER_DECIMALS;
/** APRs quoted: percents with 2 decimals, rounded down (the house never quotes more than it computed). */
export const DUAL_APR_DECIMALS = 2;

/** Message keys of the dual line's refusals. */
export const DualKey = {
  quoteExpired: 'dual.quote.expired',
  quoteMoved: 'dual.quote.moved',
  productClosed: 'dual.product.closed',
  soldOut: 'dual.product.soldOut',
  belowMin: 'dual.subscribe.belowMin',
  abovePersonal: 'dual.subscribe.aboveUserMax',
  aboveQuota: 'dual.subscribe.aboveQuota',
  noYield: 'dual.product.noYield',
  precision: 'common.amountPrecision',
  inadequateBalance: 'finances.inadequateBalance',
  targetSide: 'dual.product.targetSide',
  targetCrossed: 'dual.product.targetCrossed',
  settleTime: 'dual.product.settleTime',
  notCancelable: 'dual.product.notCancelable',
  noPairSettings: 'dual.pair.notConfigured',
} as const;

/** The coin invested and the coin the order may convert into, for a base coin and a direction. */
export function dualCoins(direction: DualDirection, base: string): { invest: string; exercise: string } {
  return direction === 'sell_high'
    ? { invest: base, exercise: DUAL_QUOTE_COIN }
    : { invest: DUAL_QUOTE_COIN, exercise: base };
}

/**
 * Interest in the invested coin, unrounded: amount × APR × seconds ÷ 31,536,000, the APR a percent.
 * Only what is received is rounded (dualOutcomes), once.
 */
export function dualInterest(amount: Decimal.Value, aprPercent: Decimal.Value, seconds: number): Decimal {
  if (seconds <= 0) return dec(0);
  return dec(amount)
    .times(aprPercent)
    .times(seconds)
    .div(DUAL_YEAR_SECONDS * 100);
}

/** Whether the fixing price reached the target: at or above for Sell High, at or below for Buy Low. */
export function targetReached(
  direction: DualDirection,
  fixing: Decimal.Value,
  target: Decimal.Value,
): boolean {
  return direction === 'sell_high' ? dec(fixing).gte(target) : dec(fixing).lte(target);
}

export interface DualOutcome {
  coin: 'invest' | 'exercise';
  amount: Decimal;
}

export interface DualOutcomes {
  /** The unrounded interest, in the invested coin. */
  interest: Decimal;
  /** Target reached: (amount + interest) converted at the target, in the exercise coin. */
  reached: DualOutcome;
  /** Not reached: amount + interest in the invested coin. */
  notReached: DualOutcome;
}

/**
 * Both outcomes of an order, each floored to 8 decimals; the fraction below is never paid and stays
 * with the house. Sell High converts (amount + interest) × target into USDT; Buy Low (amount +
 * interest) ÷ target into the base coin.
 */
export function dualOutcomes(opts: {
  direction: DualDirection;
  amount: Decimal.Value;
  aprPercent: Decimal.Value;
  seconds: number;
  target: Decimal.Value;
}): DualOutcomes {
  const interest = dualInterest(opts.amount, opts.aprPercent, opts.seconds);
  const gross = dec(opts.amount).plus(interest);
  const converted = opts.direction === 'sell_high' ? gross.times(opts.target) : gross.div(opts.target);
  return {
    interest,
    reached: { coin: 'exercise', amount: roundDown(converted, DUAL_DECIMALS) },
    notReached: { coin: 'invest', amount: roundDown(gross, DUAL_DECIMALS) },
  };
}

// Black–Scholes at a working precision of its own: exp, ln and sqrt of decimal.js are correctly
// rounded, so the figures are the same on every machine.
const BS = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });

/**
 * The standard normal cumulative distribution Φ(x), by Marsaglia's series (J. Stat. Softw. 11(4),
 * 2004): Φ(x) = ½ + φ(x)·(x + x³/3 + x⁵/(3·5) + …), which converges for every x; beyond |x| = 10 Φ
 * is 0 or 1 to 22 decimals.
 */
export function normCdf(x: Decimal.Value): Decimal {
  const v = new BS(x);
  if (v.gt(10)) return new BS(1);
  if (v.lt(-10)) return new BS(0);
  let term = v;
  let sum = v;
  const x2 = v.times(v);
  for (let i = 3; i < 2000; i += 2) {
    term = term.times(x2).div(i);
    const next = sum.plus(term);
    if (next.eq(sum)) break;
    sum = next;
  }
  const pdf = x2
    .div(-2)
    .exp()
    .div(new BS(2).times(BS.acos(-1)).sqrt());
  return new BS(0.5).plus(pdf.times(sum));
}

/**
 * European option prices by Black–Scholes (Black and Scholes 1973; Hull, Options, Futures and Other
 * Derivatives, ch. 15): C = S·N(d1) − K·e^(−rT)·N(d2), P = K·e^(−rT)·N(−d2) − S·N(−d1), with
 * d1 = (ln(S/K) + (r + σ²/2)·T) / (σ·√T) and d2 = d1 − σ·√T. σ and r are yearly fractions, T in years.
 */
export function blackScholes(opts: {
  spot: Decimal.Value;
  strike: Decimal.Value;
  years: Decimal.Value;
  volatility: Decimal.Value;
  rate?: Decimal.Value;
}): { call: Decimal; put: Decimal } {
  const s = new BS(opts.spot);
  const k = new BS(opts.strike);
  const t = new BS(opts.years);
  const sigma = new BS(opts.volatility);
  const r = new BS(opts.rate ?? 0);
  const discounted = k.times(r.neg().times(t).exp());
  if (t.lte(0) || sigma.lte(0)) {
    // At expiry (or without volatility) an option is worth what it pays now.
    return { call: BS.max(0, s.minus(discounted)), put: BS.max(0, discounted.minus(s)) };
  }
  const volRoot = sigma.times(t.sqrt());
  const d1 = s
    .div(k)
    .ln()
    .plus(r.plus(sigma.times(sigma).div(2)).times(t))
    .div(volRoot);
  const d2 = d1.minus(volRoot);
  return {
    call: s.times(normCdf(d1)).minus(discounted.times(normCdf(d2))),
    put: discounted.times(normCdf(d2.neg())).minus(s.times(normCdf(d1.neg()))),
  };
}

/**
 * The APR a quoted product pays, in percent: the premium of the option the user sells, as a yearly
 * rate on what they invest, less the house's margin, 2 decimals down and never below 0.
 * Sell High sells a covered call at the target: premium C per coin invested, rate C ÷ S ÷ T.
 * Buy Low sells a cash-secured put at the target: the USDT invested buys 1 ÷ K coins per USDT, so the
 * rate is P ÷ K ÷ T. No interest rate (r = 0): the coins are held, not lent.
 */
export function quotedAprPercent(opts: {
  direction: DualDirection;
  spot: Decimal.Value;
  target: Decimal.Value;
  seconds: number;
  volatilityPercent: Decimal.Value;
  marginPercent: Decimal.Value;
}): Decimal {
  if (opts.seconds <= 0 || dec(opts.spot).lte(0)) return dec(0);
  const years = new BS(opts.seconds).div(DUAL_YEAR_SECONDS);
  const { call, put } = blackScholes({
    spot: opts.spot,
    strike: opts.target,
    years,
    volatility: new BS(opts.volatilityPercent).div(100),
  });
  const premiumRate =
    opts.direction === 'sell_high' ? call.div(opts.spot).div(years) : put.div(opts.target).div(years);
  const apr = premiumRate.times(100).minus(opts.marginPercent);
  return apr.lte(0) ? dec(0) : roundDown(dec(apr.toFixed(20, Decimal.ROUND_DOWN)), DUAL_APR_DECIMALS);
}

/** Whether a target lies on its direction's side of the market: above for Sell High, below for Buy Low. */
export function targetOnItsSide(
  direction: DualDirection,
  spot: Decimal.Value,
  target: Decimal.Value,
): boolean {
  return direction === 'sell_high' ? dec(target).gt(spot) : dec(target).lt(spot);
}

export interface DualViolation {
  key: string;
  params: Record<string, string>;
}

/**
 * A subscription amount's rules in the shared order (check-order.ts): 8 decimals, the product's
 * minimum, what is left of the user's maximum and of the product's quota, then the balance.
 */
export function checkDualAmount(opts: {
  amount: string;
  coin: string;
  min: Decimal.Value;
  /** What the user may still subscribe; null: no personal cap. */
  userLeft: Decimal.Value | null;
  quotaLeft: Decimal.Value;
  available: Decimal.Value;
}): DualViolation | null {
  const amount = dec(opts.amount);
  const fail = (key: string, value: Decimal.Value): DualViolation => ({
    key,
    params: { amount: toWire(value), coin: opts.coin },
  });
  return firstFailure<DualViolation>([
    {
      stage: 'precision',
      check: () =>
        decimalPlaces(opts.amount) > DUAL_DECIMALS
          ? { key: DualKey.precision, params: { precision: String(DUAL_DECIMALS) } }
          : null,
    },
    { stage: 'minimum', check: () => (amount.lt(opts.min) ? fail(DualKey.belowMin, opts.min) : null) },
    {
      stage: 'quota',
      check: () =>
        opts.userLeft !== null && amount.gt(opts.userLeft)
          ? fail(DualKey.abovePersonal, maxDec(0, opts.userLeft))
          : null,
    },
    {
      stage: 'quota',
      check: () => (amount.gt(opts.quotaLeft) ? fail(DualKey.aboveQuota, maxDec(0, opts.quotaLeft)) : null),
    },
    {
      stage: 'balance',
      check: () => (amount.gt(opts.available) ? fail(DualKey.inadequateBalance, opts.available) : null),
    },
  ]);
}
