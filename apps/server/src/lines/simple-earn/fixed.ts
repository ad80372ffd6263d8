import {
  type AccountMode,
  blendedApr,
  checkSubscribe,
  type Decimal,
  dec,
  fixedBonusTiers,
  fixedSchedule,
  fixedTermPayout,
  NEAR_MATURITY_SECONDS,
  roundSubscribeAmount,
  SimpleEarnHistoryMode,
  SimpleEarnHistoryType,
  SimpleEarnKey,
  SimpleEarnProductType,
  SimpleEarnRedeemAccount,
  SimpleEarnRedeemType,
  toWire,
  voucherDays,
} from '@earn/domain';
import { and, count, eq } from 'drizzle-orm';
import { spotAvailability } from '../../accounts/balances';
import { assertFundsNotLocked, refuseLockedFunds } from '../../accounts/settings';
import { getUser } from '../../accounts/users';
import { type Db, rows, sql } from '../../infra/db/client';
import { seFixedOrders, seFixedUserQuota, seVouchers } from '../../infra/db/schema';
import { errors } from '../../kernel/errors';
import { notices } from '../../kernel/notices';
import { UserPurpose, userAccount } from '../../ledger/accounts';
import { transfer } from '../../ledger/ledger';
import { priceUsdt } from '../../market/assets';
import { orderAprTerms } from './apr';
import { SeReason } from './constants';
import { history, refuseBorrowedFunds, ruleError, withBalanceKey } from './flexible';
import { type FixedProduct, flexProduct, onSale, remainingQuota, requireFixedProduct } from './products';
import type { FixedOrder, Voucher } from './rows';

export const LINE_FIXED = 'fixed';

export type { FixedOrder, Voucher } from './rows';

export interface FixedLendBody {
  product_id: number;
  amount: string;
  year_rate?: string;
  reinvest_status?: number;
  redeem_account_type?: number;
  financial_rate_id?: number;
}

/**
 * Special products: when the operator lists users, only they may subscribe; otherwise the product is
 * for newcomers to fixed simple earn (no fixed order before).
 */
export async function specialEligible(db: Db, userId: number, product: FixedProduct): Promise<boolean> {
  if (product.type !== SimpleEarnProductType.special) return true;
  if (product.specialUsers.length > 0) return product.specialUsers.includes(userId);
  const [row] = await db.select({ n: count() }).from(seFixedOrders).where(eq(seFixedOrders.userId, userId));
  return (row?.n ?? 0) === 0;
}

export function voucherMatches(v: Voucher, asset: string, now: Date): boolean {
  const currencies = v.usingCurrency
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return (
    v.usedOrderId === null &&
    v.expiredAt.getTime() > now.getTime() &&
    (currencies.length === 0 || currencies.includes(asset))
  );
}

export async function userQuotaUsed(db: Db, productId: number, userId: number) {
  const [row] = await db
    .select({ used: seFixedUserQuota.used })
    .from(seFixedUserQuota)
    .where(and(eq(seFixedUserQuota.productId, productId), eq(seFixedUserQuota.userId, userId)));
  return dec(row?.used ?? '0');
}

/** What the user may still put into the product: personal cap (if any) and product capacity. */
export async function lendable(db: Db, userId: number, product: FixedProduct) {
  const productRemaining = remainingQuota(product);
  const cap = dec(product.userMaxLendVolume);
  const userRemaining = cap.isZero() ? null : cap.minus(await userQuotaUsed(db, product.id, userId));
  return { productRemaining, userRemaining };
}

export async function assertVipRange(db: Db, userId: number, product: FixedProduct): Promise<void> {
  if (product.type !== SimpleEarnProductType.vip) return;
  const tier = (await getUser(db, userId)).vipTier;
  if (tier < product.minVip) {
    throw errors.rule(SimpleEarnKey.vipExclusive, `This product is for VIP ${product.minVip} and above`, {
      min_vip: product.minVip,
    });
  }
  if (product.maxVip > 0 && tier > product.maxVip) {
    throw errors.rule(
      SimpleEarnKey.vipAbove,
      `This product is for VIP ${product.minVip} to ${product.maxVip}`,
      {
        max_vip: product.maxVip,
      },
    );
  }
}

