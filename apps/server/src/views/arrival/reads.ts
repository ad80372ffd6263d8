import {
  type Arrival,
  dec,
  fixedArrival,
  fixedEarlyArrival,
  flexibleArrival,
  launchPoolArrival,
  stakingArrival,
  wealthNextNav,
} from '@earn/domain';
import { getUser } from '../../accounts/users';
import { type Db, rows, sql } from '../../infra/db/client';
import { unixSeconds } from '../../infra/jobs/clock';
import { errors } from '../../kernel/errors';
import { exitMode } from '../../lines/launch-pool/service/auto-earn';
import { lendEarnHidden } from '../../lines/launch-pool/service/check-pool-rule';
import { findPool, findPosition } from '../../lines/launch-pool/store/projects';
import {
  flexProduct,
  listedFixedProducts,
  onSale,
  requireFlexProduct,
} from '../../lines/simple-earn/store/products';
import { loadProductByCoin } from '../../lines/staking/store/products';
import { termsOf } from '../../lines/staking/terms';
import { requireWealthProduct } from '../../lines/wealth/store/products';

/**
 * Flexible: a redemption is paid at once, whatever it takes from (simple-earn/service/flexible-booking.ts
 * splitRedemption); only the product must exist.
 */
export async function flexibleRedeemArrival(db: Db, asset: string, now: Date) {
  const product = await requireFlexProduct(db, asset);
  return { arrival: flexibleArrival(unixSeconds(now), true), asset: product.asset };
}

/** The flexible amounts already frozen for the user: they arrive at the next hourly settlement. */
export async function flexibleFrozenArrival(db: Db, userId: number, asset: string, now: Date) {
  const product = await requireFlexProduct(db, asset);
  const [row] = await rows<{ frozen: string }>(
    db,
    sql`SELECT frozen_amount::text AS frozen FROM se_flex_positions WHERE user_id = ${userId} AND asset = ${product.asset}`,
  );
  const frozen = dec(row?.frozen ?? '0');
  return { arrival: flexibleArrival(unixSeconds(now), frozen.isZero()), asset: product.asset };
}

/** Fixed: the user's own order's maturity payout, or (early) its principal at once. */
export async function fixedOrderArrival(
  db: Db,
  userId: number,
  orderId: number,
  early = false,
  now?: Date,
): Promise<Arrival> {
  const [order] = await rows<{ finish_at: string }>(
    db,
    sql`SELECT finish_at FROM se_fixed_orders WHERE id = ${orderId} AND user_id = ${userId}`,
  );
  if (!order) throw errors.notFound('fixed order');
  if (early && now) return fixedEarlyArrival(unixSeconds(now));
  return fixedArrival(unixSeconds(new Date(order.finish_at)));
}

/** Staking: the product's (or protocol's) waiting period from now, standard or quick. */
export async function stakingRedeemArrival(
  db: Db,
  coin: string,
  quick: boolean,
  pid: number | undefined,
  now: Date,
): Promise<Arrival> {
  const loaded = await loadProductByCoin(db, coin);
  const protocol = pid === undefined ? loaded.protocols[0] : loaded.protocols.find((p) => p.id === pid);
  const terms = termsOf(loaded, protocol);
  return stakingArrival(unixSeconds(now), {
    quick,
    incomeDays: terms.incomeDays,
    maxDay: loaded.product.redeemMaxDay,
    quickMinutes: loaded.product.redeemQuickLongMinutes,
  });
}

/** Private wealth: the next NAV on the product's publishing cadence. */
export async function wealthRedeemArrival(db: Db, pid: number, now: Date): Promise<Arrival> {
  const product = await requireWealthProduct(db, pid);
  const navs = await rows<{ at: string }>(
    db,
    sql`SELECT at FROM wealth_navs WHERE product_id = ${product.id} ORDER BY at DESC LIMIT 2`,
  );
  return wealthNextNav(
    unixSeconds(now),
    navs.map((n) => unixSeconds(new Date(n.at))),
  );
}

/**
 * Launch pool: where an early redemption goes, decided as the redeem call decides it (exitMode, the
 * compliance menu, and whether simple earn has the product on sale; if not, the coins stay in spot).
 */
export async function launchPoolRedeemArrival(
  db: Db,
  userId: number,
  rid: number,
  simpleEarnStatus: number,
  now: Date,
): Promise<Arrival> {
  const { pool } = await findPool(db, rid);
  const position = await findPosition(db, userId, rid);
  const user = await getUser(db, userId);
  const exit = lendEarnHidden(user)
    ? exitMode(0, 0)
    : exitMode(simpleEarnStatus, position?.simpleEarnPeriod ?? 0);
  let destination = exit.mode;
  if (destination === 'flexible') {
    const product = await flexProduct(db, pool.coin);
    if (product?.status !== 1) destination = 'spot';
  } else if (destination === 'fixed') {
    const products = await listedFixedProducts(db, now, pool.coin);
    if (!products.some((p) => p.lockUpPeriod === exit.period && onSale(p, now))) destination = 'spot';
  }
  return launchPoolArrival(unixSeconds(now), destination, exit.period);
}
