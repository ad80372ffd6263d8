import Decimal from 'decimal.js';
import { dec, LEDGER_DECIMALS, STORAGE_DECIMALS } from './money';

/**
 * Every money formula of the earn lines, once. The database has the same rules as IMMUTABLE SQL
 * functions (migration 0043_money_formulas.sql, named beside each rule here); a property test
 * (apps/server/test/core/formulas.test.ts) holds the two spellings equal to the 18th decimal.
 *
 * Rates say their unit by their type: a `RateFraction` is 0.05 for 5 % (simple earn's rates, ladder
 * aprs, fee rates, campaign tier rates), a `RatePercent` is 5 for 5 % (staking's, soft staking's and
 * launch pool's rates, voucher rate ratios). Only `toRateFraction`/`toRatePercent` make one from a
 * value, and `percentToRate`/`rateToPercent` convert.
 *
 * Rounding (simple-earn.md and staking-wealth.md section 9): what is paid once (a fixed term's
 * interest and bonus, a fee) is cut to 8 decimals down, the rest never paid; what accrues (a flexible
 * hour, a staking or soft-staking day) is exact, or cut to 18 decimals down, and paid as the 8-decimal
 * floor of the carried fraction plus it, the rest carried forward (`payWithCarry`).
 */

declare const fractionBrand: unique symbol;
declare const percentBrand: unique symbol;

/** A yearly rate as a fraction: 0.05 is 5 % a year. */
export type RateFraction = Decimal & { readonly [fractionBrand]: true };
/** A yearly rate in percent: 5 is 5 % a year. */
export type RatePercent = Decimal & { readonly [percentBrand]: true };

/** A value known to be a fraction (0.05 = 5 %). */
export function toRateFraction(value: Decimal.Value): RateFraction {
  return dec(value) as RateFraction;
}

/** A value known to be a percent (5 = 5 %). */
export function toRatePercent(value: Decimal.Value): RatePercent {
  return dec(value) as RatePercent;
}

/** 5 % → 0.05, exactly. */
export function percentToRate(percent: RatePercent): RateFraction {
  return dec(x(percent).div(100)) as RateFraction;
}

/** 0.05 → 5 %, exactly. */
export function rateToPercent(fraction: RateFraction): RatePercent {
  return dec(x(fraction).times(100)) as RatePercent;
}

/** The year every rate is a year of: 365 days (no leap day), 8,760 hours, 31,536,000 seconds. */
export const YEAR_DAYS = 365;
export const YEAR_HOURS = YEAR_DAYS * 24;
export const YEAR_SECONDS = YEAR_DAYS * 86_400;

/**
 * The rules compute with 160 significant digits (an amount of 48 digits times a rate of 30 is exact)
 * and answer in the money decimal of the rest of the code.
 */
const Exact = Decimal.clone({ precision: 160, rounding: Decimal.ROUND_DOWN, toExpNeg: -200, toExpPos: 200 });
const x = (value: Decimal.Value) => new Exact(value);
const floorTo = (value: Decimal, places: number) => dec(value.toDecimalPlaces(places, Decimal.ROUND_DOWN));

/**
 * The flexible index's step of an hour: rate ÷ 8,760, exact (SQL earn_hourly_rate, to 30 decimals).
 * A holding's exact cumulative interest grows by lent × this each hour it lends.
 */
export function hourlyRate(rate: RateFraction): Decimal {
  return dec(x(rate).div(YEAR_HOURS));
}

/** A flexible hour's gross interest: lent × rate ÷ 8,760, exact (SQL earn_hourly_interest). */
export function hourlyInterest(lent: Decimal.Value, rate: RateFraction): Decimal {
  return dec(x(lent).times(rate).div(YEAR_HOURS));
}

/**
 * What a unit earns over `seconds` at a yearly rate in percent: rate ÷ 100 × seconds ÷ 31,536,000,
 * exact (60 significant digits). Launch pool's auto-earn interest index moves by it.
 */
