import {
  aprUpTo,
  type Decimal,
  dec,
  derivedPoolApr,
  FIXED_STAKE_COINS,
  SimpleEarnProductType,
  SimpleEarnSaleStatus,
  shownPoolApr,
  toWire,
} from '@earn/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { seFixedProducts, seFlexProducts } from '../../infra/db/schema';
import { flexAprTerms } from '../simple-earn/apr';
import type { FixedProduct, FlexProduct } from '../simple-earn/model';
import { onSale, pricesOf, saleStatus } from '../simple-earn/store/products';
import type { PoolCoinRow, PoolRow, ProjectRow } from './model';

const dec100 = (fraction: Decimal.Value) => dec(fraction).times(100);

/**
 * What a pool's figures are derived from, live: the coins' prices, and simple earn's products for
 * the auto-earn offers. Read once per request (or per hourly run) for every pool it answers.
 */
export interface PoolMarket {
  prices: Map<string, string>;
  /** Simple earn's flexible products open for subscription, by coin. */
  flex: Map<string, FlexProduct>;
  /** Simple earn's normal fixed products (any sale state), by coin. */
  fixed: FixedProduct[];
  now: Date;
}

export async function loadPoolMarket(
  db: Db,
  now: Date,
  coins?: string[],
  opts: { prices?: boolean } = {},
): Promise<PoolMarket> {
  const wanted = coins ? [...new Set(coins)] : undefined;
  const flexRows = await db
    .select()
    .from(seFlexProducts)
    .where(wanted ? inArray(seFlexProducts.asset, wanted.length ? wanted : ['']) : undefined);
  const fixedRows = await db
    .select()
    .from(seFixedProducts)
    .where(
      wanted
        ? inArray(seFixedProducts.asset, wanted.length ? wanted : [''])
        : eq(seFixedProducts.type, SimpleEarnProductType.normal),
    );
  return {
    // A stake or an hour's accrual needs only the auto-earn rates, not the prices.
    prices: opts.prices === false ? new Map() : await pricesOf(db),
    flex: new Map(flexRows.filter((p) => p.status === 1).map((p) => [p.asset, p])),
    fixed: fixedRows.filter((p) => p.type === SimpleEarnProductType.normal && p.status === 1),
    now,
  };
}

/** The operator's auto-earn choice for a pool: whether it has auto-earn and which fixed term it wants. */
export interface AutoEarnChoice {
  status: number;
  fixed_period: number;
}

/** The fixed product of the pool's term: one on sale and not sold out, else any listed one (for its rate). */
function fixedTerm(market: PoolMarket, coin: string, period: number) {
  if (period <= 0 || !(FIXED_STAKE_COINS as readonly string[]).includes(coin)) return undefined;
  const terms = market.fixed.filter((p) => p.asset === coin && p.lockUpPeriod === period);
  const selling = terms.find(
    (p) => onSale(p, market.now) && saleStatus(p) === SimpleEarnSaleStatus.subscribable,
  );
  return { selling, listed: selling ?? terms[0] };
}

/**
 * Auto-earn offers of a pool from simple earn's live products: flexible while simple earn has an open
 * flexible product of the coin, fixed while it sells a normal fixed product of the term the operator
 * chose. Rates are yearly percent, as the pool's other rates. Null when neither is on offer.
 */
export function liveAutoEarn(pool: PoolRow, market: PoolMarket, userPeriod: number) {
  const choice = pool.simpleEarn as AutoEarnChoice | null;
  if (!choice) return null;
  const flex = market.flex.get(pool.coin);
  const term = fixedTerm(market, pool.coin, choice.fixed_period);
  const fixed = term?.selling;
  if (!flex && !fixed && userPeriod === 0) return null;
  const percent = (fraction: Decimal.Value) => toWire(dec100(fraction));
  const upTo = flex ? aprUpTo(flexAprTerms(flex)) : null;
  return {
    status: choice.status === 1 && fixed ? 1 : 0,
    user_period: userPeriod,
    fixed_period: fixed ? fixed.lockUpPeriod : 0,
    fixed_rate: fixed ? percent(fixed.yearRate) : '0',
    rate: flex ? percent(flex.nextTimeRateYear) : '0',
    // Simple earn's bonus tiers belong to its holdings: they are paid after the coins move there.
    ext_rate: '0',
    /** 1 while simple earn has an open flexible product of the coin. */
    flexible_offered: flex ? 1 : 0,
    /** Simple earn's flexible offer the coins join on leaving: "up to X % on the first N" (percent). */
    flexible_up_to: upTo
      ? { rate_year: percent(upTo.apr), amount: upTo.amount === null ? null : toWire(upTo.amount) }
      : null,
    fixed_product_id: fixed ? fixed.id : 0,
  };
}

