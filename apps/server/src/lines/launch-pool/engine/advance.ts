import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type Db, sql } from '../../../infra/db/client';
import { launchpoolPoolCoins, launchpoolPools, launchpoolProjects } from '../../../infra/db/schema';
import { liveAutoEarnRates, loadPoolMarket } from '../live';
import type { PoolCoinRow, PoolRow, ProjectRow } from '../model';
import { accumulatorAt, type PoolIndices, poolIndicesSet, rewardAccAt } from './indices';

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
  const moved: { rid: number; next: PoolIndices }[] = [];
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
    moved.push({ rid: pool.rid, next });
  }
  await setPoolIndices(tx, moved);
  return found;
}

/**
 * Every moved pool's indices in one statement (rows the caller locked): an hour of a clock advance
 * moves every live pool, one UPDATE a pool was most of the hour's statements. The values are those
 * poolIndicesSet names, the rates only where they moved.
 */
async function setPoolIndices(tx: Db, moved: { rid: number; next: PoolIndices }[]): Promise<void> {
  const [only] = moved;
  if (!only) return;
  if (moved.length === 1) {
    await tx.update(launchpoolPools).set(poolIndicesSet(only.next)).where(eq(launchpoolPools.rid, only.rid));
    return;
  }
  const values = sql.join(
    moved.map(
      ({ rid, next }) =>
        sql`(${rid}::bigint, ${next.acc}::numeric, ${next.interestFlexible}::numeric, ${next.interestFixed}::numeric,
          ${next.updatedAt.toISOString()}::timestamptz, ${next.rates !== undefined}::boolean,
          ${next.rates?.flexible ?? null}::numeric, ${next.rates?.fixed ?? null}::numeric)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`UPDATE launchpool_pools p SET acc_reward_per_token = v.acc, interest_index_flexible = v.flex_idx,
      interest_index_fixed = v.fixed_idx, acc_updated_at = v.at,
      interest_rate_flexible = CASE WHEN v.rates THEN v.flex_rate ELSE p.interest_rate_flexible END,
      interest_rate_fixed = CASE WHEN v.rates THEN v.fixed_rate ELSE p.interest_rate_fixed END
    FROM (VALUES ${values}) AS v(rid, acc, flex_idx, fixed_idx, at, rates, flex_rate, fixed_rate)
    WHERE p.rid = v.rid`);
}
