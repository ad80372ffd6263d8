/**
 * When redeemed coins arrive, per product line: the rule the engines pay by, stated once so the
 * confirmation a user reads before redeeming names the instant the engine will credit.
 */
import { fixedSchedule, MATURITY_PAYOUT_DELAY_SECONDS } from './simple-earn';
import { quickRedeemDelaySeconds, standardRedeemDelaySeconds } from './staking';

const HOUR = 3600;

export type ArrivalRule =
  | 'flexible_instant'
  | 'flexible_settlement'
  | 'fixed_maturity'
  | 'fixed_early'
  | 'staking_standard'
  | 'staking_quick'
  | 'wealth_next_nav'
  | 'launchpool_spot'
  | 'launchpool_flexible'
  | 'launchpool_fixed';

export interface Arrival {
  rule: ArrivalRule;
  /** Unix seconds when the coins land in spot. */
  arrivesAt: number;
  /** True when the instant is an estimate (a NAV the operator has not yet published). */
  estimated: boolean;
  /**
   * Launch pool with auto-earn into a fixed term: the coins enter the term at once (arrivesAt) and
   * reach spot with the term's interest at this instant.
   */
  termPayoutAt?: number;
}

/**
 * Flexible: at once when the idle liquidity covers the amount, else frozen until the next whole-hour
 * settlement (the hourly job pays frozen redemptions at the hour's end).
 */
export function flexibleArrival(nowSeconds: number, coveredNow: boolean): Arrival {
  if (coveredNow) return { rule: 'flexible_instant', arrivesAt: nowSeconds, estimated: false };
  return {
    rule: 'flexible_settlement',
    arrivesAt: Math.floor(nowSeconds / HOUR) * HOUR + HOUR,
    estimated: false,
  };
}

/** Fixed: principal and interest land at the maturity instant plus the payout delay (30 min). */
export function fixedArrival(finishSeconds: number): Arrival {
  return {
    rule: 'fixed_maturity',
    arrivesAt: finishSeconds + MATURITY_PAYOUT_DELAY_SECONDS,
    estimated: false,
  };
}

/** Fixed, redeemed early: the principal goes back to spot at once (the interest is forfeited). */
export function fixedEarlyArrival(nowSeconds: number): Arrival {
  return { rule: 'fixed_early', arrivesAt: nowSeconds, estimated: false };
}

/** Staking: now plus the standard waiting days, or the quick redeem's minutes. */
export function stakingArrival(
  nowSeconds: number,
  opts: { quick: boolean; incomeDays: number; maxDay: number; quickMinutes: number },
): Arrival {
  const delay = opts.quick
    ? quickRedeemDelaySeconds(opts.quickMinutes)
    : standardRedeemDelaySeconds(opts.incomeDays, opts.maxDay);
  return {
    rule: opts.quick ? 'staking_quick' : 'staking_standard',
    arrivesAt: nowSeconds + delay,
    estimated: false,
  };
}

/**
 * Private wealth settles a redemption at the next NAV the operator publishes. Until it is published the
 * instant is estimated from the product's cadence: the last NAV plus the last interval, stepped on
 * past now; one NAV alone, or none, gives a day's cadence from the last (or from now).
 */
export function wealthNextNav(nowSeconds: number, navTimes: number[]): Arrival {
  const sorted = [...navTimes].sort((a, b) => a - b);
  const last = sorted.at(-1);
  const before = sorted.at(-2);
  const step = last !== undefined && before !== undefined && last > before ? last - before : 86_400;
  let at = last ?? nowSeconds;
  while (at <= nowSeconds) at += step;
  return { rule: 'wealth_next_nav', arrivesAt: at, estimated: true };
}

/**
 * Launch pool: a redemption is instant. The coins land in spot, or go on at once into flexible simple
 * earn, or into a fixed term of `fixedDays` whose principal and interest reach spot at its payout.
 */
export function launchPoolArrival(
  nowSeconds: number,
  destination: 'spot' | 'flexible' | 'fixed',
  fixedDays = 0,
): Arrival {
  if (destination === 'fixed')
    return {
      rule: 'launchpool_fixed',
      arrivesAt: nowSeconds,
      estimated: false,
      termPayoutAt: fixedSchedule(nowSeconds, fixedDays).payoutAt,
    };
  return {
    rule: destination === 'flexible' ? 'launchpool_flexible' : 'launchpool_spot',
    arrivesAt: nowSeconds,
    estimated: false,
  };
}