export async function subscribeFixed(
  tx: Db,
  userId: number,
  body: FixedLendBody,
  now: Date,
): Promise<FixedOrder> {
  const user = await getUser(tx, userId);
  refuseLockedFunds(user, SimpleEarnKey.notSubscribe);
  const product = await requireFixedProduct(tx, body.product_id);
  const asset = product.asset;
  if (!onSale(product, now))
    throw errors.rule(SimpleEarnKey.notOnSale, 'This product is not on sale now', { coin: asset });
  if (remainingQuota(product).lt(product.minLendAmount))
    throw errors.rule(SimpleEarnKey.soldOut, 'Sold out', { coin: asset });
  await assertVipRange(tx, userId, product);
  if (!(await specialEligible(tx, userId, product))) {
    throw errors.rule(SimpleEarnKey.notEligible, 'You are not eligible for this product', {});
  }
  if (body.year_rate !== undefined && !dec(body.year_rate).eq(product.yearRate)) {
    throw errors.rule('simple_earn.rateChanged', 'The rate has changed; please check it and try again', {
      year_rate: toWire(product.yearRate),
    });
  }
  const reinvest = body.reinvest_status === 1 ? 1 : 0;
  if (reinvest === 1 && product.reinvest !== 1) {
    throw errors.rule(SimpleEarnKey.reinvestUnsupported, 'This product has no auto-reinvest', {});
  }
  let redeemAccount: number = SimpleEarnRedeemAccount.notOperated;
  if (reinvest === 0) {
    redeemAccount =
      body.redeem_account_type === SimpleEarnRedeemAccount.flexible
        ? SimpleEarnRedeemAccount.flexible
        : SimpleEarnRedeemAccount.spot;
    await assertRedeemAccount(tx, product, redeemAccount);
  }
  const amount = roundSubscribeAmount(body.amount);
  let voucher: Voucher | undefined;
  if (body.financial_rate_id) {
    const [found] = await tx
      .select()
      .from(seVouchers)
      .where(and(eq(seVouchers.id, body.financial_rate_id), eq(seVouchers.userId, userId)));
    if (!found || !voucherMatches(found, asset, now)) {
      throw errors.rule(SimpleEarnKey.voucherUnavailable, 'This voucher cannot be used', {});
    }
    voucher = found;
  }
  const mode = user.accountMode as AccountMode;
  const [spot] = await spotAvailability(tx, userId, mode, [asset]);
  const { productRemaining, userRemaining } = await lendable(tx, userId, product);
  const failure = checkSubscribe({
    amount,
    minAmount: product.minLendAmount,
    available: spot?.lendEarnAvailable ?? 0,
    productRemaining,
    userRemaining: userRemaining ?? undefined,
    voucher: voucher
      ? { buy_limit_low: voucher.buyLimitLow, buy_limit_high: voucher.buyLimitHigh }
      : undefined,
    asset,
  });
  if (failure) throw ruleError(failure, 'Subscription refused');

  await withBalanceKey(
    () =>
      transfer(tx, {
        from: userAccount(userId, asset, UserPurpose.spot),
        to: userAccount(userId, asset, UserPurpose.fixed),
        amount,
        reason: SeReason.fixedSubscribe,
        at: now,
      }),
    asset,
  );
  await refuseBorrowedFunds(tx, userId, mode, asset);
  const schedule = fixedSchedule(Math.floor(now.getTime() / 1000), product.lockUpPeriod);
  const couponDays = voucher ? voucherDays(voucher.rateDay, product.lockUpPeriod) : 0;
  const tiers = fixedBonusTiers(product.bonusAsset, product.ladderApr);
  const ratio =
    product.bonusAsset && tiers.length > 0
      ? (await priceUsdt(tx, asset)).div(await priceUsdt(tx, product.bonusAsset))
      : dec(1);
  // The one rule the APR shown for this order also follows (packages/domain/src/simple-earn/apr.ts).
  const payout = fixedTermPayout(
    amount,
    {
      yearRate: product.yearRate,
      termDays: product.lockUpPeriod,
      bonusTiers: tiers,
      voucher: voucher ? { rateRatioPercent: voucher.rateRatio, rateDay: voucher.rateDay } : null,
    },
    ratio,
  );
  const bonus = payout.bonus;
  const [order] = await tx
    .insert(seFixedOrders)
    .values({
      userId,
      productId: product.id,
      asset,
      productType: product.type,
      principal: toWire(amount),
      yearRate: product.yearRate,
      lockUpPeriod: product.lockUpPeriod,
      interest: toWire(payout.interest),
      voucherId: voucher?.id ?? null,
      couponRateRatio: voucher?.rateRatio ?? '0',
      couponRateDay: couponDays,
      couponInterest: toWire(payout.voucher),
      bonusAsset: bonus.gt(0) ? product.bonusAsset : null,
      bonusAmount: toWire(bonus),
      reinvestStatus: reinvest,
      redeemAccountType: redeemAccount,
      status: 1,
      createdAt: now,
      startAt: new Date(schedule.startAt * 1000),
      finishAt: new Date(schedule.finishAt * 1000),
    })
    .returning();
  if (!order) throw new Error('order not inserted');
  if (voucher) {
    const used = await tx
      .update(seVouchers)
      .set({ usedOrderId: order.id })
      .where(and(eq(seVouchers.id, voucher.id), sql`${seVouchers.usedOrderId} IS NULL`))
      .returning({ id: seVouchers.id });
    if (used.length === 0)
      throw errors.rule(SimpleEarnKey.voucherUnavailable, 'This voucher was just used', {});
  }
  const cap = dec(product.userMaxLendVolume);
  const personal = await rows<{ used: string }>(
    tx,
    sql`INSERT INTO se_fixed_user_quota (product_id, user_id, used) VALUES (${product.id}, ${userId}, ${toWire(amount)}::numeric)
        ON CONFLICT (product_id, user_id) DO UPDATE SET used = se_fixed_user_quota.used + EXCLUDED.used
        WHERE ${cap.isZero()}::boolean OR se_fixed_user_quota.used + EXCLUDED.used <= ${toWire(cap)}::numeric
        RETURNING used::text AS used`,
  );
  if (personal.length === 0 || (!cap.isZero() && dec(personal[0]?.used ?? '0').gt(cap))) {
    throw errors.rule(SimpleEarnKey.individualRemainingQuota, 'Above your remaining quota', { coin: asset });
  }
  // The product row is hot: the quota is claimed here and taken from it at commit (se_fixed_quota_claims).
  await claimQuota(tx, product.id, amount);
  await history(tx, {
    userId,
    line: LINE_FIXED,
    type: SimpleEarnHistoryType.subscribe,
    mode: 0,
    asset,
    amount: toWire(amount),
    orderId: order.id,
    productId: product.id,
    lendRateYear: product.yearRate,
    blendedApr: toWire(blendedApr(amount, orderAprTerms(order, product.ladderApr)).apr),
    couponPrincipal: voucher ? toWire(amount) : null,
    rateRatio: voucher?.rateRatio ?? null,
    at: now,
  });
  return order;
}

