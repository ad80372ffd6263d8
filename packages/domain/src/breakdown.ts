/**
 * "Why this reward": a day's payout re-derived from its inputs by the rule the daily engines pay by
 * (soft staking, staking base rewards): gross = eligible × rate% ÷ 36,500, 18 decimals down; paid =
 * (carried fraction + gross) 8 decimals down; what stays below the 8th decimal is carried to the next day.
 */
import { dec } from './money';
import { estimatedInterest, SIMPLE_EARN_DAYS_PER_YEAR } from './simple-earn';

export const DAILY_RATE_DIVISOR = 36_500;

export interface DailyPayoutBreakdown {
  eligible: string;
  ratePercent: string;
  gross: string;
  carryIn: string;
  total: string;
  paid: string;
  carryOut: string;
  /** The formula with the figures, e.g. "1000 × 3.65 % ÷ 365 = 0.1". */
  formula: string;
}

export function dailyPayoutBreakdown(
  eligible: string,
  ratePercent: string,
  carryIn: string,
): DailyPayoutBreakdown {
  const gross = dec(eligible).times(ratePercent).div(DAILY_RATE_DIVISOR).toDecimalPlaces(18, 1);
  const total = dec(carryIn).plus(gross);
  const paid = total.toDecimalPlaces(8, 1);
  const carryOut = total.minus(paid);
  return {
    eligible: dec(eligible).toFixed(),
    ratePercent: dec(ratePercent).toFixed(),
    gross: gross.toFixed(),
    carryIn: dec(carryIn).toFixed(),
    total: total.toFixed(),
    paid: paid.toFixed(),
    carryOut: carryOut.toFixed(),
    formula: `${dec(eligible).toFixed()} × ${dec(ratePercent).toFixed()} % ÷ 365 = ${gross.toFixed()}`,
  };
}

export interface FixedMaturityBreakdown {
  exact: string;
  paid: string;
  /** Below the 8th decimal: a term is paid once, so this is never credited (the user is never paid more). */
  dropped: string;
  formula: string;
}

/** A fixed term's interest at maturity: principal × rate ÷ 365 × term days, 8 decimals down (estimatedInterest). */
export function fixedMaturityBreakdown(
  principal: string,
  yearRate: string,
  termDays: number,
): FixedMaturityBreakdown {
  const exact = dec(principal).times(yearRate).div(SIMPLE_EARN_DAYS_PER_YEAR).times(termDays);
  const paid = estimatedInterest(principal, yearRate, termDays);
  return {
    exact: exact.toFixed(),
    paid: paid.toFixed(),
    dropped: exact.minus(paid).toFixed(),
    formula: `${dec(principal).toFixed()} × ${dec(yearRate).times(100).toFixed()} % ÷ 365 × ${termDays} = ${exact.toFixed()}`,
  };
}

/**
 * A flexible hour: the engine's exact cumulative interest of the holding grows by lent × rate ÷ 8,760
 * each hour it lends, and each hour pays the 8-decimal floor of the cumulative less what was paid
 * before. So the hour pays (carried fraction + gross) 8 decimals down, and the rest is carried.
 * `gross` is the database's own lent × (rate ÷ 8,760): the same numeric division the engine made.
 */
export function hourlyPayoutBreakdown(
  lent: string,
  yearRate: string,
  gross: string,
  carryIn: string,
): DailyPayoutBreakdown {
  const total = dec(carryIn).plus(gross);
  const paid = total.toDecimalPlaces(8, 1);
  const ratePercent = dec(yearRate).times(100);
  return {
    eligible: dec(lent).toFixed(),
    ratePercent: ratePercent.toFixed(),
    gross: dec(gross).toFixed(),
    carryIn: dec(carryIn).toFixed(),
    total: total.toFixed(),
    paid: paid.toFixed(),
    carryOut: total.minus(paid).toFixed(),
    formula: `${dec(lent).toFixed()} × ${ratePercent.toFixed()} % ÷ 8760 = ${dec(gross).toFixed()}`,
  };
}
