import {
  type AccountMode,
  checkPoolStakeAmount,
  dec,
  FIXED_STAKE_COINS,
  LaunchPoolKey,
  type PoolTransactionTier,
  ProjectState,
  poolStakeMode,
  SimpleEarnKey,
  toWire,
} from '@earn/domain';
import { sql } from 'drizzle-orm';
import { debitWithinAllowance, stakeableFromSpot } from '../../../accounts/balances';
import { getUser } from '../../../accounts/users';
import { type Db, rows } from '../../../infra/db/client';
import { launchpoolOrders } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import { UserPurpose, userAccount } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { requireAsset } from '../../../market/assets';
import { accumulatorAt, advancePoolCoins } from '../engine';
import { liveAutoEarn, liveAutoEarnRates, loadPoolMarket, type PoolMarket } from '../live';
import { LaunchPoolReason, type PoolRow, STAKE_PURPOSE } from '../model';
import { findPool, findPosition, stateOf } from '../store/projects';
import { userLimits } from '../wire';
import { checkPoolRule, fail, lendEarnHidden } from './check-pool-rule';
import { lockPool, movePosition } from './move-position';

export interface StakeInput {
  userId: number;
  pid: number;
  rid: number;
  amount: string;
  simpleEarnStatus: number;
  simpleEarnPeriod?: number;
  deviceToken?: string;
  now: Date;
}

/**
 * Checks the auto-earn choice against the pool's live offer (simple earn's products, live.ts) and the
 * user's earlier fixed period, which a stake keeps even once simple earn no longer sells that term.
 */
function assertMode(
  pool: PoolRow,
  input: StakeInput,
  existingPeriod: number,
  market: PoolMarket,
): { status: number; period: number } {
  const mode = poolStakeMode(input.simpleEarnStatus, input.simpleEarnPeriod);
  const offer = liveAutoEarn(pool, market, existingPeriod);
  if (mode !== 'spot' && !offer) {
    throw errors.invalidParams('This pool has no auto-earn', {}, LaunchPoolKey.fixedNotOffered);
  }
  if (mode === 'flexible' && existingPeriod === 0 && offer?.flexible_offered !== 1) {
    throw errors.rule(SimpleEarnKey.notOnSale, `Simple earn has no open flexible ${pool.coin} product`, {
      coin: pool.coin,
    });
  }
  if (mode === 'fixed') {
    const coinOffered = (FIXED_STAKE_COINS as readonly string[]).includes(pool.coin);
    const period = input.simpleEarnPeriod ?? 0;
    const sold = !!offer && offer.fixed_period > 0 && period === offer.fixed_period;
    if (!coinOffered || !(sold || (existingPeriod > 0 && period === existingPeriod))) {
      throw errors.rule(
        LaunchPoolKey.fixedNotOffered,
        'Fixed auto-earn is not offered for this pool or period',
        {
          coin: pool.coin,
        },
      );
    }
  }
  if (existingPeriod > 0 && (mode !== 'fixed' || input.simpleEarnPeriod !== existingPeriod)) {
    throw errors.rule(
      LaunchPoolKey.fixedPeriodLocked,
      `Your stake here is fixed for ${existingPeriod} days; keep the fixed mode`,
      {
        period: String(existingPeriod),
      },
    );
  }
  return { status: mode === 'spot' ? 0 : 1, period: mode === 'fixed' ? (input.simpleEarnPeriod ?? 0) : 0 };
}

/**
 * Stake (create-order). Every rule of launch-pool.md section 5 is checked here; the pool's
 * remaining total is reserved by one conditional UPDATE under the pool's row lock, so concurrent
 * stakes can never oversell it. Runs in the caller's transaction.
 */
