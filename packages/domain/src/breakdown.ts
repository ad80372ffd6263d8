/**
 * "Why this reward": a day's payout re-derived from its inputs by the rule the daily engines pay by
 * (soft staking, staking base rewards): gross = eligible × rate% ÷ 36,500, 18 decimals down; paid =
 * (carried fraction + gross) 8 decimals down; what stays below the 8th decimal is carried to the next day.
 */
import Decimal from 'decimal.js';
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

/** Enough digits for a stake (30 integer, 18 fraction digits) times a 48-place accumulator step, exactly. */
const ExactDecimal = Decimal.clone({ precision: 160, rounding: Decimal.ROUND_DOWN, toExpNeg: -200 });
/** The launch-pool engine rounds each entitlement to this many places before cutting the payout to 8. */
export const LAUNCHPOOL_ENTITLEMENT_PLACES = 24;

export interface LaunchpoolHourInput {
  /** The position's stake at the hour's end. */
  stake: string;
  /** The pool's staked total at the hour's end. */
  poolTotal: string;
  rewardPerHour: string;
  /** The reward-per-token accumulator's step over the stake's last stretch of the hour. */
  accStep: string;
  /** Earned within the hour before the stake last changed. */
  earlier: string;
  /** The fraction the previous payout left. */
  carryIn: string;
}

export interface LaunchpoolHourBreakdown {
  stake: string;
  poolTotal: string;
  rewardPerHour: string;
  /** stake ÷ pool total, percent, 8 decimals down. */
  sharePercent: string;
  accStep: string;
  earlier: string;
  /** stake × accStep, 24 places. */
  stakeReward: string;
  /** earlier + stake × accStep, 24 places: the hour's reward before the carried fraction. */
  gross: string;
  carryIn: string;
  /** carryIn + earlier + stake × accStep, 24 places (the engine's entitlement). */
  total: string;
  paid: string;
  carryOut: string;
  /**
   * True when the hour was one stretch at one pool total: the step is reward per hour ÷ pool total
   * and the reward is simply reward per hour × stake ÷ pool total.
   */
  steady: boolean;
  formula: string;
}

/**
 * A launch-pool hour: a reward-per-token accumulator grows by reward per hour ÷ pool total for every
 * hour with stake, and a stake earns stake × the accumulator's step. A stake or redemption within the
 * hour settles what was earned before it (earlier); the pool total changing within the hour (another
 * staker) makes the step differ from reward per hour ÷ the total at the hour's end. The hour pays
 * (carried fraction + earlier + stake × step) rounded to 24 places, then 8 decimals down.
 */
export function launchpoolHourBreakdown(input: LaunchpoolHourInput): LaunchpoolHourBreakdown {
  const stake = new ExactDecimal(input.stake);
  const total = new ExactDecimal(input.poolTotal);
  const rph = new ExactDecimal(input.rewardPerHour);
  const step = new ExactDecimal(input.accStep);
  const earlier = new ExactDecimal(input.earlier);
  const carryIn = new ExactDecimal(input.carryIn);
  const places = LAUNCHPOOL_ENTITLEMENT_PLACES;
  const stakeRewardExact = stake.times(step);
  const entitlement = carryIn
    .plus(earlier)
    .plus(stakeRewardExact)
    .toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const paid = entitlement.toDecimalPlaces(8, Decimal.ROUND_DOWN);
  const stakeReward = stakeRewardExact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const gross = earlier.plus(stakeRewardExact).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  // The accumulator is cut at 48 places each time it moves: a steady hour's step times the total
  // is the reward per hour to far below any unit.
  const steady = earlier.isZero() && total.gt(0) && step.times(total).minus(rph).abs().lte('1e-30');
  const sharePercent = total.gt(0)
    ? stake.div(total).times(100).toDecimalPlaces(8, Decimal.ROUND_DOWN)
    : stake.times(0);
  const fixed = (d: Decimal) => d.toFixed();
  const formula = steady
    ? `${fixed(rph)} × ${fixed(stake)} ÷ ${fixed(total)} = ${fixed(stakeReward)}`
    : `${fixed(stake)} × ${fixed(step)}${earlier.isZero() ? '' : ` + ${fixed(earlier)}`} = ${fixed(gross)}`;
  return {
    stake: fixed(stake),
    poolTotal: fixed(total),
    rewardPerHour: fixed(rph),
    sharePercent: fixed(sharePercent),
    accStep: fixed(step),
    earlier: fixed(earlier),
    stakeReward: fixed(stakeReward),
    gross: fixed(gross),
    carryIn: fixed(carryIn),
    total: fixed(entitlement),
    paid: fixed(paid),
    carryOut: fixed(entitlement.minus(paid)),
    steady,
    formula,
  };
}
