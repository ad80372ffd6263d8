import type { WealthProjectTypeId } from '@earn/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { wealthOrders, wealthProducts, wealthPurchases, wealthRedemptions } from '../../../infra/db/schema';
import type { WealthOrderRow, WealthProductRow } from '../model';

/** The user's order (one per product) with `units` and `cost` added; made on the first purchase. */
export async function addToOrder(
  tx: Db,
  o: { userId: number; productId: number; coin: string; units: string; cost: string; now: Date },
): Promise<WealthOrderRow> {
  await tx
    .insert(wealthOrders)
    .values({
      userId: o.userId,
      productId: o.productId,
      coin: o.coin,
      units: '0',
      cost: '0',
      createdAt: o.now,
      updatedAt: o.now,
    })
    .onConflictDoNothing();
  const [order] = await tx
    .update(wealthOrders)
    .set({
      units: sql`${wealthOrders.units} + ${o.units}::numeric`,
      cost: sql`${wealthOrders.cost} + ${o.cost}::numeric`,
      updatedAt: o.now,
    })
    .where(and(eq(wealthOrders.userId, o.userId), eq(wealthOrders.productId, o.productId)))
    .returning();
  if (!order) throw new Error('wealth order missing');
  return order;
}

export async function insertPurchase(
  tx: Db,
  p: typeof wealthPurchases.$inferInsert,
): Promise<{ id: number }> {
  const [row] = await tx.insert(wealthPurchases).values(p).returning({ id: wealthPurchases.id });
  if (!row) throw new Error('wealth purchase not inserted');
  return row;
}

/** The user's order of a product, locked for a redemption. */
export async function orderForUpdate(
  tx: Db,
  userId: number,
  productId: number,
): Promise<WealthOrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(wealthOrders)
    .where(and(eq(wealthOrders.userId, userId), eq(wealthOrders.productId, productId)))
    .for('update');
  return order;
}

/** Moves `units` (and their `cost`) of the order to redeeming. */
export async function takeUnits(
  tx: Db,
  orderId: number,
  units: string,
  cost: string,
  now: Date,
): Promise<void> {
  await tx
    .update(wealthOrders)
    .set({
      units: sql`${wealthOrders.units} - ${units}::numeric`,
      cost: sql`${wealthOrders.cost} - ${cost}::numeric`,
      redeemingUnits: sql`${wealthOrders.redeemingUnits} + ${units}::numeric`,
      updatedAt: now,
    })
    .where(eq(wealthOrders.id, orderId));
}

export async function insertRedemption(
  tx: Db,
  r: typeof wealthRedemptions.$inferInsert,
): Promise<{ id: number }> {
  const [row] = await tx.insert(wealthRedemptions).values(r).returning({ id: wealthRedemptions.id });
  if (!row) throw new Error('wealth redemption not inserted');
  return row;
}

/** The user's order by id, with its product. */
export async function ownOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<{ order: WealthOrderRow; product: WealthProductRow | undefined } | undefined> {
  const [order] = await db
    .select()
    .from(wealthOrders)
    .where(and(eq(wealthOrders.id, orderId), eq(wealthOrders.userId, userId)));
  if (!order) return undefined;
  const [product] = await db.select().from(wealthProducts).where(eq(wealthProducts.id, order.productId));
  return { order, product };
}

/** The user's orders that hold or are redeeming units, with their products, of a type when given. */
export function heldOrders(db: Db, userId: number, projectType: WealthProjectTypeId | undefined) {
  return db
    .select({ order: wealthOrders, product: wealthProducts })
    .from(wealthOrders)
    .innerJoin(wealthProducts, eq(wealthProducts.id, wealthOrders.productId))
    .where(
      and(
        eq(wealthOrders.userId, userId),
        projectType === undefined ? sql`true` : eq(wealthProducts.projectType, projectType),
        sql`(${wealthOrders.units} > 0 OR ${wealthOrders.redeemingUnits} > 0)`,
      ),
    )
    .orderBy(asc(wealthOrders.id));
}

/** The order's purchases and redemptions, for its chart. */
export async function movementsOf(db: Db, orderId: number) {
  const bought = await db.select().from(wealthPurchases).where(eq(wealthPurchases.orderId, orderId));
  const sold = await db.select().from(wealthRedemptions).where(eq(wealthRedemptions.orderId, orderId));
  return { bought, sold };
}

/** A page of the user's redemptions, newest first, and how many there are. */
export async function redemptionPage(db: Db, userId: number, page: { page: number; limit: number }) {
  const where = eq(wealthRedemptions.userId, userId);
  const [count] = await db.select({ n: sql<string>`COUNT(*)::text` }).from(wealthRedemptions).where(where);
  const list = await db
    .select()
    .from(wealthRedemptions)
    .where(where)
    .orderBy(desc(wealthRedemptions.createdAt), desc(wealthRedemptions.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { list, total: Number(count?.n ?? 0) };
}
