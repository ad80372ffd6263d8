import {
  type Decimal,
  dec,
  hourlyBonus,
  hourlyInterest,
  minDec,
  termInterest,
  toRateFraction,
  toWire,
} from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../infra/db/client';
import type { LadderTierJson } from '../../infra/db/schema';
import type { FixedRateImpact, FlexibleBonusImpact, FlexibleRateImpact } from '../../kernel/impact';
import { bonusTiers } from './engine';
import type { FlexProduct } from './model';
import { hourStart } from './model';
import { requireFixedProduct, requireFlexProduct } from './store/products';

const num = (d: Decimal.Value) => sql.raw(`${dec(d).toFixed()}::numeric`);

/**
 * The positions of an asset as the next hourly accrual will see them: principal plus what is waiting
 * for an hour that has started by then (the accrual of [H, H+1) moves pending amounts of hours before
 * H, engine/flexible-hour.ts), with the minimum APR and offer time the lending is matched by.
 */
function earningPositions(asset: string, now: Date): SQL {
  const h = hourStart(now).toISOString();
  return sql`SELECT p.id, p.user_id, p.min_lend_rate_year, p.offer_at, p.principal + COALESCE(pe.amount, 0) AS principal
    FROM se_flex_positions p
    LEFT JOIN (SELECT position_id, SUM(amount) AS amount FROM se_flex_pending
               WHERE asset = ${asset} AND hour_start < ${h}::timestamptz GROUP BY position_id) pe ON pe.position_id = p.id
    WHERE p.asset = ${asset} AND p.principal + COALESCE(pe.amount, 0) > 0`;
}

/** The interest of an hour for a lent total: lent × rate / 8760 (the domain's hourlyInterest), exact. */
const hourInterest = (lent: Decimal, rateYear: Decimal.Value) =>
  hourlyInterest(lent, toRateFraction(rateYear));

/**
 * A new flexible hour rate: offers whose minimum APR is at most the rate are lent up to the borrow
 * demand, so an hour lends min(demand, offered) whatever the matching order, and costs that × rate /
 * 8760. Holders: users with earning principal.
 */
export async function flexibleRateImpact(
  db: Db,
  asset: string,
  proposed: string,
  now: Date,
): Promise<FlexibleRateImpact> {
  const product = await requireFlexProduct(db, asset);
  const rate = dec(product.nextTimeRateYear);
  const [row] = await rows<{
    holders: number;
    principal: string;
    offered_now: string;
    offered_after: string;
  }>(
    db,
    sql`SELECT COUNT(DISTINCT user_id)::int AS holders, COALESCE(SUM(principal), 0)::text AS principal,
          COALESCE(SUM(principal) FILTER (WHERE min_lend_rate_year <= ${num(rate)}), 0)::text AS offered_now,
          COALESCE(SUM(principal) FILTER (WHERE min_lend_rate_year <= ${num(proposed)}), 0)::text AS offered_after
        FROM (${earningPositions(asset, now)}) e`,
  );
  const demand = dec(product.borrowDemand);
  const lentNow = minDec(demand, row?.offered_now ?? '0');
  const lentAfter = minDec(demand, row?.offered_after ?? '0');
  return {
    asset,
    holders: row?.holders ?? 0,
    principal: toWire(row?.principal ?? '0'),
    rate_now: toWire(rate),
    rate_after: toWire(proposed),
    lent_now: toWire(lentNow),
    lent_after: toWire(lentAfter),
    hourly_cost_now: toWire(hourInterest(lentNow, rate)),
    hourly_cost_after: toWire(hourInterest(lentAfter, proposed)),
  };
}

const tierKey = (t: LadderTierJson) => `${t.left}|${t.right}`;

/** The bonus coin per unit of the product's coin, as the accrual converts it (product price / bonus price). */
async function bonusRatio(db: Db, product: FlexProduct): Promise<{ asset: string; ratio: Decimal }> {
  const awardAsset = product.awardAsset ?? product.asset;
  if (awardAsset === product.asset) return { asset: awardAsset, ratio: dec(1) };
  const found = await rows<{ symbol: string; price: string }>(
    db,
    sql`SELECT symbol, price_usdt::text AS price FROM assets WHERE symbol IN (${product.asset}, ${awardAsset})`,
  );
  const price = (s: string) => dec(found.find((r) => r.symbol === s)?.price ?? '0');
  const award = price(awardAsset);
  return { asset: awardAsset, ratio: award.isZero() ? dec(0) : price(product.asset).div(award) };
}

/**
 * A new bonus rate (ext_award_rate_year): the hour's lending at the current rate, matched as the
 * accrual matches it (by minimum APR, then offer time, up to the demand), and the bonus of each
 * position's lent amount summed per tier: Σ tier width × apr / 8760 × price ratio. The tiers are the
 * accrual's own (bonusTiers): the ladder when there is one (then this rate changes nothing), else
 * [0, ext_award_limit) at the rate, none while the pool is closed.
 */
