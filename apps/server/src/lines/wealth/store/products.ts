import type { WealthProjectTypeId } from '@earn/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { wealthProducts } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import type { WealthProductInsert, WealthProductRow } from '../model';

/** The product, of the type when one is given; 404 otherwise. */
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

/** The products on sale. */
export function onlineProducts(db: Db): Promise<WealthProductRow[]> {
  return db.select().from(wealthProducts).where(eq(wealthProducts.status, 'online'));
}

/** Every product in the users' order (sort, then id). */
export function productsBySort(db: Db): Promise<WealthProductRow[]> {
  return db.select().from(wealthProducts).orderBy(asc(wealthProducts.sort), asc(wealthProducts.id));
}

/** Every product by id, as the operator lists them. */
export function productsById(db: Db): Promise<WealthProductRow[]> {
  return db.select().from(wealthProducts).orderBy(asc(wealthProducts.id));
}

/** The first product of a coin (the demo's holding). */
export async function productOfCoin(db: Db, coin: string): Promise<WealthProductRow | undefined> {
  const [row] = await db.select().from(wealthProducts).where(eq(wealthProducts.coin, coin));
  return row;
}

export async function insertProduct(db: Db, values: WealthProductInsert): Promise<WealthProductRow> {
  const [row] = await db.insert(wealthProducts).values(values).returning();
  if (!row) throw new Error('wealth product not inserted');
  return row;
}

/** The product, locked for an edit. */
export async function productForUpdate(db: Db, pid: number): Promise<WealthProductRow | undefined> {
  const [row] = await db.select().from(wealthProducts).where(eq(wealthProducts.id, pid)).for('update');
  return row;
}

export async function updateProduct(
  db: Db,
  pid: number,
  set: Partial<WealthProductInsert>,
): Promise<WealthProductRow | undefined> {
  const [row] = await db.update(wealthProducts).set(set).where(eq(wealthProducts.id, pid)).returning();
  return row;
}
