import { type Decimal, dec, UNLIMITED } from '@earn/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { type softStakingCoins, softStakingUsers } from '../../../infra/db/schema';

export type CoinRow = typeof softStakingCoins.$inferSelect;

/** What of a balance earns under a coin's min and max. */
export function eligibleOf(balance: Decimal, coin: CoinRow): Decimal {
  if (balance.lt(coin.minAmount)) return dec(0);
  if (dec(coin.maxAmount).eq(UNLIMITED)) return balance;
  return balance.gt(coin.maxAmount) ? dec(coin.maxAmount) : balance;
}

export async function switchSoftStaking(db: Db, userId: number, on: boolean, now: Date) {
  const [row] = await db
    .select()
    .from(softStakingUsers)
    .where(eq(softStakingUsers.userId, userId))
    .for('update');
  if (row && row.enabled === on) return row;
  const values = on
    ? { enabled: true, enabledAt: now, updatedAt: now }
    : { enabled: false, disabledAt: now, updatedAt: now };
  const [saved] = await db
    .insert(softStakingUsers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: softStakingUsers.userId, set: values })
    .returning();
  if (!saved) throw new Error('soft staking switch not saved');
  return saved;
}
