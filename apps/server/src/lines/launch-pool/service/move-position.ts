import { dec, toWire } from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { launchpoolPools, launchpoolPositionCoins, launchpoolPositions } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import {
  type AutoEarnRates,
  accruedAt,
  accruedInterestAt,
  interestIndexFor,
  type PoolIndices,
} from '../engine';
import { liveAutoEarnRates, loadPoolMarket } from '../live';
import type { PoolCoinRow, PoolRow } from '../model';
import { findPosition } from '../store/projects';

/** The auto-earn rates in force now for a pool's stakes (simple earn's live products). */
export async function ratesNow(tx: Db, pool: PoolRow, now: Date): Promise<AutoEarnRates> {
  return liveAutoEarnRates(pool, await loadPoolMarket(tx, now, [pool.coin], { prices: false }));
}

export async function lockPool(tx: Db, rid: number): Promise<PoolRow> {
  const [pool] = await tx.select().from(launchpoolPools).where(eq(launchpoolPools.rid, rid)).for('update');
  if (!pool) throw errors.notFound('Pool');
  return pool;
}

/**
 * Brings the position's reward in each further coin of a multi-mining pool up to that coin's
 * accumulator (`coins`, already brought forward), before the position's amount changes.
 */
export async function movePositionCoins(
  tx: Db,
  pool: PoolRow,
  coins: PoolCoinRow[],
  userId: number,
  amountBefore: string,
  now: Date,
): Promise<void> {
  if (coins.length === 0) return;
  const held = await tx
    .select()
    .from(launchpoolPositionCoins)
    .where(and(eq(launchpoolPositionCoins.userId, userId), eq(launchpoolPositionCoins.rid, pool.rid)))
    .for('update');
  for (const coin of coins) {
    const row = held.find((h) => h.coin === coin.coin);
    const accrued = accruedAt(
      {
        amount: amountBefore,
        rewardPerTokenPaid: row?.rewardPerTokenPaid ?? '0',
        accruedReward: row?.accruedReward ?? '0',
      },
      coin.accRewardPerToken,
    );
    await tx
      .insert(launchpoolPositionCoins)
      .values({
        userId,
        rid: pool.rid,
        coin: coin.coin,
        rewardPerTokenPaid: coin.accRewardPerToken,
        accruedReward: accrued,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [launchpoolPositionCoins.userId, launchpoolPositionCoins.rid, launchpoolPositionCoins.coin],
        set: { rewardPerTokenPaid: coin.accRewardPerToken, accruedReward: accrued, updatedAt: now },
      });
  }
}

/**
 * Brings the position's reward (every reward coin) and auto-earn interest up to the pool's indices
 * (interest at the mode it had until now) and changes its amount by `delta`; a new mode takes effect
 * from here.
 */
export async function movePosition(
  tx: Db,
  pool: PoolRow,
  next: PoolIndices,
  coins: PoolCoinRow[],
  userId: number,
  delta: string,
  now: Date,
  mode?: { status: number; period: number },
): Promise<void> {
  const position = await findPosition(tx, userId, pool.rid, true);
  await movePositionCoins(tx, pool, coins, userId, position?.amount ?? '0', now);
  if (!position) {
    await tx.insert(launchpoolPositions).values({
      userId,
      rid: pool.rid,
      pid: pool.pid,
      coin: pool.coin,
      amount: delta,
      rewardPerTokenPaid: next.acc,
      interestIndexPaid: interestIndexFor(next, mode?.status ?? 0, mode?.period ?? 0) ?? '0',
      simpleEarnStatus: mode?.status ?? 0,
      simpleEarnPeriod: mode?.period ?? 0,
      createdAt: now,
      updatedAt: now,
    });
    return;
  }
  const status = mode?.status ?? position.simpleEarnStatus;
  const period = mode?.period ?? position.simpleEarnPeriod;
  await tx
    .update(launchpoolPositions)
    .set({
      accruedReward: accruedAt(position, next.acc),
      rewardPerTokenPaid: next.acc,
      accruedInterest: accruedInterestAt(position, next),
      interestIndexPaid: interestIndexFor(next, status, period) ?? position.interestIndexPaid,
      amount: toWire(dec(position.amount).plus(delta)),
      simpleEarnStatus: status,
      simpleEarnPeriod: period,
      updatedAt: now,
    })
    .where(and(eq(launchpoolPositions.userId, userId), eq(launchpoolPositions.rid, pool.rid)));
}