export async function stake(tx: Db, input: StakeInput) {
  const { pool: seen, project } = await findPool(tx, input.rid, input.pid);
  if (stateOf(project, input.now) === ProjectState.completed) {
    throw errors.rule(LaunchPoolKey.projectEnded, 'This project has ended', { pid: String(project.pid) });
  }
  const user = await getUser(tx, input.userId);
  await checkPoolRule(tx, user, seen, input.now);
  const asset = await requireAsset(tx, seen.coin);

  const pool = await lockPool(tx, input.rid);
  const position = await findPosition(tx, user.id, pool.rid, true);
  const market = await loadPoolMarket(tx, input.now, [pool.coin], { prices: false });
  const mode = assertMode(pool, input, position?.simpleEarnPeriod ?? 0, market);
  if (mode.status === 1 && lendEarnHidden(user)) {
    throw errors.rule(LaunchPoolKey.autoEarnHidden, 'Auto-earn is not available in your region', {});
  }
  const staked = position?.amount ?? '0';
  const limits = userLimits(pool, user, staked);
  if (limits.cap?.isZero()) {
    const lowest = (pool.transactionConfig as PoolTransactionTier[])
      .map((t) => dec(t.transaction_amount))
      .sort((a, b) => a.cmp(b))[0];
    throw errors.rule(
      LaunchPoolKey.volumeTooLow,
      'Your 60-day trading volume does not reach the first staking tier',
      {
        amount: toWire(lowest ?? 0),
      },
    );
  }
  const available = await stakeableFromSpot(
    tx,
    user.id,
    user.accountMode as AccountMode,
    pool.coin,
    asset.supportLaunchpool,
  );
  const failure = checkPoolStakeAmount({
    amount: input.amount,
    coin: pool.coin,
    decimalPlace: pool.decimalPlace,
    min: pool.personalMinAmount,
    max: limits.max,
    staked,
    available,
    // Read under the pool's row lock: the reservation below cannot find less than this.
    poolLeft: pool.leftAmount,
  });
  if (failure) fail(failure, pool.coin);

  const next = accumulatorAt(pool, project, input.now, liveAutoEarnRates(pool, market));
  const coins = await advancePoolCoins(tx, pool, project, input.now);
  const reserved = await rows<{ rid: string }>(
    tx,
    sql`UPDATE launchpool_pools
        SET left_amount = CASE WHEN left_amount IS NULL THEN NULL ELSE left_amount - ${input.amount}::numeric END,
            staked_total = staked_total + ${input.amount}::numeric,
            acc_reward_per_token = ${next.acc}::numeric,
            interest_index_flexible = ${next.interestFlexible}::numeric,
            interest_index_fixed = ${next.interestFixed}::numeric,
            acc_updated_at = ${next.updatedAt.toISOString()}::timestamptz
        WHERE rid = ${pool.rid} AND (left_amount IS NULL OR left_amount >= ${input.amount}::numeric)
        RETURNING rid`,
  );
  if (reserved.length === 0) {
    throw errors.rule(
      LaunchPoolKey.poolLeft,
      `Only ${toWire(pool.leftAmount ?? 0)} ${pool.coin} is left in this pool`,
      {
        amount: toWire(pool.leftAmount ?? 0),
        coin: pool.coin,
      },
    );
  }
  await movePosition(tx, pool, next, coins, user.id, input.amount, input.now, mode);
  const [order] = await tx
    .insert(launchpoolOrders)
    .values({
      userId: user.id,
      pid: pool.pid,
      rid: pool.rid,
      coin: pool.coin,
      kind: 'stake',
      amount: input.amount,
      simpleEarnStatus: mode.status,
      simpleEarnPeriod: mode.period,
      deviceToken: input.deviceToken ?? null,
      createdAt: input.now,
    })
    .returning({ id: launchpoolOrders.id });
  if (!order) throw new Error('order not inserted');
  await transfer(tx, {
    from: userAccount(user.id, pool.coin, UserPurpose.spot),
    to: userAccount(user.id, pool.coin, STAKE_PURPOSE),
    amount: dec(input.amount),
    reason: LaunchPoolReason.stake,
    ref: String(order.id),
    at: input.now,
  });
  // A parallel stake may have taken spot since `available` was read: never stake borrowed funds.
  if (
    !(await debitWithinAllowance(
      tx,
      user.id,
      user.accountMode as AccountMode,
      pool.coin,
      asset.supportLaunchpool,
    ))
  ) {
    throw errors.insufficientBalance(pool.coin);
  }
  return {
    order_id: order.id,
    pid: pool.pid,
    rid: pool.rid,
    coin: pool.coin,
    amount: toWire(input.amount),
    staked: toWire(dec(staked).plus(input.amount)),
    simpleEarnStatus: mode.status,
    simpleEarnPeriod: mode.period,
    reward_start_timest: Math.floor(Math.max(project.startAt.getTime(), input.now.getTime()) / 1000),
  };
}