/** Paying into flexible needs the product to allow a choice and the coin to have a flexible product. */
async function assertRedeemAccount(tx: Db, product: FixedProduct, type: number): Promise<void> {
  if (type !== SimpleEarnRedeemAccount.flexible) return;
  if (product.redeemAccount !== 1 || !(await flexProduct(tx, product.asset))) {
    throw errors.rule(
      SimpleEarnKey.redeemAccountUnsupported,
      'This product pays out to the spot account only',
      {},
    );
  }
}

/**
 * Takes (positive) or gives back (negative) quota of a fixed product at commit, by a deferred trigger:
 * the product row, which every subscription touches, is then locked for the commit alone. Quota the
 * product no longer has by then fails the commit as a serialization failure, and the call runs again.
 */
async function claimQuota(tx: Db, productId: number, amount: Decimal): Promise<void> {
  await tx.execute(
    sql`INSERT INTO se_fixed_quota_claims (product_id, amount) VALUES (${productId}, ${toWire(amount)}::numeric)`,
  );
}

async function lockActiveOrder(
  tx: Db,
  userId: number,
  orderId: number,
  now: Date,
): Promise<{ order: FixedOrder; product: FixedProduct }> {
  const [order] = await tx
    .select()
    .from(seFixedOrders)
    .where(and(eq(seFixedOrders.id, orderId), eq(seFixedOrders.userId, userId)))
    .for('update');
  if (!order) throw errors.notFound(`order ${orderId}`);
  if (order.status !== 1)
    throw errors.rule(SimpleEarnKey.orderNotActive, 'This order has ended', { order_id: orderId });
  if (now.getTime() >= order.finishAt.getTime() - NEAR_MATURITY_SECONDS * 1000) {
    throw errors.rule(
      SimpleEarnKey.nearMaturity,
      'This order is within 1 hour of maturity or already redeeming',
      { order_id: orderId },
    );
  }
  return { order, product: await requireFixedProduct(tx, order.productId) };
}

