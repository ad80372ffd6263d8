import { type Decimal, dec, NEAR_MATURITY_SECONDS, SimpleEarnKey, toWire } from '@earn/domain';
import { and, count, eq } from 'drizzle-orm';
import { type Db, rows, sql } from '../../../infra/db/client';
import { seFixedOrders, seFixedUserQuota, seVouchers } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import type { FixedOrder, FixedProduct, Voucher } from '../model';
import { requireFixedProduct } from './products';

export async function userQuotaUsed(db: Db, productId: number, userId: number) {
  const [row] = await db
    .select({ used: seFixedUserQuota.used })
    .from(seFixedUserQuota)
    .where(and(eq(seFixedUserQuota.productId, productId), eq(seFixedUserQuota.userId, userId)));
  return dec(row?.used ?? '0');
}

/**
 * Takes (positive) or gives back (negative) quota of a fixed product at commit, by a deferred trigger:
 * the product row, which every subscription touches, is then locked for the commit alone. Quota the
 * product no longer has by then fails the commit as a serialization failure, and the call runs again.
 */
export async function claimQuota(tx: Db, productId: number, amount: Decimal): Promise<void> {
  await tx.execute(
    sql`INSERT INTO se_fixed_quota_claims (product_id, amount) VALUES (${productId}, ${toWire(amount)}::numeric)`,
  );
}

export async function lockActiveOrder(
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

/** One of the user's fixed orders, by asset and id (undefined when it is not theirs). */
export async function userFixedOrder(
  db: Db,
  userId: number,
  asset: string,
  orderId: number,
): Promise<FixedOrder | undefined> {
  const [order] = await db
    .select()
    .from(seFixedOrders)
    .where(
      and(eq(seFixedOrders.id, orderId), eq(seFixedOrders.userId, userId), eq(seFixedOrders.asset, asset)),
    );
  return order;
}

/** Every rate-up voucher of the user, used and expired ones included. */
export async function userVouchers(db: Db, userId: number): Promise<Voucher[]> {
  return db.select().from(seVouchers).where(eq(seVouchers.userId, userId));
}

export async function userVoucher(tx: Db, userId: number, voucherId: number): Promise<Voucher | undefined> {
  const [found] = await tx
    .select()
    .from(seVouchers)
    .where(and(eq(seVouchers.id, voucherId), eq(seVouchers.userId, userId)));
  return found;
}

/** Marks the voucher used by the order; false when another order used it first. */
export async function spendVoucher(tx: Db, voucherId: number, orderId: number): Promise<boolean> {
  const used = await tx
    .update(seVouchers)
    .set({ usedOrderId: orderId })
    .where(and(eq(seVouchers.id, voucherId), sql`${seVouchers.usedOrderId} IS NULL`))
    .returning({ id: seVouchers.id });
  return used.length > 0;
}

export async function insertFixedOrder(
  tx: Db,
  values: typeof seFixedOrders.$inferInsert,
): Promise<FixedOrder> {
  const [order] = await tx.insert(seFixedOrders).values(values).returning();
  if (!order) throw new Error('order not inserted');
  return order;
}

/**
 * Adds the amount to what the user holds of the product, within the per-user cap (0: none); false
 * when the cap would be passed.
 */
export async function claimPersonalQuota(
  tx: Db,
  product: Pick<FixedProduct, 'id' | 'userMaxLendVolume'>,
  userId: number,
  amount: Decimal,
): Promise<boolean> {
  const cap = dec(product.userMaxLendVolume);
  const personal = await rows<{ used: string }>(
    tx,
    sql`INSERT INTO se_fixed_user_quota (product_id, user_id, used) VALUES (${product.id}, ${userId}, ${toWire(amount)}::numeric)
        ON CONFLICT (product_id, user_id) DO UPDATE SET used = se_fixed_user_quota.used + EXCLUDED.used
        WHERE ${cap.isZero()}::boolean OR se_fixed_user_quota.used + EXCLUDED.used <= ${toWire(cap)}::numeric
        RETURNING used::text AS used`,
  );
  return !(personal.length === 0 || (!cap.isZero() && dec(personal[0]?.used ?? '0').gt(cap)));
}

/** How many fixed orders the user ever had (a special product without a list is for newcomers). */
export async function fixedOrderCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(seFixedOrders).where(eq(seFixedOrders.userId, userId));
  return row?.n ?? 0;
}

export async function updateFixedOrder(
  tx: Db,
  orderId: number,
  set: Partial<FixedOrder>,
): Promise<FixedOrder | undefined> {
  const [updated] = await tx.update(seFixedOrders).set(set).where(eq(seFixedOrders.id, orderId)).returning();
  return updated;
}

/** Gives the principal of an order ended early back to the user's quota of the product. */
export async function releasePersonalQuota(tx: Db, productId: number, userId: number, principal: string) {
  await tx.execute(sql`UPDATE se_fixed_user_quota SET used = used - ${principal}::numeric
    WHERE product_id = ${productId} AND user_id = ${userId}`);
}
