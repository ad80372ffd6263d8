import { type Decimal, type DualDirection, dec, toWire } from '@earn/domain';
import { and, asc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../infra/db/client';
import { dualOrders, dualPairSettings, dualProducts, dualSettlements } from '../../infra/db/schema';
import type { OrderRow, PairSettings, ProductRow, ProductStatus } from './model';

/*
 * The only file that names the dual line's tables (the settlement's set-based statements are in
 * engine/settle-sql.ts, which is given them from here).
 */

type ProductDb = typeof dualProducts.$inferSelect;
type OrderDb = typeof dualOrders.$inferSelect;

// The columns below hold only what this line writes, from the same enums.
const product = (r: ProductDb): ProductRow => ({
  ...r,
  direction: r.direction as DualDirection,
  status: r.status as ProductStatus,
});
const order = (r: OrderDb): OrderRow => r;

export async function productById(
  db: Db,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ProductRow | undefined> {
  const q = db.select().from(dualProducts).where(eq(dualProducts.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ? product(row) : undefined;
}

/** Products open for subscription at `now` (before their cut-off), soonest settlement first. */
export async function openProducts(
  db: Db,
  filter: { base?: string; direction?: DualDirection; cutoff: Date },
): Promise<ProductRow[]> {
  const where = [eq(dualProducts.status, 'open'), gt(dualProducts.settleAt, filter.cutoff)];
  if (filter.base) where.push(eq(dualProducts.baseCoin, filter.base));
  if (filter.direction) where.push(eq(dualProducts.direction, filter.direction));
  const found = await db
    .select()
    .from(dualProducts)
    .where(and(...where))
    .orderBy(asc(dualProducts.settleAt), asc(dualProducts.targetPrice), asc(dualProducts.id));
  return found.map(product);
}

export async function allProducts(db: Db, statuses?: ProductStatus[]): Promise<ProductRow[]> {
  const q = db.select().from(dualProducts);
  const found = await (statuses ? q.where(inArray(dualProducts.status, statuses)) : q).orderBy(
    asc(dualProducts.settleAt),
    asc(dualProducts.id),
  );
  return found.map(product);
}

export type NewProduct = Omit<
  ProductRow,
  'id' | 'sold' | 'status' | 'fixingPrice' | 'attempts' | 'retryAt' | 'settledAt'
>;

export async function insertProduct(db: Db, p: NewProduct, at: Date): Promise<ProductRow> {
  const [row] = await db
    .insert(dualProducts)
    .values({ ...p, status: 'open', createdAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error('dual product not inserted');
  return product(row);
}

export async function pairSettingsOf(db: Db, base: string): Promise<PairSettings | undefined> {
  const [row] = await db.select().from(dualPairSettings).where(eq(dualPairSettings.baseCoin, base));
  return row;
}

export async function allPairSettings(db: Db): Promise<PairSettings[]> {
  return db.select().from(dualPairSettings).orderBy(asc(dualPairSettings.baseCoin));
}

export async function savePairSettings(db: Db, s: PairSettings, at: Date): Promise<PairSettings> {
  const [row] = await db
    .insert(dualPairSettings)
    .values({ ...s, updatedAt: at })
    .onConflictDoUpdate({
      target: dualPairSettings.baseCoin,
      set: { volatility: s.volatility, margin: s.margin, updatedAt: at },
    })
    .returning();
  if (!row) throw new Error('pair settings not saved');
  return row;
}

/**
 * Takes `amount` of an open product's quota, before its cut-off: one conditional UPDATE, which also
 * locks the product row until commit, so parallel subscriptions queue on it and the quota is never
 * oversold. Answers the product as it stands after, or undefined when the amount does not fit.
 */
export async function takeQuota(
  db: Db,
  productId: number,
  amount: Decimal,
  cutoff: Date,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(dualProducts)
    .set({ sold: sql`${dualProducts.sold} + ${toWire(amount)}::numeric` })
    .where(
      and(
        eq(dualProducts.id, productId),
        eq(dualProducts.status, 'open'),
        gt(dualProducts.settleAt, cutoff),
        lte(sql`${dualProducts.sold} + ${toWire(amount)}::numeric`, dualProducts.totalQuota),
      ),
    )
    .returning();
  return row ? product(row) : undefined;
}

/** What a user holds in a product's orders (all of them while it is open). */
export async function heldByUser(db: Db, productId: number, userId: number): Promise<Decimal> {
  const [row] = await rows<{ total: string }>(
    db,
    sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM dual_orders
        WHERE product_id = ${productId} AND user_id = ${userId}`,
  );
  return dec(row?.total ?? '0');
}

export type NewOrder = Pick<
  OrderRow,
  | 'userId'
  | 'investCoin'
  | 'exerciseCoin'
  | 'amount'
  | 'targetPrice'
  | 'apr'
  | 'productId'
  | 'direction'
  | 'payoutReached'
  | 'payoutNotReached'
  | 'autoCompound'
  | 'expireAt'
> & { quoteId: string };

export async function insertOrder(db: Db, o: NewOrder, at: Date): Promise<OrderRow> {
  const [row] = await db
    .insert(dualOrders)
    .values({ ...o, kind: 'dual', status: 'PROCESSING', createdAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error('dual order not inserted');
  return order(row);
}

export async function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(dualOrders).where(eq(dualOrders.id, id));
  return row ? order(row) : undefined;
}

/** A page of orders by a condition built from the table's columns, and the count of all of them. */
export async function orderPage(
  db: Db,
  where: (t: typeof dualOrders) => SQL | undefined,
  orderBy: (t: typeof dualOrders) => SQL[],
  page: { page: number; limit: number },
): Promise<{ list: OrderRow[]; total: number }> {
  const cond = where(dualOrders);
  const [count] = await db.select({ n: sql<number>`COUNT(*)::int` }).from(dualOrders).where(cond);
  const list = await db
    .select()
    .from(dualOrders)
    .where(cond)
    .orderBy(...orderBy(dualOrders))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { list: list.map(order), total: Number(count?.n ?? 0) };
}

export { dualOrders as ordersTable };

export async function settlementRuns(
  db: Db,
  productId?: number,
): Promise<(typeof dualSettlements.$inferSelect)[]> {
  const q = db.select().from(dualSettlements);
  return (productId === undefined ? q : q.where(eq(dualSettlements.productId, productId)))
    .orderBy(sql`${dualSettlements.at} DESC, ${dualSettlements.id} DESC`)
    .limit(500);
}

export async function orderCount(db: Db, productId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM dual_orders WHERE product_id = ${productId}`,
  );
  return row?.n ?? 0;
}

export interface ExposureRow {
  base_coin: string;
  direction: DualDirection;
  settle_at: Date;
  products: number;
  orders: number;
  invest_coin: string;
  exercise_coin: string;
  open_amount: string;
  pays_reached: string;
  pays_not_reached: string;
}

/**
 * What the house owes on every order not yet settled, per pair, direction and settlement time: the
 * amount invested, what it pays in the exercise coin if every target is reached and in the invested
 * coin if none is (each order's outcomes were fixed at subscription).
 */
export async function openExposure(db: Db): Promise<ExposureRow[]> {
  return rows<ExposureRow>(
    db,
    sql`SELECT p.base_coin, p.direction, p.settle_at, COUNT(DISTINCT p.id)::int AS products, COUNT(o.id)::int AS orders,
               p.invest_coin, p.exercise_coin, COALESCE(SUM(o.amount), 0)::text AS open_amount,
               COALESCE(SUM(o.payout_reached), 0)::text AS pays_reached,
               COALESCE(SUM(o.payout_not_reached), 0)::text AS pays_not_reached
        FROM dual_products p
        LEFT JOIN dual_orders o ON o.product_id = p.id
         AND o.status IN ('PROCESSING', 'SETTLEMENT_PROCESSING', 'SETTLEMENT_FAILED')
        WHERE p.status IN ('open', 'settling', 'failed')
        GROUP BY p.base_coin, p.direction, p.settle_at, p.invest_coin, p.exercise_coin
        ORDER BY p.settle_at, p.base_coin, p.direction`,
  );
}

export type NewRecord = Pick<
  OrderRow,
  | 'userId'
  | 'kind'
  | 'investCoin'
  | 'exerciseCoin'
  | 'amount'
  | 'targetPrice'
  | 'apr'
  | 'status'
  | 'settleCoin'
  | 'settleAmount'
  | 'expireAt'
>;

export async function insertRecord(db: Db, r: NewRecord, at: Date): Promise<number> {
  const [row] = await db
    .insert(dualOrders)
    .values({ ...r, createdAt: at, updatedAt: at })
    .returning({ id: dualOrders.id });
  if (!row) throw new Error('dual order not inserted');
  return row.id;
}

/** The settlement facts of products: what a statement row's "why" shows. */
export async function productsByIds(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return (await db.select().from(dualProducts).where(inArray(dualProducts.id, ids))).map(product);
}

/** An order row, locked for an operator's edit of a record. */
export async function orderForUpdate(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(dualOrders).where(eq(dualOrders.id, id)).for('update');
  return row;
}

/** The operator's edit of a record's status and settlement. */
export async function updateRecord(
  db: Db,
  id: number,
  set: Partial<OrderRow>,
  at: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(dualOrders)
    .set({ ...set, updatedAt: at })
    .where(eq(dualOrders.id, id))
    .returning();
  return row;
}