/**
 * Early redeem: the principal returns to spot at once; the interest, the voucher's yield and any bonus of
 * the order are forfeited, and the voucher is spent.
 */
export async function preRedeemFixed(
  tx: Db,
  userId: number,
  orderId: number,
  now: Date,
): Promise<FixedOrder> {
  await assertFundsNotLocked(tx, userId, SimpleEarnKey.notRedeem);
  const { order, product } = await lockActiveOrder(tx, userId, orderId, now);
  if (product.preRedeem !== 1)
    throw errors.rule(SimpleEarnKey.preRedeemUnsupported, 'This product cannot be redeemed early', {});
  await transfer(tx, {
    from: userAccount(userId, order.asset, UserPurpose.fixed),
    to: userAccount(userId, order.asset, UserPurpose.spot),
    amount: dec(order.principal),
    reason: SeReason.fixedPreRedeem,
    ref: String(order.id),
    at: now,
  });
  const [updated] = await tx
    .update(seFixedOrders)
    .set({ status: 3, redeemType: SimpleEarnRedeemType.early, settledAt: now })
    .where(eq(seFixedOrders.id, order.id))
    .returning();
  await tx.execute(sql`UPDATE se_fixed_user_quota SET used = used - ${order.principal}::numeric
    WHERE product_id = ${order.productId} AND user_id = ${userId}`);
  await claimQuota(tx, order.productId, dec(order.principal).negated());
  await history(tx, {
    userId,
    line: LINE_FIXED,
    type: SimpleEarnHistoryType.redeem,
    mode: SimpleEarnHistoryMode.redeemSpot,
    asset: order.asset,
    amount: order.principal,
    orderId: order.id,
    productId: order.productId,
    redeemType: SimpleEarnRedeemType.early,
    at: now,
  });
  // An order is redeemed early once: the order names the item.
  await notices().notifyRedeemed(tx, `fixed:${order.id}`, {
    userId,
    line: 'fixed',
    asset: order.asset,
    amount: toWire(order.principal),
    at: now,
  });
  if (!updated) throw new Error('order vanished');
  return updated;
}

export async function setReinvest(
  tx: Db,
  userId: number,
  orderId: number,
  status: number,
  now: Date,
): Promise<FixedOrder> {
  const { order, product } = await lockActiveOrder(tx, userId, orderId, now);
  if (product.reinvest !== 1)
    throw errors.rule(SimpleEarnKey.reinvestUnsupported, 'This product has no auto-reinvest', {});
  const [updated] = await tx
    .update(seFixedOrders)
    .set({
      reinvestStatus: status,
      // On: redeem-to is not operated. Off: redeem-to is operated again, reset to spot (section 4).
      redeemAccountType: status === 1 ? SimpleEarnRedeemAccount.notOperated : SimpleEarnRedeemAccount.spot,
    })
    .where(eq(seFixedOrders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished');
  return updated;
}

export async function setRedeemAccount(
  tx: Db,
  userId: number,
  orderId: number,
  type: number,
  now: Date,
): Promise<FixedOrder> {
  const { order, product } = await lockActiveOrder(tx, userId, orderId, now);
  if (order.reinvestStatus === 1) {
    throw errors.rule(
      'simple_earn.redeemAccount.reinvestOn',
      'Turn auto-reinvest off to choose where the order is paid',
      {},
    );
  }
  await assertRedeemAccount(tx, product, type);
  const [updated] = await tx
    .update(seFixedOrders)
    .set({ redeemAccountType: type })
    .where(eq(seFixedOrders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished');
  return updated;
}
