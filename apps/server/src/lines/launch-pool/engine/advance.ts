import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { launchpoolPoolCoins, launchpoolPools, launchpoolProjects } from '../../../infra/db/schema';
import { liveAutoEarnRates, loadPoolMarket } from '../live';
import type { PoolCoinRow, PoolRow, ProjectRow } from '../model';
import { accumulatorAt, poolIndicesSet, rewardAccAt } from './indices';

/**
 * Brings the accumulators of a multi-mining pool's further coins to `at`. Call it with the pool row as
 * it was before its own indices move (its acc_updated_at and staked_total give the seconds and the
 * share), under the pool's row lock. Answers the coins with their new accumulators, in display order.
 */
export async function advancePoolCoins(
  tx: Db,
  pool: PoolRow,
  project: ProjectRow,
  at: Date,
  /** The pool's coin rows in display order, when the caller read them already. */
  read?: PoolCoinRow[],
): Promise<PoolCoinRow[]> {
  const coins =
    read ??
    (await tx
      .select()
      .from(launchpoolPoolCoins)
      .where(eq(launchpoolPoolCoins.rid, pool.rid))
      .orderBy(asc(launchpoolPoolCoins.sort), asc(launchpoolPoolCoins.coin)));
  const out: PoolCoinRow[] = [];
  for (const coin of coins) {
    const acc = rewardAccAt(pool, project, at, coin);
    if (acc !== coin.accRewardPerToken) {
      await tx
        .update(launchpoolPoolCoins)
        .set({ accRewardPerToken: acc })
        .where(and(eq(launchpoolPoolCoins.rid, pool.rid), eq(launchpoolPoolCoins.coin, coin.coin)));
    }
    out.push({ ...coin, accRewardPerToken: acc });
  }
  return out;
}

/** Locks every pool of the unsettled projects, in rid order, and brings each accumulator to `at`. */
export async function bringUnsettledPoolsTo(
  tx: Db,
  at: Date,
): Promise<{ pool: PoolRow; project: ProjectRow }[]> {
  const found = await tx
    .select({ pool: launchpoolPools, project: launchpoolProjects })
    .from(launchpoolPools)
    .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolPools.pid))
    .where(isNull(launchpoolProjects.settledAt))
    .orderBy(asc(launchpoolPools.rid))
    .for('update', { of: launchpoolPools });
  const market = await loadPoolMarket(
    tx,
    at,
    found.map((f) => f.pool.coin),
    { prices: false },
  );
  // Every pool's further coins in one read (rows locked with their pool, which the caller holds).
  const coinRows =
    found.length === 0
      ? []
      : await tx
          .select()
          .from(launchpoolPoolCoins)
          .where(
            inArray(
              launchpoolPoolCoins.rid,
              found.map((f) => f.pool.rid),
            ),
          )
          .orderBy(asc(launchpoolPoolCoins.sort), asc(launchpoolPoolCoins.coin));
  for (const { pool, project } of found) {
    const next = accumulatorAt(pool, project, at, liveAutoEarnRates(pool, market));
    if (next.acc === pool.accRewardPerToken && next.updatedAt === pool.accUpdatedAt) continue;
    await advancePoolCoins(
      tx,
      pool,
      project,
      at,
      coinRows.filter((c) => c.rid === pool.rid),
    );
    await tx.update(launchpoolPools).set(poolIndicesSet(next)).where(eq(launchpoolPools.rid, pool.rid));
  }
  return found;
}
