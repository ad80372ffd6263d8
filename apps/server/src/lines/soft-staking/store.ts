import { toWire } from '@earn/domain';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { softStakingCoins, softStakingPayouts, softStakingUsers } from '../../infra/db/schema';
import type { CoinInsert, CoinRow, PayoutRow, SwitchRow } from './model';

/*
 * The only file of the line, its job aside (engine/day.ts, set-based SQL), that names its tables:
 * the coins, the users' switches and the daily payouts.
 */

/** The coins on offer, in no particular order. */
export function onlineCoins(db: Db): Promise<CoinRow[]> {
  return db.select().from(softStakingCoins).where(eq(softStakingCoins.status, 'online'));
}

/** The coins on offer as the users' list orders them (sort, then coin). */
export function onlineCoinsBySort(db: Db): Promise<CoinRow[]> {
  return db
    .select()
    .from(softStakingCoins)
    .where(eq(softStakingCoins.status, 'online'))
    .orderBy(asc(softStakingCoins.sort), asc(softStakingCoins.coin));
}

/** Every coin by name, as the operator lists them. */
export function allCoins(db: Db): Promise<CoinRow[]> {
  return db.select().from(softStakingCoins).orderBy(asc(softStakingCoins.coin));
}

/** The coin, locked for an edit. */
export async function coinForUpdate(tx: Db, coin: string): Promise<CoinRow | undefined> {
  const [current] = await tx
    .select()
    .from(softStakingCoins)
    .where(eq(softStakingCoins.coin, coin))
    .for('update');
  return current;
}

export async function updateCoin(
  tx: Db,
  coin: string,
  set: Partial<CoinInsert>,
): Promise<CoinRow | undefined> {
  const [row] = await tx.update(softStakingCoins).set(set).where(eq(softStakingCoins.coin, coin)).returning();
  return row;
}

export async function insertCoin(tx: Db, values: CoinInsert): Promise<CoinRow> {
  const [row] = await tx.insert(softStakingCoins).values(values).returning();
  if (!row) throw new Error('soft staking coin not inserted');
  return row;
}

/** A coin of the demo; one already listed is kept. */
export async function seedCoin(db: Db, values: CoinInsert): Promise<void> {
  await db.insert(softStakingCoins).values(values).onConflictDoNothing();
}

export async function switchOf(db: Db, userId: number): Promise<SwitchRow | undefined> {
  const [row] = await db.select().from(softStakingUsers).where(eq(softStakingUsers.userId, userId));
  return row;
}

export async function switchForUpdate(tx: Db, userId: number): Promise<SwitchRow | undefined> {
  const [row] = await tx
    .select()
    .from(softStakingUsers)
    .where(eq(softStakingUsers.userId, userId))
    .for('update');
  return row;
}

export async function saveSwitch(
  tx: Db,
  userId: number,
  values: { enabled: boolean; updatedAt: Date; enabledAt?: Date; disabledAt?: Date },
): Promise<SwitchRow> {
  const [saved] = await tx
    .insert(softStakingUsers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: softStakingUsers.userId, set: values })
    .returning();
  if (!saved) throw new Error('soft staking switch not saved');
  return saved;
}

/** What the user was paid per coin, since a time when given. */
export async function payoutTotals(db: Db, userId: number, since?: Date) {
  const conditions = [eq(softStakingPayouts.userId, userId)];
  if (since) conditions.push(gte(softStakingPayouts.createdAt, since));
  const found = await db
    .select({
      coin: softStakingPayouts.coin,
      amount: sql<string>`SUM(${softStakingPayouts.amount})::text`,
    })
    .from(softStakingPayouts)
    .where(and(...conditions))
    .groupBy(softStakingPayouts.coin)
    .orderBy(softStakingPayouts.coin);
  return found.map((f) => ({ coin: f.coin, amount: toWire(f.amount) }));
}

/** A page of the user's paid days (above zero), newest first, of a coin when given; and how many. */
export async function payoutPage(
  db: Db,
  userId: number,
  q: { coin?: string; page: number; limit: number },
): Promise<{ list: PayoutRow[]; total: number }> {
  const conditions = [eq(softStakingPayouts.userId, userId), sql`${softStakingPayouts.amount} > 0`];
  if (q.coin) conditions.push(eq(softStakingPayouts.coin, q.coin));
  const where = and(...conditions);
  const [count] = await db.select({ n: sql<string>`COUNT(*)::text` }).from(softStakingPayouts).where(where);
  const list = await db
    .select()
    .from(softStakingPayouts)
    .where(where)
    .orderBy(desc(softStakingPayouts.day), asc(softStakingPayouts.coin))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list, total: Number(count?.n ?? 0) };
}
