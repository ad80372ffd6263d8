import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { launchpoolEarnMore, launchpoolPoolCoins, launchpoolProjects } from '../../../infra/db/schema';
import type { PoolCoinRow } from '../model';

// The operator's reads and writes of the catalogue beside the service's: projects, coins, cards.

type EarnMoreRow = typeof launchpoolEarnMore.$inferSelect;

/** The newest 500 projects, newest first. */
export async function latestProjects(db: Db) {
  return db.select().from(launchpoolProjects).orderBy(desc(launchpoolProjects.pid)).limit(500);
}

export async function updatePoolCoin(tx: Db, rid: number, coin: string, set: Partial<PoolCoinRow>) {
  const [row] = await tx
    .update(launchpoolPoolCoins)
    .set(set)
    .where(and(eq(launchpoolPoolCoins.rid, rid), eq(launchpoolPoolCoins.coin, coin)))
    .returning();
  return row;
}

export async function insertEarnMore(
  tx: Db,
  values: typeof launchpoolEarnMore.$inferInsert,
): Promise<EarnMoreRow> {
  const [row] = await tx.insert(launchpoolEarnMore).values(values).returning();
  if (!row) throw new Error('card not inserted');
  return row;
}

/** Every CandyDrop card (of a coin), hidden ones included, newest 500 first. */
export async function allEarnMore(db: Db, coin: string | undefined): Promise<EarnMoreRow[]> {
  return db
    .select()
    .from(launchpoolEarnMore)
    .where(coin ? eq(launchpoolEarnMore.coin, coin) : undefined)
    .orderBy(desc(launchpoolEarnMore.id))
    .limit(500);
}

/** A card, locked for the edit in this transaction. */
export async function lockEarnMore(tx: Db, id: number): Promise<EarnMoreRow | undefined> {
  const [current] = await tx
    .select()
    .from(launchpoolEarnMore)
    .where(eq(launchpoolEarnMore.id, id))
    .for('update');
  return current;
}

export async function updateEarnMore(tx: Db, id: number, set: Partial<EarnMoreRow>) {
  const [row] = await tx.update(launchpoolEarnMore).set(set).where(eq(launchpoolEarnMore.id, id)).returning();
  return row;
}
