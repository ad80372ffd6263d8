import type Decimal from 'decimal.js';
import { percentToRate, rateToPercent, toRateFraction, toRatePercent } from './formulas';
import { dec, isPlainDecimal, toWire } from './money';

/**
 * Yearly rates in their two units, and the operator's guard on a rate change.
 *
 * The operator API keeps each line's wire unit (simple earn's rates and every fee rate are fractions,
 * 0.05; staking's, launch pool's and soft staking's are percents, 5): scripts rely on them. People
 * read and type percents everywhere, so the console converts at one place, with these functions,
 * in decimal strings: never through a JS number.
 */

/** The unit a rate travels in: a fraction (0.05) or a percent (5). */
export type RateUnit = 'fraction' | 'percent';

/** A fraction as the percent people read: "0.05" → "5", "0.061234" → "6.1234". */
export function fractionToPercent(fraction: string): string {
  return toWire(rateToPercent(toRateFraction(fraction)));
}

/** A typed percent as the wire fraction: "600" → "6", "6.12" → "0.0612". Exact: no digit is lost. */
export function percentToFraction(percent: string): string {
  return toWire(percentToRate(toRatePercent(percent)));
}

/** A rate in percent, whatever its unit. */
export function asPercent(value: Decimal.Value, unit: RateUnit): Decimal {
  return unit === 'fraction' ? rateToPercent(toRateFraction(value)) : toRatePercent(value);
}

/** Decimals a percent needs to carry a fraction of `places` decimals (two fewer). */
export const percentPlaces = (fractionPlaces: number): number => Math.max(0, fractionPlaces - 2);

/**
 * An APR as the guard's confirmation names it: at least two decimals, every significant one kept
 * ("600" → "600.00", "5.1234" → "5.1234"), so the figure confirmed is exactly the one set.
 */
export function aprText(percent: Decimal.Value): string {
  const text = toWire(percent);
  const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  return dec(text).toFixed(Math.max(2, places));
}

/** A new rate above this many times the current one needs the operator's explicit confirmation. */
export const RATE_JUMP_FACTOR = 3;
/** The ceiling (APR in percent) above which any rate needs confirmation, until the settings say otherwise. */
export const DEFAULT_RATE_CEILING_PERCENT = '100';

/** The message key of a rate change refused until confirmed (422, Code.RATE_CONFIRMATION_REQUIRED). */
export const RATE_CONFIRM_KEY = 'operator.rate.confirm';

/** Why a rate change needs confirming: above the ceiling, or a jump of more than RATE_JUMP_FACTOR times. */
export type RateConfirmReason = 'ceiling' | 'jump';

/**
 * Whether setting a rate needs the operator's confirmation, and why. `before` is the current rate
 * (null for a new product; a zero rate has no ratio to jump from), all in percent.
 */
export function rateConfirmReasons(
  beforePercent: Decimal.Value | null,
  afterPercent: Decimal.Value,
  ceilingPercent: Decimal.Value,
): RateConfirmReason[] {
  const after = dec(afterPercent);
  const reasons: RateConfirmReason[] = [];
  if (after.gt(ceilingPercent)) reasons.push('ceiling');
  if (
    beforePercent !== null &&
    dec(beforePercent).gt(0) &&
    after.gt(dec(beforePercent).times(RATE_JUMP_FACTOR))
  )
    reasons.push('jump');
  return reasons;
}

/** One rate in a refusal or an audit record: the field's path, the APRs (percent) and why. */
export interface UnusualRate {
  field: string;
  /** The new APR, in percent (aprText). */
  apr: string;
  /** The current APR, in percent (aprText); null for a new product. */
  before_apr: string | null;
  reasons: RateConfirmReason[];
}

/** Whether a text is a rate the guard can judge (the schemas have refused anything else already). */
export const isRateText = (value: unknown): value is string =>
  typeof value === 'string' && isPlainDecimal(value);
