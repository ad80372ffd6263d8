import { YEAR_HOURS } from '../formulas';
import { type Decimal, dec } from '../money';

/**
 * A launch pool's APR, derived from what the pool pays and what is staked in it, at current prices:
 *
 *   APR of a reward coin = reward per hour × reward price × 8,760 ÷ (total staked × stake price)
 *
 * per reward coin, summed for a multi-mining pool. It is what a unit staked now earns per year while
 * the rates, the total staked and the prices stay as they are: the pool shares its hourly reward among
 * everyone staked, second by second (apps/server/src/lines/launch-pool/engine.ts).
 *
 * No figure (null, with the reason) when nothing is staked (the first stake would take the whole
 * reward: no finite rate), when a price is missing, or when the project has ended.
 */
export const POOL_HOURS_PER_YEAR = YEAR_HOURS;

export type PoolAprMissing = 'no_stake' | 'no_price' | 'ended';

export interface PoolAprCoinInput {
  coin: string;
  rewardPerHour: Decimal.Value;
  /** The reward coin's price in USDT; null (or 0) when there is none. */
  price: Decimal.Value | null;
}

export interface PoolAprCoin {
  coin: string;
  rewardPerHour: Decimal;
  price: Decimal | null;
  /** A fraction; null when this coin has no price or nothing is staked. */
  apr: Decimal | null;
}

export interface DerivedPoolApr {
  /** The sum of the coins' APRs, a fraction; null when any part is missing. */
  apr: Decimal | null;
  missing: PoolAprMissing | null;
  /** The coins without a price (the stake coin's included), when missing is 'no_price'. */
  missingPrices: string[];
  stakedTotal: Decimal;
  stakePrice: Decimal | null;
  coins: PoolAprCoin[];
}

const priced = (p: Decimal.Value | null): Decimal | null => {
  if (p === null) return null;
  const d = dec(p);
  return d.gt(0) ? d : null;
};

export function derivedPoolApr(input: {
  stakeCoin: string;
  stakedTotal: Decimal.Value;
  stakePrice: Decimal.Value | null;
  coins: readonly PoolAprCoinInput[];
  ended?: boolean;
}): DerivedPoolApr {
  const stakedTotal = dec(input.stakedTotal);
  const stakePrice = priced(input.stakePrice);
  const stakeValue = stakePrice && stakedTotal.gt(0) ? stakedTotal.times(stakePrice) : null;
  const coins = input.coins.map((c) => {
    const price = priced(c.price);
    const rewardPerHour = dec(c.rewardPerHour);
    const apr =
      price && stakeValue ? rewardPerHour.times(price).times(POOL_HOURS_PER_YEAR).div(stakeValue) : null;
    return { coin: c.coin, rewardPerHour, price, apr };
  });
  const missingPrices = [
    ...(stakePrice ? [] : [input.stakeCoin]),
    ...coins.filter((c) => !c.price).map((c) => c.coin),
  ].filter((coin, i, all) => all.indexOf(coin) === i);
  let missing: PoolAprMissing | null = null;
  if (input.ended) missing = 'ended';
  else if (missingPrices.length > 0) missing = 'no_price';
  else if (stakedTotal.lte(0)) missing = 'no_stake';
  const apr = missing ? null : coins.reduce((sum, c) => sum.plus(c.apr ?? 0), dec(0));
  return { apr, missing, missingPrices, stakedTotal, stakePrice, coins };
}

/**
 * The APR a stake of `amount` would get on joining: the same formula with the amount added to the
 * total staked. Null when derivedPoolApr has a reason other than nothing staked yet.
 */
export function poolAprWithStake(
  input: Parameters<typeof derivedPoolApr>[0],
  amount: Decimal.Value,
): Decimal | null {
  const added = dec(input.stakedTotal).plus(amount);
  if (added.lte(0)) return null;
  return derivedPoolApr({ ...input, stakedTotal: added }).apr;
}

/** Which figure a pool shows: the live one derived above, the operator's set rate, or none. */
export type ShownPoolAprSource = 'live' | 'set' | 'none';

/**
 * The APR a pool shows (its card, the home page's best offer, APR alerts): the live figure once the
 * pool holds the stake its set rate was made for, the set rate until then.
 *
 * The live figure divides a year of rewards by what is staked, so a nearly empty pool shows a figure
 * nobody gets (a single 10 USDT stake made 18,396 %), and an empty one none. The operator's set rate
 * (rate_year) is the APR the pool pays at the stake it expects; the live figure comes down to it as
 * that stake arrives. So: the set rate while the live figure is above it or missing (nothing staked, a
 * price missing, ended), the live figure once it is at or below it. A pool without a set rate
 * (rate_year_type none) shows the live figure when there is one, and nothing otherwise.
 */
export function shownPoolApr(input: {
  /** The derived figure, a fraction; null when it cannot be derived. */
  live: Decimal | null;
  /** The operator's rate_year, a fraction. */
  setRate: Decimal.Value;
  /** 1 real, 2 estimate, 3 none (RateYearType). */
  rateYearType: number;
}): { apr: Decimal | null; source: ShownPoolAprSource } {
  const { live } = input;
  if (input.rateYearType === 3)
    return live === null ? { apr: null, source: 'none' } : { apr: live, source: 'live' };
  const set = dec(input.setRate);
  if (live === null || live.gt(set)) return { apr: set, source: 'set' };
  return { apr: live, source: 'live' };
}
