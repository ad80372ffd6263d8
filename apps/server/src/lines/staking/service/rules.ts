import { type AccountMode, type Decimal, dec } from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import { stakeableFromSpot } from '../../../accounts/balances';
import { getUser } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { stakingPositions } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import { requireAsset } from '../../../market/assets';
import type { LoadedProduct, ProtocolRow } from '../model';

export const ruleError = (v: { key: string; params: Record<string, string> }, message: string) =>
  errors.rule(v.key, message, v.params);

/** A refusal with the product's coin among its values (a value the rule set itself is kept). */
export const withCoin = (v: { key: string; params: Record<string, string> }, coin: string) =>
  v.key === 'common.amountPrecision' ? v : { ...v, params: { coin, ...v.params } };

/**
 * The protocol a request names. A defi product without a pid takes its first protocol (the selector's
 * preselection); a product without protocols refuses any pid but -1.
 */
export function protocolFor(loaded: LoadedProduct, pid: number | undefined): ProtocolRow | undefined {
  if (loaded.protocols.length === 0) {
    if (pid !== undefined && pid !== -1 && pid !== 0) throw errors.notFound('defi protocol');
    return undefined;
  }
  if (pid === undefined || pid === -1) return loaded.protocols[0];
  const found = loaded.protocols.find((p) => p.id === pid);
  if (!found) throw errors.notFound('defi protocol');
  return found;
}

export async function heldIn(
  db: Db,
  userId: number,
  productId: number,
  protocolId?: number,
): Promise<Decimal> {
  const conditions = [eq(stakingPositions.userId, userId), eq(stakingPositions.productId, productId)];
  if (protocolId !== undefined) conditions.push(eq(stakingPositions.protocolId, protocolId));
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingPositions.amount}), 0)::text` })
    .from(stakingPositions)
    .where(and(...conditions));
  return dec(row?.total ?? '0');
}

/** What the user may stake of the coin now: spot less loans, unless the unified account supports staking it. */
export async function stakeAvailable(db: Db, userId: number, coin: string): Promise<Decimal> {
  return (await stakingAllowance(db, userId, coin)).available;
}

/** The available amount and what decides it, kept for the check after the debit. */
export async function stakingAllowance(db: Db, userId: number, coin: string) {
  const mode = (await getUser(db, userId)).accountMode as AccountMode;
  const asset = await requireAsset(db, coin);
  const available = await stakeableFromSpot(db, userId, mode, asset.symbol, asset.supportStaking);
  return { mode, asset, available };
}