/**
 * The yearly rates (percent) an auto-earn stake earns while staked, from simple earn's products: the
 * flexible hour's rate (its bonus tiers are paid on simple-earn holdings, not here), and the rate of
 * the fixed product of the pool's term.
 */
export function liveAutoEarnRates(pool: PoolRow, market: PoolMarket): { flexible: string; fixed: string } {
  const choice = pool.simpleEarn as AutoEarnChoice | null;
  if (!choice) return { flexible: '0', fixed: '0' };
  const flex = market.flex.get(pool.coin);
  const term = fixedTerm(market, pool.coin, choice.fixed_period);
  return {
    flexible: flex ? toWire(dec100(flex.nextTimeRateYear)) : '0',
    fixed: term?.listed ? toWire(dec100(term.listed.yearRate)) : '0',
  };
}

/**
 * The pool's APR derived from its reward rate, its total staked and the prices (@earn/domain
 * derivedPoolApr): the figure users' answers show, and the one launch-pool APR alerts watch.
 */
export function poolDerivedApr(
  pool: PoolRow,
  project: ProjectRow,
  coins: PoolCoinRow[],
  prices: Map<string, string>,
  now: Date,
) {
  const price = (coin: string) => prices.get(coin) ?? null;
  return derivedPoolApr({
    stakeCoin: pool.coin,
    stakedTotal: pool.stakedTotal,
    stakePrice: price(pool.coin),
    ended: project.endAt.getTime() <= now.getTime(),
    coins: [
      { coin: project.rewardCoin, rewardPerHour: pool.rewardPerHour, price: price(project.rewardCoin) },
      ...coins
        .filter((c) => c.rid === pool.rid)
        .map((c) => ({ coin: c.coin, rewardPerHour: c.rewardPerHour, price: price(c.coin) })),
    ],
  });
}

/**
 * What the pool shows (@earn/domain shownPoolApr): its set rate until the live figure comes down to
 * it. Users' answers, the home page's best offer and APR alerts all read this one figure.
 */
export function poolShownApr(pool: PoolRow, live: Decimal | null) {
  return shownPoolApr({ live, setRate: dec(pool.rateYear).div(100), rateYearType: pool.rateYearType });
}

/** The pool's derived APR with its inputs, as users' answers carry it. */
export function poolAprWire(pool: PoolRow, project: ProjectRow, coins: PoolCoinRow[], market: PoolMarket) {
  const d = poolDerivedApr(pool, project, coins, market.prices, market.now);
  const pct = (fraction: Decimal | null) => (fraction === null ? null : toWire(fraction.times(100)));
  const shown = poolShownApr(pool, d.apr);
  return {
    /** Percent, the sum of the coins'; null with `missing` when it cannot be derived. */
    rate_year: pct(d.apr),
    /** Percent: the figure the pool shows (shownPoolApr), and which one it is. */
    shown_rate_year: pct(shown.apr),
    shown: shown.source,
    missing: d.missing,
    missing_prices: d.missingPrices,
    staked_total: toWire(d.stakedTotal),
    stake_price: d.stakePrice === null ? null : toWire(d.stakePrice),
    coins: d.coins.map((c) => ({
      coin: c.coin,
      reward_per_hour: toWire(c.rewardPerHour),
      price: c.price === null ? null : toWire(c.price),
      rate_year: pct(c.apr),
    })),
  };
}

export type PoolAprWire = ReturnType<typeof poolAprWire>;

/** The stake coins of a project's pools (the coins whose simple-earn products its offers read). */
export function poolCoinsOf(project: ProjectRow, pools: PoolRow[]): string[] {
  return pools.filter((p) => p.pid === project.pid).map((p) => p.coin);
}
