import {
  type AccountMode,
  checkPurchase,
  checkRedeemUnits,
  type Decimal,
  dec,
  roundDown,
  toWire,
  unitsFor,
  WealthKey,
  type WealthProjectTypeId,
} from '@earn/domain';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { ownFundsCoverLoans, spotAvailability } from '../../accounts/balances';
import { getUser } from '../../accounts/users';
import { type Db, pgErrorCode } from '../../infra/db/client';
import {
  wealthNavs,
  wealthOrders,
  wealthProducts,
  wealthPurchases,
  wealthRedemptions,
} from '../../infra/db/schema';
import { unixSeconds } from '../../infra/jobs/clock';
import { errors } from '../../kernel/errors';
import { notices } from '../../kernel/notices';
import { UserPurpose, userAccount } from '../../ledger/accounts';
import { postBulkTransfer } from '../../ledger/bulk';
import { transfer } from '../../ledger/ledger';
import { AcceptanceKind, requireAcceptance } from '../staking/store/acceptance';

export const WealthReason = {
  purchase: 'wealth_purchase',
  settlePrincipal: 'wealth_settle_principal',
  settleGain: 'wealth_settle_gain',
  settleLoss: 'wealth_settle_loss',
} as const;
/** The fund's side of every gain and loss: its balance is what the funds earned for (or cost) the users. */
export const WEALTH_FUND = 'wealth_fund';

export type WealthProductRow = typeof wealthProducts.$inferSelect;
export type WealthOrderRow = typeof wealthOrders.$inferSelect;
export type NavRow = typeof wealthNavs.$inferSelect;

export async function requireWealthProduct(
  db: Db,
  pid: number,
  projectType?: WealthProjectTypeId,
): Promise<WealthProductRow> {
  const [row] = await db.select().from(wealthProducts).where(eq(wealthProducts.id, pid));
  if (!row || (projectType !== undefined && row.projectType !== projectType))
    throw errors.notFound('wealth product');
  return row;
}

/** The latest NAV published by `at`. */
export async function latestNav(db: Db, productId: number, at: Date): Promise<NavRow | undefined> {
  const [row] = await db
    .select()
    .from(wealthNavs)
    .where(and(eq(wealthNavs.productId, productId), lte(wealthNavs.at, at)))
    .orderBy(desc(wealthNavs.at))
    .limit(1);
  return row;
}

export async function navSeries(db: Db, productId: number, from: Date, to: Date): Promise<NavRow[]> {
  return db
    .select()
    .from(wealthNavs)
    .where(
      and(
        eq(wealthNavs.productId, productId),
        sql`${wealthNavs.at} >= ${from.toISOString()}::timestamptz`,
        lte(wealthNavs.at, to),
      ),
    )
    .orderBy(asc(wealthNavs.at));
}

const violation = (v: { key: string; params: Record<string, string> }, message: string) =>
  errors.rule(v.key, message, v.params);

export async function purchase(tx: Db, req: { userId: number; pid: number; amount: string; now: Date }) {
  // The spec's client sends project_type=5 with every purchase, whatever the product's type: the
  // product is the pid's.
  const product = await requireWealthProduct(tx, req.pid);
  if (product.status !== 'online')
    throw errors.rule(WealthKey.offline, 'This product is not open for subscription');
  await requireAcceptance(
    tx,
    {
      userId: req.userId,
      kind: AcceptanceKind.wealthDisclaimer,
      ref: String(product.id),
      document: product.disclaimer,
    },
    { key: WealthKey.disclaimerRequired, message: "Please read and accept the product's disclaimer first" },
  );
  const user = await getUser(tx, req.userId);
  if (user.vipTier < product.vipMinTier) {
    throw errors.rule(WealthKey.vipOnly, 'This product is for VIP users', {
      tier: String(product.vipMinTier),
    });
  }
  const nav = await latestNav(tx, product.id, req.now);
  if (!nav) throw errors.rule(WealthKey.noNav, 'No net asset value has been published yet');
  const [spot] = await spotAvailability(tx, req.userId, user.accountMode as AccountMode, [product.coin]);
  const bad = checkPurchase({
    amount: req.amount,
    min: product.minPurchase,
    available: spot?.outable ?? 0,
    nav: nav.nav,
  });
  if (bad)
    throw violation(
      bad,
      bad.key === WealthKey.tooSmall ? 'The amount buys less than 0.000001 units' : 'Subscription refused',
    );
  const amount = dec(req.amount);
  const units = unitsFor(amount, nav.nav);

  await tx
    .insert(wealthOrders)
    .values({
      userId: req.userId,
      productId: product.id,
      coin: product.coin,
      units: '0',
      cost: '0',
      createdAt: req.now,
      updatedAt: req.now,
    })
    .onConflictDoNothing();
  const [order] = await tx
    .update(wealthOrders)
    .set({
      units: sql`${wealthOrders.units} + ${toWire(units)}::numeric`,
      cost: sql`${wealthOrders.cost} + ${toWire(amount)}::numeric`,
      updatedAt: req.now,
    })
    .where(and(eq(wealthOrders.userId, req.userId), eq(wealthOrders.productId, product.id)))
    .returning();
  if (!order) throw new Error('wealth order missing');
  const [row] = await tx
    .insert(wealthPurchases)
    .values({
      orderId: order.id,
      userId: req.userId,
      productId: product.id,
      amount: toWire(amount),
      nav: nav.nav,
      units: toWire(units),
      createdAt: req.now,
    })
    .returning({ id: wealthPurchases.id });
  if (!row) throw new Error('wealth purchase not inserted');
  await transfer(tx, {
    from: userAccount(req.userId, product.coin, UserPurpose.spot),
    to: userAccount(req.userId, product.coin, UserPurpose.wealth),
    amount,
    reason: WealthReason.purchase,
    ref: `purchase:${row.id}`,
    at: req.now,
  });
  // A parallel purchase may have taken spot since `spot` was read: never buy with borrowed funds.
  if (!(await ownFundsCoverLoans(tx, req.userId, user.accountMode as AccountMode, product.coin))) {
    throw violation(
      { key: WealthKey.inadequateBalance, params: { number: toWire(spot?.outable ?? 0) } },
      'Subscription refused',
    );
  }
  return {
    order_id: order.id,
    purchase_id: row.id,
    pid: product.id,
    amount: toWire(amount),
    unit: toWire(units),
    net_value_ratio: toWire(nav.nav),
    total_unit: toWire(order.units),
  };
}

