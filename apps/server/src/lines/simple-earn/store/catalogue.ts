import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { seFixedProducts, seFlexHours, seFlexProducts, seVouchers } from '../../../infra/db/schema';
import type { FixedProduct, FlexProduct, Voucher } from '../model';

// The operator's reads and writes of the catalogue: products, the accrued hours, vouchers.

export async function allFlexProducts(db: Db): Promise<FlexProduct[]> {
  return db.select().from(seFlexProducts).orderBy(asc(seFlexProducts.asset));
}

/** The flexible product of an asset, locked for the edit in this transaction. */
export async function lockFlexProduct(tx: Db, asset: string): Promise<FlexProduct | undefined> {
  const [row] = await tx.select().from(seFlexProducts).where(eq(seFlexProducts.asset, asset)).for('update');
  return row;
}

export async function updateFlexProduct(tx: Db, asset: string, set: Partial<FlexProduct>) {
  const [row] = await tx.update(seFlexProducts).set(set).where(eq(seFlexProducts.asset, asset)).returning();
  return row;
}

/** An asset's accrued hours, newest first. */
export async function flexHours(db: Db, asset: string, limit: number) {
  return db
    .select()
    .from(seFlexHours)
    .where(eq(seFlexHours.asset, asset))
    .orderBy(desc(seFlexHours.periodStart))
    .limit(limit);
}

export async function allFixedProducts(db: Db): Promise<FixedProduct[]> {
  return db.select().from(seFixedProducts).orderBy(asc(seFixedProducts.id));
}

/** A fixed product, locked for the edit in this transaction. */
export async function lockFixedProduct(tx: Db, id: number): Promise<FixedProduct | undefined> {
  const [row] = await tx.select().from(seFixedProducts).where(eq(seFixedProducts.id, id)).for('update');
  return row;
}

export async function updateFixedProduct(tx: Db, id: number, set: Partial<FixedProduct>) {
  const [row] = await tx.update(seFixedProducts).set(set).where(eq(seFixedProducts.id, id)).returning();
  return row;
}

/** A user's vouchers in the order they were granted. */
export async function vouchersOf(db: Db, userId: number): Promise<Voucher[]> {
  return db.select().from(seVouchers).where(eq(seVouchers.userId, userId)).orderBy(asc(seVouchers.id));
}

/** Inserts a flexible product; undefined when the asset has one already. */
export async function insertFlexProduct(
  db: Db,
  values: Partial<FlexProduct>,
): Promise<FlexProduct | undefined> {
  const [row] = await db
    .insert(seFlexProducts)
    .values(values as typeof seFlexProducts.$inferInsert)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function insertFixedProduct(db: Db, values: Partial<FixedProduct>): Promise<FixedProduct> {
  const [row] = await db
    .insert(seFixedProducts)
    .values(values as typeof seFixedProducts.$inferInsert)
    .returning();
  if (!row) throw new Error('fixed product not inserted');
  return row;
}

export async function insertVoucher(db: Db, values: typeof seVouchers.$inferInsert): Promise<Voucher> {
  const [row] = await db.insert(seVouchers).values(values).returning();
  if (!row) throw new Error('voucher not inserted');
  return row;
}