export async function flexibleBonusImpact(
  db: Db,
  asset: string,
  proposed: string,
  now: Date,
): Promise<FlexibleBonusImpact> {
  const product = await requireFlexProduct(db, asset);
  const tiersNow = bonusTiers(product);
  const tiersAfter = bonusTiers({ ...product, extAwardRateYear: proposed });
  const tiers = [...new Map([...tiersNow, ...tiersAfter].map((t) => [tierKey(t), t])).values()];
  const rate = num(product.nextTimeRateYear);
  const lent = sql`SELECT user_id,
      LEAST(principal, GREATEST(0, ${num(product.borrowDemand)}
        - (SUM(principal) OVER (ORDER BY min_lend_rate_year, offer_at, id) - principal))) AS lent
    FROM (${earningPositions(asset, now)}) e WHERE min_lend_rate_year <= ${rate}`;
  const widths = tiers.map((t, i) => {
    const open = t.right === '' || dec(t.right).isZero();
    const top = open ? sql`l.lent` : sql`LEAST(l.lent, ${num(t.right)})`;
    return sql`COALESCE(SUM(GREATEST(0, ${top} - ${num(t.left)})), 0)::text AS ${sql.identifier(`w${i}`)}`;
  });
  const [row] = await rows<Record<string, string | number>>(
    db,
    sql`SELECT COUNT(DISTINCT user_id) FILTER (WHERE lent > 0)::int AS holders, COALESCE(SUM(lent), 0)::text AS lent
        ${widths.length > 0 ? sql`, ${sql.join(widths, sql`, `)}` : sql``}
        FROM (${lent}) l`,
  );
  const width = new Map(tiers.map((t, i) => [tierKey(t), dec(String(row?.[`w${i}`] ?? '0'))]));
  const { asset: bonusAsset, ratio } = await bonusRatio(db, product);
  const hourly = (list: LadderTierJson[]) =>
    hourlyBonus(
      list.reduce((sum, t) => sum.plus((width.get(tierKey(t)) ?? dec(0)).times(t.apr)), dec(0)),
      ratio,
    );
  return {
    asset,
    bonus_asset: bonusAsset,
    holders: Number(row?.holders ?? 0),
    principal: toWire(String(row?.lent ?? '0')),
    tiers: product.ladderApr.length > 0 ? ('ladder' as const) : ('ext_award' as const),
    pool_open: product.isOpenAwardPool,
    rate_now: toWire(product.extAwardRateYear),
    rate_after: toWire(proposed),
    hourly_cost_now: toWire(hourly(tiersNow)),
    hourly_cost_after: toWire(hourly(tiersAfter)),
  };
}

/**
 * A new fixed product rate. Active orders keep the rate they were subscribed at until maturity; the
 * product's rate applies to new orders and to auto-reinvested ones at maturity. So: the active
 * orders' daily interest at their own rates (now) and the same principal at the proposed rate
 * (after), each a day's termInterest (amount × rate / 365, 8 decimals down), and the part that
 * rolls into the new rate by auto-reinvest.
 */
export async function fixedRateImpact(db: Db, productId: number, proposed: string): Promise<FixedRateImpact> {
  const product = await requireFixedProduct(db, productId);
  const byRate = await rows<{ year_rate: string; principal: string; reinvest: string }>(
    db,
    sql`SELECT year_rate::text AS year_rate, SUM(principal)::text AS principal,
          COALESCE(SUM(principal) FILTER (WHERE reinvest_status = 1), 0)::text AS reinvest
        FROM se_fixed_orders WHERE product_id = ${productId} AND status = 1 GROUP BY year_rate`,
  );
  const [users] = await rows<{ holders: number; reinvest_holders: number }>(
    db,
    sql`SELECT COUNT(DISTINCT user_id)::int AS holders,
          COUNT(DISTINCT user_id) FILTER (WHERE reinvest_status = 1)::int AS reinvest_holders
        FROM se_fixed_orders WHERE product_id = ${productId} AND status = 1`,
  );
  const principal = byRate.reduce((sum, r) => sum.plus(r.principal), dec(0));
  const reinvest = byRate.reduce((sum, r) => sum.plus(r.reinvest), dec(0));
  const day = (principal: Decimal.Value, rate: Decimal.Value) =>
    termInterest(principal, toRateFraction(rate), 1);
  const now = byRate.reduce((sum, r) => sum.plus(day(r.principal, r.year_rate)), dec(0));
  return {
    product_id: productId,
    asset: product.asset,
    holders: users?.holders ?? 0,
    principal: toWire(principal),
    rate_now: toWire(product.yearRate),
    rate_after: toWire(proposed),
    daily_cost_now: toWire(now),
    daily_cost_after: toWire(day(principal, proposed)),
    reinvest_holders: users?.reinvest_holders ?? 0,
    reinvest_principal: toWire(reinvest),
  };
}