export async function redeemUnits(tx: Db, req: { userId: number; pid: number; units: string; now: Date }) {
  const product = await requireWealthProduct(tx, req.pid);
  const [order] = await tx
    .select()
    .from(wealthOrders)
    .where(and(eq(wealthOrders.userId, req.userId), eq(wealthOrders.productId, product.id)))
    .for('update');
  const held = dec(order?.units ?? '0');
  const bad = checkRedeemUnits({ units: req.units, redeemable: held });
  if (bad) throw violation(bad, 'Redemption refused');
  if (!order) throw errors.notFound('wealth order');
  const units = dec(req.units);
  // The cost leaves with the units in proportion; the last units take whatever cost is left.
  const cost: Decimal = units.eq(held)
    ? dec(order.cost)
    : roundDown(dec(order.cost).times(units).div(held), 8);
  await tx
    .update(wealthOrders)
    .set({
      units: sql`${wealthOrders.units} - ${toWire(units)}::numeric`,
      cost: sql`${wealthOrders.cost} - ${toWire(cost)}::numeric`,
      redeemingUnits: sql`${wealthOrders.redeemingUnits} + ${toWire(units)}::numeric`,
      updatedAt: req.now,
    })
    .where(eq(wealthOrders.id, order.id));
  const [row] = await tx
    .insert(wealthRedemptions)
    .values({
      orderId: order.id,
      userId: req.userId,
      productId: product.id,
      coin: product.coin,
      units: toWire(units),
      cost: toWire(cost),
      status: 'pending',
      createdAt: req.now,
    })
    .returning({ id: wealthRedemptions.id });
  if (!row) throw new Error('wealth redemption not inserted');
  return { redeem_id: row.id, order_id: order.id, pid: product.id, unit: toWire(units), status: 'pending' };
}

/**
 * Publishes a NAV and settles, at it, every redemption of the product requested until now: value =
 * units × NAV (8 decimals down) to spot; the cost leaves 'wealth'; the difference is booked against
 * the fund ('wealth_fund'). Set-based: three batch entries whatever the number of redemptions.
 */
export async function publishNav(tx: Db, productId: number, nav: Decimal, at: Date) {
  await requireWealthProduct(tx, productId);
  try {
    await tx.insert(wealthNavs).values({ productId, at, nav: toWire(nav) });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw errors.conflict('A NAV is already published at this time');
    throw error;
  }
  const key = `nav:${productId}:${at.toISOString()}`;
  const navText = toWire(nav);
  await tx.execute(sql`
    UPDATE wealth_redemptions
    SET status = 'settled', nav = ${navText}::numeric, value = trunc(units * ${navText}::numeric, 8),
        gain = trunc(units * ${navText}::numeric, 8) - cost, settled_by = ${key}, settled_at = ${at.toISOString()}::timestamptz
    WHERE product_id = ${productId} AND status = 'pending' AND created_at <= ${at.toISOString()}::timestamptz`);
  await tx.execute(sql`
    UPDATE wealth_orders o SET redeeming_units = o.redeeming_units - r.units, realized = o.realized + r.gain, updated_at = ${at.toISOString()}::timestamptz
    FROM (SELECT order_id, SUM(units) AS units, SUM(gain) AS gain FROM wealth_redemptions WHERE settled_by = ${key} GROUP BY order_id) r
    WHERE o.id = r.order_id`);
  const settled = sql`SELECT user_id, coin AS asset, cost, value FROM wealth_redemptions WHERE settled_by = ${key}`;
  await notices().notifyMany(
    tx,
    'redemption_arrived',
    sql`SELECT user_id, 'wealth:' || id AS cause, jsonb_build_object('line', 'wealth', 'asset', coin,
        'amount', value::text, 'dest', 'spot') AS params FROM wealth_redemptions WHERE settled_by = ${key}`,
    at,
  );
  await postBulkTransfer(tx, {
    reason: WealthReason.settlePrincipal,
    ref: key,
    at,
    source: sql`SELECT user_id, asset, LEAST(cost, value) AS amount FROM (${settled}) s`,
    from: { kind: 'user', purpose: UserPurpose.wealth },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });
  await postBulkTransfer(tx, {
    reason: WealthReason.settleGain,
    ref: key,
    at,
    source: sql`SELECT user_id, asset, value - cost AS amount FROM (${settled}) s`,
    from: { kind: 'system', purpose: WEALTH_FUND },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });
  await postBulkTransfer(tx, {
    reason: WealthReason.settleLoss,
    ref: key,
    at,
    source: sql`SELECT user_id, asset, cost - value AS amount FROM (${settled}) s`,
    from: { kind: 'user', purpose: UserPurpose.wealth },
    to: { kind: 'system', purpose: WEALTH_FUND },
  });
  const [count] = await tx
    .select({ n: sql<string>`COUNT(*)::text` })
    .from(wealthRedemptions)
    .where(eq(wealthRedemptions.settledBy, key));
  return { pid: productId, nav: navText, time: unixSeconds(at), settled: Number(count?.n ?? 0) };
}
