import { type Decimal, dec, UNLIMITED } from '@earn/domain';
import type { softStakingCoins, softStakingPayouts, softStakingUsers } from '../../infra/db/schema';

/*
 * The line's rows and its rule of what earns. The day's ledger reason, rewards account and job name
 * are with the job, in engine/reasons.ts.
 */

export type CoinRow = typeof softStakingCoins.$inferSelect;
export type CoinInsert = typeof softStakingCoins.$inferInsert;
export type SwitchRow = typeof softStakingUsers.$inferSelect;
export type PayoutRow = typeof softStakingPayouts.$inferSelect;

/** What of a balance earns under a coin's min and max. */
export function eligibleOf(balance: Decimal, coin: CoinRow): Decimal {
  if (balance.lt(coin.minAmount)) return dec(0);
  if (dec(coin.maxAmount).eq(UNLIMITED)) return balance;
  return balance.gt(coin.maxAmount) ? dec(coin.maxAmount) : balance;
}
