import { dec } from '@earn/domain';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import {
  launchpoolOrders,
  launchpoolPoolCoins,
  launchpoolPools,
  launchpoolPositions,
  launchpoolProjects,
} from '../../../infra/db/schema';
import { systemAccount, UserPurpose, userAccount } from '../../../ledger/accounts';
import { postBulkEntry } from '../../../ledger/bulk';
import { balanceOf, transfer } from '../../../ledger/ledger';
import type { PoolRow, ProjectRow } from '../model';
import { LaunchPoolReason, PROJECT_PURPOSE, rewardPoolPurpose, STAKE_PURPOSE } from '../model';
import { exitMode, lockForAutoEarn, sweepToSimpleEarn } from '../service/auto-earn';

/**
 * Ends the projects whose end has come: every stake goes back where its mode says, each as a 'return'
 * order, and what the pool did not pay goes back to the project.
 */
export async function settleEndedProjects(tx: Db, at: Date): Promise<void> {
  const ended = await tx
    .select()
    .from(launchpoolProjects)
    .where(and(isNull(launchpoolProjects.settledAt), lte(launchpoolProjects.endAt, at)))
    .orderBy(asc(launchpoolProjects.pid));
  for (const project of ended) {
    const pools = await tx
      .select()
      .from(launchpoolPools)
      .where(eq(launchpoolPools.pid, project.pid))
      .orderBy(asc(launchpoolPools.rid));
    for (const pool of pools) {
      await returnStakes(tx, project, pool, at);
      const further = await tx
        .select({ coin: launchpoolPoolCoins.coin })
        .from(launchpoolPoolCoins)
        .where(eq(launchpoolPoolCoins.rid, pool.rid))
        .orderBy(asc(launchpoolPoolCoins.coin));
      for (const coin of [project.rewardCoin, ...further.map((c) => c.coin)]) {
        const poolAccount = systemAccount(coin, rewardPoolPurpose(pool.rid));
        const left = await balanceOf(tx, poolAccount);
        if (left.gt(0)) {
          await transfer(tx, {
            from: poolAccount,
            to: systemAccount(coin, PROJECT_PURPOSE),
            amount: left,
            reason: LaunchPoolReason.leftover,
            // The project's token keeps the ref it always had; a further coin's ref names the coin.
            ref: coin === project.rewardCoin ? String(pool.rid) : `${pool.rid}:${coin}`,
            at,
          });
        }
      }
    }
    await tx.update(launchpoolProjects).set({ settledAt: at }).where(eq(launchpoolProjects.pid, project.pid));
  }
}

/**
 * Returns every stake of an ended pool where its mode says. Spot-mode stakes go back in one set-based
 * entry. Auto-earn stakes are few and simple earn subscribes one user at a time, so each goes back
 * to spot and on into simple earn by itself (spot again if simple earn refuses it).
 */
async function returnStakes(tx: Db, project: ProjectRow, pool: PoolRow, at: Date): Promise<void> {
  const autoEarn = await tx
    .select()
    .from(launchpoolPositions)
    .where(
      and(
        eq(launchpoolPositions.rid, pool.rid),
        gt(launchpoolPositions.amount, '0'),
        or(eq(launchpoolPositions.simpleEarnStatus, 1), gt(launchpoolPositions.simpleEarnPeriod, 0)),
      ),
    )
    .orderBy(asc(launchpoolPositions.userId));
  for (const position of autoEarn) {
    const exit = exitMode(position.simpleEarnStatus, position.simpleEarnPeriod);
    await lockForAutoEarn(tx, position.userId, pool.coin, exit.mode, at);
    await transfer(tx, {
      from: userAccount(position.userId, pool.coin, STAKE_PURPOSE),
      to: userAccount(position.userId, pool.coin, UserPurpose.spot),
      amount: dec(position.amount),
      reason: LaunchPoolReason.returnStakes,
      ref: `${pool.rid}:${position.userId}`,
      at,
    });
    const swept = await sweepToSimpleEarn(tx, {
      userId: position.userId,
      coin: pool.coin,
      amount: position.amount,
      mode: exit.mode,
      period: exit.period,
      now: at,
    });
    await tx.insert(launchpoolOrders).values({
      userId: position.userId,
      pid: project.pid,
      rid: pool.rid,
      coin: pool.coin,
      kind: 'return',
      amount: position.amount,
      simpleEarnStatus: position.simpleEarnStatus,
      simpleEarnPeriod: position.simpleEarnPeriod,
      destination: swept.destination,
      createdAt: at,
    });
  }

  const spotMode = sql`SELECT user_id, amount FROM launchpool_positions
                       WHERE rid = ${pool.rid} AND amount > 0 AND simple_earn_status = 0 AND simple_earn_period = 0`;
  await postBulkEntry(tx, {
    reason: LaunchPoolReason.returnStakes,
    ref: String(pool.rid),
    at,
    legs: sql`SELECT user_id, ${pool.coin} AS asset, ${STAKE_PURPOSE} AS purpose, -amount AS amount FROM (${spotMode}) s
                  UNION ALL
                  SELECT user_id, ${pool.coin}, ${UserPurpose.spot}, amount FROM (${spotMode}) s`,
  });
  await tx.execute(sql`
    INSERT INTO launchpool_orders (user_id, pid, rid, coin, kind, amount, simple_earn_status, simple_earn_period, destination, created_at)
    SELECT user_id, ${project.pid}, ${pool.rid}, ${pool.coin}, 'return', amount, 0, 0, ${UserPurpose.spot}, ${at.toISOString()}::timestamptz
    FROM (${spotMode}) s ORDER BY user_id`);
  await tx.execute(sql`UPDATE launchpool_positions SET amount = 0, updated_at = ${at.toISOString()}::timestamptz
                       WHERE rid = ${pool.rid} AND amount > 0`);
  await tx
    .update(launchpoolPools)
    .set({ stakedTotal: '0', leftAmount: pool.totalAmount })
    .where(eq(launchpoolPools.rid, pool.rid));
}