export function secondsRate(rate: RatePercent, seconds: Decimal.Value): Decimal {
  return dec(x(rate).div(100).times(seconds).div(YEAR_SECONDS));
}

/**
 * A fixed term's interest, paid once at maturity: principal × rate × days ÷ 365, 8 decimals down
 * (SQL earn_term_interest). Multiplied before the one division, so a term that earns a round figure
 * is paid it.
 */
export function termInterest(principal: Decimal.Value, rate: RateFraction, days: Decimal.Value): Decimal {
  return floorTo(x(principal).times(rate).times(days).div(YEAR_DAYS), LEDGER_DECIMALS);
}

/** One tier of a ladder: the part of an amount within [from, to) earns `rate` a year. */
export interface RateLadderTier {
  from: Decimal.Value;
  /** null: no upper bound. */
  to: Decimal.Value | null;
  rate: RateFraction;
}

/** The part of `amount` within a tier [from, to): max(0, min(amount, to) − from). */
export function ladderTierWidth(
  amount: Decimal.Value,
  from: Decimal.Value,
  to: Decimal.Value | null,
): Decimal {
  const top = to === null ? x(amount) : Exact.min(amount, to);
  return dec(Exact.max(0, top.minus(from)));
}

/** What a ladder earns on `amount` in a year: Σ tier width × tier rate, exact (SQL earn_ladder_yearly). */
export function ladderYearly(amount: Decimal.Value, tiers: readonly RateLadderTier[]): Decimal {
  let total = x(0);
  for (const t of tiers) total = total.plus(x(ladderTierWidth(amount, t.from, t.to)).times(t.rate));
  return dec(total);
}

/**
 * A flexible hour's bonus from the ladder's yearly figure: yearly ÷ 8,760 × price ratio (the product
 * coin's price ÷ the award coin's), exact (SQL earn_hourly_bonus).
 */
export function hourlyBonus(yearly: Decimal.Value, priceRatio: Decimal.Value): Decimal {
  return dec(x(yearly).div(YEAR_HOURS).times(priceRatio));
}

/**
 * A fixed term's bonus from the ladder's yearly figure, paid once: yearly × days × price ratio ÷
 * 365, 8 decimals down (SQL earn_term_bonus).
 */
export function termBonus(yearly: Decimal.Value, days: Decimal.Value, priceRatio: Decimal.Value): Decimal {
  return floorTo(x(yearly).times(days).times(priceRatio).div(YEAR_DAYS), LEDGER_DECIMALS);
}

/**
 * A staking or soft-staking day's gross reward: amount × rate% ÷ 36,500, 18 decimals down (SQL
 * earn_day_reward). Paid with the carried fraction (payWithCarry).
 */
export function dayReward(amount: Decimal.Value, rate: RatePercent): Decimal {
  return floorTo(
    x(amount)
      .times(rate)
      .div(100 * YEAR_DAYS),
    STORAGE_DECIMALS,
  );
}

/**
 * A staking campaign's gross for the seconds of a day it ran: yearly × seconds ÷ 31,536,000, 18
 * decimals down (SQL earn_campaign_reward).
 */
export function campaignReward(yearly: Decimal.Value, seconds: Decimal.Value): Decimal {
  return floorTo(x(yearly).times(seconds).div(YEAR_SECONDS), STORAGE_DECIMALS);
}

/** A redemption fee: amount × fee rate, 8 decimals down (SQL earn_fee). */
export function feeAmount(amount: Decimal.Value, rate: RateFraction): Decimal {
  return floorTo(x(amount).times(rate), LEDGER_DECIMALS);
}

/**
 * The carry-forward rule of what accrues: the period pays (carried fraction + gross) 8 decimals down
 * and carries the rest (SQL earn_paid for the first part).
 */
export function payWithCarry(
  carryIn: Decimal.Value,
  gross: Decimal.Value,
): { total: Decimal; paid: Decimal; carryOut: Decimal } {
  const total = x(carryIn).plus(gross);
  const paid = floorTo(total, LEDGER_DECIMALS);
  return { total: dec(total), paid, carryOut: dec(total.minus(paid)) };
}
