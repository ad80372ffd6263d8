import { dec, ProjectState, RewardPoolType, toWire } from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { launchpoolPoolCoins, launchpoolPools } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import { accumulatorAt, advancePoolCoins, poolIndicesSet } from '../engine';
import type { PoolCoinRow, PoolRow } from '../model';
import { findPool, stateOf } from '../store/projects';
import { insertPoolCoin, type PoolCoinInput } from './create-project';
import { lockPool, ratesNow } from './move-position';

/** Brings every accumulator of a locked pool (its own, its interest indices, its further coins) to `now`. */
async function bringPoolTo(tx: Db, pool: PoolRow, now: Date): Promise<void> {
  const { project } = await findPool(tx, pool.rid);
  await advancePoolCoins(tx, pool, project, now);
  await tx
    .update(launchpoolPools)
    .set(poolIndicesSet(accumulatorAt(pool, project, now, await ratesNow(tx, pool, now))))
    .where(eq(launchpoolPools.rid, pool.rid));
}

/** Operator: a further reward coin for a multi-mining pool of a project that has not ended. */
export async function addPoolCoin(
  tx: Db,
  rid: number,
  input: PoolCoinInput,
  now: Date,
): Promise<PoolCoinRow> {
  const pool = await lockPool(tx, rid);
  const { project } = await findPool(tx, rid);
  if (pool.rewardPoolType !== RewardPoolType.multiMining) {
    throw errors.conflict('Only a multi-mining pool (reward_pool_type 1) pays further reward coins');
  }
  if (stateOf(project, now) === ProjectState.completed) throw errors.conflict('The project has ended');
  await bringPoolTo(tx, pool, now);
  const [last] = await tx
    .select({ n: sql<number>`COALESCE(MAX(${launchpoolPoolCoins.sort}) + 1, 0)::int` })
    .from(launchpoolPoolCoins)
    .where(eq(launchpoolPoolCoins.rid, rid));
  return insertPoolCoin(tx, project, pool, input, last?.n ?? 0, now);
}

/** Operator: a further coin of a pool, locked for an edit of its displayed yearly rate. */
export async function lockPoolCoin(tx: Db, rid: number, coin: string): Promise<PoolCoinRow> {
  const [row] = await tx
    .select()
    .from(launchpoolPoolCoins)
    .where(and(eq(launchpoolPoolCoins.rid, rid), eq(launchpoolPoolCoins.coin, coin)))
    .for('update');
  if (!row) throw errors.notFound('Reward coin');
  return row;
}

/**
 * Operator edits of a pool's display and limit fields; the reward and the stake coin never change.
 * `set` is the columns the edit names (operator/patch.ts), on the pool the caller locked; the remaining
 * total follows a new total, and a new auto-earn offer counts from now.
 */
export async function updatePool(
  tx: Db,
  pool: PoolRow,
  patch: { simple_earn?: unknown; reward_pool_type?: number; buy_total_amount?: string | null },
  set: Partial<PoolRow>,
  now: Date,
): Promise<PoolRow> {
  const rid = pool.rid;
  if (patch.simple_earn !== undefined) {
    // Interest so far accrued at the old rates; the new ones count from now.
    await bringPoolTo(tx, pool, now);
  }
  if (patch.reward_pool_type !== undefined && patch.reward_pool_type !== RewardPoolType.multiMining) {
    const [further] = await tx
      .select({ coin: launchpoolPoolCoins.coin })
      .from(launchpoolPoolCoins)
      .where(eq(launchpoolPoolCoins.rid, rid))
      .limit(1);
    if (further) {
      throw errors.conflict('The pool pays further reward coins; it stays a multi-mining pool');
    }
  }
  let leftAmount = pool.leftAmount;
  if (patch.buy_total_amount !== undefined) {
    const total = patch.buy_total_amount;
    if (total !== null && dec(total).lt(pool.stakedTotal)) {
      throw errors.conflict(
        `The pool already holds ${toWire(pool.stakedTotal)}; the total cannot be below it`,
      );
    }
    leftAmount = total === null ? null : toWire(dec(total).minus(pool.stakedTotal));
  }
  const [row] = await tx
    .update(launchpoolPools)
    .set({ ...set, leftAmount })
    .where(eq(launchpoolPools.rid, rid))
    .returning();
  if (!row) throw errors.notFound('Pool');
  return row;
}
