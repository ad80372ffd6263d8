/**
 * "Why this reward": a day's payout re-derived from its inputs by the rule the daily engines pay by
 * (soft staking, staking base rewards): gross = eligible × rate% ÷ 36,500, 18 decimals down; paid =
 * (carried fraction + gross) 8 decimals down; what stays below the 8th decimal is carried to the next day.
 */
import Decimal from 'decimal.js';
import {
  campaignReward,
  dayReward,
  payWithCarry,
  secondsRate,
  termInterest,
  toRateFraction,
  toRatePercent,
  YEAR_DAYS,
  YEAR_SECONDS,
} from './formulas';
import { dec } from './money';

export const DAILY_RATE_DIVISOR = 100 * YEAR_DAYS;

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
  const gross = dayReward(eligible, toRatePercent(ratePercent));
  const { total, paid, carryOut } = payWithCarry(carryIn, gross);
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
  const exact = dec(principal).times(yearRate).times(termDays).div(YEAR_DAYS);
  const paid = termInterest(principal, toRateFraction(yearRate), termDays);
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
  const { total, paid, carryOut } = payWithCarry(carryIn, gross);
  const ratePercent = dec(yearRate).times(100);
  return {
    eligible: dec(lent).toFixed(),
    ratePercent: ratePercent.toFixed(),
    gross: dec(gross).toFixed(),
    carryIn: dec(carryIn).toFixed(),
    total: total.toFixed(),
    paid: paid.toFixed(),
    carryOut: carryOut.toFixed(),
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
 * What an accumulator pays a stake for an hour, as the engine pays it: (carried fraction + earlier +
 * stake × step) rounded to the entitlement's places, then 8 decimals down. Launch-pool rewards and
 * their auto-earn interest both pay so.
 */
function accumulatorHour(stake: Decimal, step: Decimal, earlier: Decimal, carryIn: Decimal) {
  const places = LAUNCHPOOL_ENTITLEMENT_PLACES;
  const exact = stake.times(step);
  const entitlement = carryIn.plus(earlier).plus(exact).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return {
    stakePart: exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP),
    gross: earlier.plus(exact).toDecimalPlaces(places, Decimal.ROUND_HALF_UP),
    entitlement,
    paid: entitlement.toDecimalPlaces(8, Decimal.ROUND_DOWN),
  };
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
  const { stakePart: stakeReward, gross, entitlement, paid } = accumulatorHour(stake, step, earlier, carryIn);
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

/** One tier of a tiered rate: the part of the principal within [from, to) earns rate. */
export interface RateTier {
  from: string;
  /** null: no upper bound. */
  to: string | null;
  /** A fraction a year (0.1 = 10 %). */
  rate: string;
}

export interface TierPart {
  from: string;
  to: string | null;
  /** The part of the principal within the tier. */
  amount: string;
  ratePercent: string;
  /** amount × rate: what the tier earns in a year. */
  perYear: string;
}

/** Each tier's part of `principal` and what it earns a year; Σ perYear is the principal's yearly figure. */
export function tierParts(principal: string, tiers: RateTier[]): { parts: TierPart[]; perYear: string } {
  const p = new ExactDecimal(principal);
  let perYear = new ExactDecimal(0);
  const parts = tiers.map((t) => {
    const top = t.to === null ? p : Decimal.min(p, t.to);
    const amount = Decimal.max(0, top.minus(t.from));
    const earns = amount.times(t.rate);
    perYear = perYear.plus(earns);
    return {
      from: new ExactDecimal(t.from).toFixed(),
      to: t.to === null ? null : new ExactDecimal(t.to).toFixed(),
      amount: amount.toFixed(),
      ratePercent: new ExactDecimal(t.rate).times(100).toFixed(),
      perYear: earns.toFixed(),
    };
  });
  return { parts, perYear: perYear.toFixed() };
}

const tierSum = (parts: TierPart[]) =>
  parts.length === 0 ? '0' : `(${parts.map((t) => `${t.amount} × ${t.ratePercent} %`).join(' + ')})`;

export interface TieredPayoutBreakdown extends DailyPayoutBreakdown {
  tiers: TierPart[];
  perYear: string;
}

/** Seconds in the 365-day year the staking campaigns accrue over. */
export const CAMPAIGN_YEAR_SECONDS = YEAR_SECONDS;

/**
 * A staking campaign's day: the campaign's money tiers on the day's eligible stake give a yearly
 * figure, accrued for the seconds of the day the campaign ran: gross = Σ tiers × seconds ÷ 31,536,000,
 * 18 decimals down; paid = (carried fraction + gross) 8 decimals down, the rest carried.
 * `ratePercent` is the tiers' blended rate on the whole stake, 8 decimals down.
 */
export function campaignDayBreakdown(
  eligible: string,
  tiers: RateTier[],
  seconds: number,
  carryIn: string,
): TieredPayoutBreakdown {
  const { parts, perYear } = tierParts(eligible, tiers);
  const gross = campaignReward(perYear, seconds);
  const { total, paid, carryOut } = payWithCarry(carryIn, gross);
  const e = new ExactDecimal(eligible);
  return {
    eligible: e.toFixed(),
    ratePercent: e.gt(0)
      ? new ExactDecimal(perYear).div(e).times(100).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()
      : '0',
    gross: gross.toFixed(),
    carryIn: new ExactDecimal(carryIn).toFixed(),
    total: total.toFixed(),
    paid: paid.toFixed(),
    carryOut: carryOut.toFixed(),
    tiers: parts,
    perYear,
    formula: `${tierSum(parts)} × ${seconds} ÷ ${CAMPAIGN_YEAR_SECONDS} = ${gross.toFixed()}`,
  };
}

/**
 * A flexible hour's bonus: the bonus tiers (the ladder, or one tier up to the award limit) on the
 * amount lent give a yearly figure; the hour earns it ÷ 8,760, times the price ratio when the award is
 * another coin (asset price ÷ award price). The bonus accrues exactly, each hour paying the 8-decimal
 * floor of the cumulative less what was paid: paid = (carried fraction + gross) 8 decimals down.
 * `gross` is the database's own division, the one the engine made.
 */
export function flexibleBonusHourBreakdown(
  lent: string,
  tiers: RateTier[],
  ratio: string,
  gross: string,
  carryIn: string,
): TieredPayoutBreakdown {
  const { parts, perYear } = tierParts(lent, tiers);
  const total = new ExactDecimal(carryIn).plus(gross);
  const paid = total.toDecimalPlaces(8, Decimal.ROUND_DOWN);
  const l = new ExactDecimal(lent);
  const r = new ExactDecimal(ratio);
  return {
    eligible: l.toFixed(),
    ratePercent: l.gt(0)
      ? new ExactDecimal(perYear).div(l).times(100).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()
      : '0',
    gross: new ExactDecimal(gross).toFixed(),
    carryIn: new ExactDecimal(carryIn).toFixed(),
    total: total.toFixed(),
    paid: paid.toFixed(),
    carryOut: total.minus(paid).toFixed(),
    tiers: parts,
    perYear,
    formula: `${tierSum(parts)} ÷ 8760${r.eq(1) ? '' : ` × ${r.toFixed()}`} = ${new ExactDecimal(gross).toFixed()}`,
  };
}

export interface LaunchpoolInterestInput {
  stake: string;
  /** The auto-earn mode's yearly rate (percent) at the hour's end. */
  ratePercent: string;
  /** The mode's interest index step over the stake's last stretch of the hour. */
  accStep: string;
  earlier: string;
  carryIn: string;
}

export interface LaunchpoolInterestBreakdown {
  stake: string;
  ratePercent: string;
  accStep: string;
  earlier: string;
  /** stake × accStep, 24 places. */
  stakeInterest: string;
  gross: string;
  carryIn: string;
  total: string;
  paid: string;
  carryOut: string;
  /** One stretch of the whole hour at one rate: the step is rate ÷ 100 × 3,600 ÷ 31,536,000. */
  steady: boolean;
  formula: string;
}

/**
 * A launch-pool hour's auto-earn interest: the mode's index grows by rate ÷ 100 ÷ 31,536,000 a second
 * and a stake earns stake × the index's step; a stake or redemption within the hour settles what was
 * earned before it (earlier). Paid as the reward is: (carried fraction + earlier + stake × step)
 * rounded to 24 places, then 8 decimals down.
 */
export function launchpoolInterestBreakdown(input: LaunchpoolInterestInput): LaunchpoolInterestBreakdown {
  const stake = new ExactDecimal(input.stake);
  const step = new ExactDecimal(input.accStep);
  const earlier = new ExactDecimal(input.earlier);
  const carryIn = new ExactDecimal(input.carryIn);
  const rate = new ExactDecimal(input.ratePercent);
  const {
    stakePart: stakeInterest,
    gross,
    entitlement,
    paid,
  } = accumulatorHour(stake, step, earlier, carryIn);
  const hourStep = secondsRate(toRatePercent(rate), 3600);
  // The index is cut at 48 places each time it moves: a steady hour's step is the rate's to far below a unit.
  const steady = earlier.isZero() && step.minus(hourStep).abs().lte('1e-40');
  const f = (d: Decimal) => d.toFixed();
  return {
    stake: f(stake),
    ratePercent: f(rate),
    accStep: f(step),
    earlier: f(earlier),
    stakeInterest: f(stakeInterest),
    gross: f(gross),
    carryIn: f(carryIn),
    total: f(entitlement),
    paid: f(paid),
    carryOut: f(entitlement.minus(paid)),
    steady,
    formula: steady
      ? `${f(stake)} × ${f(rate)} % × 3600 ÷ ${CAMPAIGN_YEAR_SECONDS} = ${f(stakeInterest)}`
      : `${f(stake)} × ${f(step)}${earlier.isZero() ? '' : ` + ${f(earlier)}`} = ${f(gross)}`,
  };
}
