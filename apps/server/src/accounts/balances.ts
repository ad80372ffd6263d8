import { type AccountMode, type Decimal, dec, maxDec } from '@earn/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { userLoans } from '../infra/db/schema';
import { UserPurpose } from '../ledger/accounts';
import { balancesOf } from '../ledger/ledger';

export interface SpotAvailability {
  asset: string;
  /** Spot balance, borrowed funds included. */
  available: Decimal;
  /** What may leave the spot account: in a unified account borrowed funds stay behind. */
  outable: Decimal;
  /** What may be lent in simple earn: own funds only. */
  lendEarnAvailable: Decimal;
  borrowed: Decimal;
}

export async function loansOf(db: Db, userId: number, assets?: string[]): Promise<Map<string, Decimal>> {
  const conditions = [eq(userLoans.userId, userId)];
  if (assets && assets.length > 0) conditions.push(inArray(userLoans.asset, assets));
  const found = await db
    .select()
    .from(userLoans)
    .where(and(...conditions));
  return new Map(found.map((r) => [r.asset, dec(r.amount)]));
}

/**
 * What each asset's spot balance allows. Only unified accounts borrow, so for classic accounts all
 * three figures are the spot balance.
 */
export async function spotAvailability(
  db: Db,
  userId: number,
  mode: AccountMode,
  assets: string[],
): Promise<SpotAvailability[]> {
  const spot = await balancesOf(db, userId, UserPurpose.spot, assets);
  const loans = mode === 'classic' ? new Map<string, Decimal>() : await loansOf(db, userId, assets);
  return assets.map((asset) => availability(asset, mode, spot.get(asset), loans.get(asset)));
}

/** One asset's figures from its spot balance and loan, as read (either may be missing). */
export function availability(
  asset: string,
  mode: AccountMode,
  balance: Decimal | string | null | undefined,
  loan: Decimal | string | null | undefined,
): SpotAvailability {
  const available = dec(balance ?? 0);
  const borrowed = mode === 'classic' ? dec(0) : dec(loan ?? 0);
  const own = maxDec(0, available.minus(borrowed));
  return { asset, available, outable: own, lendEarnAvailable: own, borrowed };
}

/**
 * What may be staked from spot: the whole balance when the earn line supports the coin in a unified
 * account, otherwise the balance less borrowed funds (launch-pool.md and staking-wealth.md, section 5).
 */
export async function stakeableFromSpot(
  db: Db,
  userId: number,
  mode: AccountMode,
  asset: string,
  supportedInUnified: boolean,
): Promise<Decimal> {
  const [row] = await spotAvailability(db, userId, mode, [asset]);
  if (!row) return dec(0);
  return mode !== 'classic' && supportedInUnified ? row.available : row.outable;
}

/**
 * Call after debiting spot, in the same transaction, for money that must not come from borrowed
 * funds. A check made before the debit can be overtaken by a parallel debit; made after it, the
 * debit holds the balance row until commit, so every parallel debit is seen here. True when the
 * spot balance still covers the user's loan of the asset (always, for classic accounts).
 */
export async function ownFundsCoverLoans(
  db: Db,
  userId: number,
  mode: AccountMode,
  asset: string,
): Promise<boolean> {
  // A classic account cannot borrow: the balance CHECK already refused any overdraw.
  if (mode === 'classic') return true;
  const [row] = await spotAvailability(db, userId, mode, [asset]);
  return row?.available.gte(row.borrowed) ?? false;
}

/**
 * After a stake or purchase debited spot, in the same transaction: true when the debit stayed within
 * what the line may take. A line that supports the coin in a unified account may take borrowed funds;
 * otherwise what is left in spot must still cover the user's loan of the coin.
 */
export async function debitWithinAllowance(
  db: Db,
  userId: number,
  mode: AccountMode,
  asset: string,
  supportedInUnified: boolean,
): Promise<boolean> {
  if (mode !== 'classic' && supportedInUnified) return true;
  return ownFundsCoverLoans(db, userId, mode, asset);
}
