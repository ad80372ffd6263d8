import { checkPoolRedeemAmount, dec, LaunchPoolKey, ProjectState, toWire } from '@earn/domain';
import { eq, sql } from 'drizzle-orm';
import { getUser } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { launchpoolOrders } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import { notices } from '../../../kernel/notices';
import { UserPurpose, userAccount } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { accumulatorAt, advancePoolCoins } from '../engine';
import { LaunchPoolReason, STAKE_PURPOSE } from '../model';
import { findPool, findPosition, stateOf } from '../store/projects';
import { exitMode, lockForAutoEarn, sweepToSimpleEarn } from './auto-earn';
import { fail, lendEarnHidden } from './check-pool-rule';
import { lockPool, movePosition, ratesNow } from './move-position';

export interface RedeemInput {
  userId: number;
  pid: number;
  rid: number;
  amount: string;
  simpleEarnStatus: number;
  now: Date;
}

/**
 * Early redeem: the staked coins leave at once, to spot or, with auto-earn, into simple earn (a fixed
 * period always goes to fixed earn for its term, as the dialog's note says); what they earned until
 * now stays on the position and is paid at the hour's end with the rest.
 */
export async function redeem(tx: Db, input: RedeemInput) {
  const { project } = await findPool(tx, input.rid, input.pid);
  if (stateOf(project, input.now) === ProjectState.completed) {
    throw errors.rule(
      LaunchPoolKey.projectEnded,
      'This project has ended; stakes are returned automatically',
      {
        pid: String(project.pid),
      },
    );
  }
  const pool = await lockPool(tx, input.rid);
  const position = await findPosition(tx, input.userId, pool.rid, true);
  const staked = position?.amount ?? '0';
  const failure = checkPoolRedeemAmount({
    amount: input.amount,
    coin: pool.coin,
    decimalPlace: pool.decimalPlace,
    redeemable: staked,
  });
  if (failure) fail(failure, pool.coin);

  const user = await getUser(tx, input.userId);
  // Where lend-earn is hidden, nothing is sent into simple earn; the coins go back to spot.
  const exit = lendEarnHidden(user)
    ? exitMode(0, 0)
    : exitMode(input.simpleEarnStatus, position?.simpleEarnPeriod ?? 0);
  await lockForAutoEarn(tx, input.userId, pool.coin, exit.mode, input.now);

  const next = accumulatorAt(pool, project, input.now, await ratesNow(tx, pool, input.now));
  const coins = await advancePoolCoins(tx, pool, project, input.now);
  await tx.execute(sql`UPDATE launchpool_pools
      SET left_amount = CASE WHEN left_amount IS NULL THEN NULL ELSE left_amount + ${input.amount}::numeric END,
          staked_total = staked_total - ${input.amount}::numeric,
          acc_reward_per_token = ${next.acc}::numeric,
          interest_index_flexible = ${next.interestFlexible}::numeric,
          interest_index_fixed = ${next.interestFixed}::numeric,
          acc_updated_at = ${next.updatedAt.toISOString()}::timestamptz
      WHERE rid = ${pool.rid}`);
  await movePosition(tx, pool, next, coins, input.userId, dec(input.amount).negated().toFixed(), input.now);
  const [order] = await tx
    .insert(launchpoolOrders)
    .values({
      userId: input.userId,
      pid: pool.pid,
      rid: pool.rid,
      coin: pool.coin,
      kind: 'redeem',
      amount: input.amount,
      simpleEarnStatus: input.simpleEarnStatus,
      simpleEarnPeriod: exit.period,
      createdAt: input.now,
    })
    .returning({ id: launchpoolOrders.id });
  if (!order) throw new Error('order not inserted');
  await transfer(tx, {
    from: userAccount(input.userId, pool.coin, STAKE_PURPOSE),
    to: userAccount(input.userId, pool.coin, UserPurpose.spot),
    amount: dec(input.amount),
    reason: LaunchPoolReason.redeem,
    ref: String(order.id),
    at: input.now,
  });
  const swept = await sweepToSimpleEarn(tx, {
    userId: input.userId,
    coin: pool.coin,
    amount: input.amount,
    mode: exit.mode,
    period: exit.period,
    now: input.now,
  });
  // Written once, in the transaction that created the order, when the destination is known.
  await tx
    .update(launchpoolOrders)
    .set({ destination: swept.destination })
    .where(eq(launchpoolOrders.id, order.id));
  await notices().notifyRedeemed(tx, `launchpool:${order.id}`, {
    userId: input.userId,
    line: 'launchpool',
    asset: pool.coin,
    amount: toWire(input.amount),
    dest: swept.destination,
    at: input.now,
  });
  return {
    order_id: order.id,
    pid: pool.pid,
    rid: pool.rid,
    coin: pool.coin,
    amount: toWire(input.amount),
    staked: toWire(dec(staked).minus(input.amount)),
    destination: swept.destination,
    simple_earn_amount: swept.amount,
    ...(swept.refused ? { simple_earn_refused: swept.refused } : {}),
  };
}
