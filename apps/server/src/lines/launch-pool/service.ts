import {
  type AccountMode,
  checkPoolRedeemAmount,
  checkPoolStakeAmount,
  type Decimal,
  dec,
  FIXED_STAKE_COINS,
  LaunchPoolKey,
  type PoolRuleFailure,
  type PoolTransactionTier,
  type PoolVipConfig,
  ProjectState,
  poolStakeMode,
  RewardPoolType,
  SimpleEarnKey,
  toWire,
} from '@earn/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { debitWithinAllowance, stakeableFromSpot } from '../../accounts/balances';
import { getUser, type UserRow } from '../../accounts/users';
import { type Db, rows } from '../../infra/db/client';
import {
  launchpoolOrders,
  launchpoolPoolCoins,
  launchpoolPools,
  launchpoolPositionCoins,
  launchpoolPositions,
  launchpoolProjects,
} from '../../infra/db/schema';
import { type I18nTexts, storedI18n } from '../../infra/http/texts';
import { errors } from '../../kernel/errors';
import { notices } from '../../kernel/notices';
import { systemAccount, UserPurpose, userAccount } from '../../ledger/accounts';
import { transfer } from '../../ledger/ledger';
import { requireAsset } from '../../market/assets';
import { exitMode, lockForAutoEarn, sweepToSimpleEarn } from './auto-earn';
import { LaunchPoolReason, PROJECT_PURPOSE, rewardPoolPurpose, STAKE_PURPOSE } from './constants';
import {
  type AutoEarnRates,
  accruedAt,
  accruedInterestAt,
  accumulatorAt,
  advancePoolCoins,
  interestIndexFor,
  type PoolCoinRow,
  type PoolIndices,
  type PoolRow,
  type ProjectRow,
  poolIndicesSet,
} from './engine';
import { liveAutoEarn, liveAutoEarnRates, loadPoolMarket, type PoolMarket } from './live';
import { findPool, findPosition, hoursOf, type SimpleEarnConfig, stateOf, userLimits } from './queries';

const DAY_MS = 86_400_000;

/** The user's compliance menu hides lend-earn, and with it auto-earn (launch-pool.md section 6). */
export function lendEarnHidden(user: UserRow): boolean {
  return user.complianceMenu.includes('lend_earn');
}

function fail(failure: PoolRuleFailure, coin: string): never {
  switch (failure.key) {
    case LaunchPoolKey.inadequateBalance:
      throw errors.insufficientBalance(coin);
    case LaunchPoolKey.precision:
      throw errors.invalidParams(
        `Amount has more than ${failure.params.precision} decimals`,
        failure.params,
        failure.key,
      );
    case LaunchPoolKey.stakeMin:
      throw errors.rule(failure.key, `The minimum stake is ${failure.params.amount} ${coin}`, failure.params);
    case LaunchPoolKey.stakeMax:
      throw errors.rule(
        failure.key,
        `You can stake at most ${failure.params.amount} ${coin} in this pool`,
        failure.params,
      );
    case LaunchPoolKey.redeemCurrentMax:
      throw errors.rule(
        failure.key,
        `You can redeem at most ${failure.params.amount} ${coin}`,
        failure.params,
      );
    case LaunchPoolKey.redeemMinimum:
      throw errors.rule(
        failure.key,
        `The smallest amount to redeem is ${failure.params.amount} ${coin}`,
        failure.params,
      );
    case LaunchPoolKey.poolLeft:
      throw errors.rule(
        failure.key,
        `Only ${failure.params.amount} ${coin} is left in this pool`,
        failure.params,
      );
    default:
      throw errors.rule(failure.key, 'Refused', failure.params);
  }
}

/**
 * New user for a pool with limit_rule N > 0: an account opened within the last N days that has not
 * staked in another project's pool.
 */
async function isNewUser(db: Db, user: UserRow, pool: PoolRow, now: Date): Promise<boolean> {
  if (now.getTime() - user.createdAt.getTime() > pool.limitRule * DAY_MS) return false;
  const [other] = await db
    .select({ id: launchpoolOrders.id })
    .from(launchpoolOrders)
    .where(
      and(
        eq(launchpoolOrders.userId, user.id),
        eq(launchpoolOrders.kind, 'stake'),
        ne(launchpoolOrders.pid, pool.pid),
      ),
    )
    .limit(1);
  return !other;
}

/** The eligibility checks of check-pool-rule, also enforced by create-order. */
export async function checkPoolRule(db: Db, user: UserRow, pool: PoolRow, now: Date) {
  const vip = pool.vipConfig as PoolVipConfig | null;
  if (vip?.vip_only && user.vipTier < vip.min_vip) {
    throw errors.rule(LaunchPoolKey.vipOnly, `This pool is for VIP ${vip.min_vip} and above`, {
      vip: String(vip.min_vip),
    });
  }
  if (pool.limitRule > 0 && !(await isNewUser(db, user, pool, now))) {
    throw errors.rule(
      LaunchPoolKey.newUserOnly,
      `This pool is for new users only: accounts opened within ${pool.limitRule} days that have not joined another launch pool`,
      { days: String(pool.limitRule) },
    );
  }
  return { pass: 1, rid: pool.rid, limit_rule: pool.limitRule, is_new_user: pool.limitRule > 0 ? 1 : 0 };
}

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

/** The auto-earn rates in force now for a pool's stakes (simple earn's live products). */
async function ratesNow(tx: Db, pool: PoolRow, now: Date): Promise<AutoEarnRates> {
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
async function movePositionCoins(
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
async function movePosition(
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

export interface PoolInput {
  coin: string;
  personal_min_amount: string;
  personal_max_amount: string;
  decimal_place: number;
  /** null: no total limit (-1 on the wire). */
  buy_total_amount: string | null;
  reward_per_hour: string;
  rate_year: string;
  rate_year_type: number;
  reward_pool_type: number;
  vip_config: PoolVipConfig | null;
  simple_earn: SimpleEarnConfig | null;
  transaction_config: PoolTransactionTier[];
  limit_rule: number;
  /** Multi mining only: the coins paid beside the project's token, each with its own reward per hour. */
  reward_coins?: PoolCoinInput[];
}

export interface PoolCoinInput {
  coin: string;
  reward_per_hour: string;
  /** Percent, for display. */
  rate_year: string;
}

export interface ProjectInput {
  reward_coin: string;
  name: string;
  icon: string;
  start_timest: number;
  end_timest: number;
  pools: PoolInput[];
  /** The project's texts in other languages (http/texts.ts). */
  i18n?: I18nTexts;
}

/**
 * Adds a pool (to a project that may already have ended: the demo and back-fills create those) and funds its reward account with the whole reward of the project's run
 * (reward_per_hour x hours) from the project's account, so every hour's payout is covered.
 */
export async function addPool(tx: Db, project: ProjectRow, input: PoolInput, now: Date): Promise<PoolRow> {
  await requireAsset(tx, input.coin);
  if (dec(input.personal_min_amount).gt(input.personal_max_amount)) {
    throw errors.invalidParams('personal_min_amount is above personal_max_amount');
  }
  const coins = input.reward_coins ?? [];
  if (input.reward_pool_type === RewardPoolType.multiMining && coins.length === 0) {
    throw errors.invalidParams(
      'A multi-mining pool pays at least one reward coin beside the project token (reward_coins)',
    );
  }
  if (input.reward_pool_type !== RewardPoolType.multiMining && coins.length > 0) {
    throw errors.invalidParams('reward_coins are for multi-mining pools (reward_pool_type 1) only');
  }
  const [pool] = await tx
    .insert(launchpoolPools)
    .values({
      pid: project.pid,
      coin: input.coin,
      personalMinAmount: input.personal_min_amount,
      personalMaxAmount: input.personal_max_amount,
      decimalPlace: input.decimal_place,
      totalAmount: input.buy_total_amount,
      leftAmount: input.buy_total_amount,
      rewardPerHour: input.reward_per_hour,
      rateYear: input.rate_year,
      rateYearType: input.rate_year_type,
      rewardPoolType: input.reward_pool_type,
      vipConfig: input.vip_config,
      simpleEarn: input.simple_earn,
      transactionConfig: input.transaction_config,
      limitRule: input.limit_rule,
      accUpdatedAt: now,
      createdAt: now,
    })
    .returning();
  if (!pool) throw new Error('pool not inserted');
  for (const [i, coin] of coins.entries()) await insertPoolCoin(tx, project, pool, coin, i, now);
  await fundPoolReward(
    tx,
    project,
    pool.rid,
    project.rewardCoin,
    input.reward_per_hour,
    String(pool.rid),
    now,
  );
  return pool;
}

/** Moves a coin's whole reward for the project's run (per hour x hours) from the project into the pool. */
async function fundPoolReward(
  tx: Db,
  project: ProjectRow,
  rid: number,
  coin: string,
  perHour: Decimal.Value,
  ref: string,
  now: Date,
): Promise<void> {
  const total = dec(perHour).times(hoursOf(project));
  if (total.lte(0)) return;
  await transfer(tx, {
    from: systemAccount(coin, PROJECT_PURPOSE),
    to: systemAccount(coin, rewardPoolPurpose(rid)),
    amount: total,
    reason: LaunchPoolReason.fund,
    ref,
    at: now,
  });
}

/**
 * Adds a further reward coin to a multi-mining pool and funds it with reward_per_hour x the project's
 * hours from the project's account of that coin (what the hours before it was added do not pay goes
 * back at the end). Its accumulator starts at 0 from here: the pool's accumulators are brought up to
 * `now` first, so the coin pays only for the seconds after it was added.
 */
async function insertPoolCoin(
  tx: Db,
  project: ProjectRow,
  pool: PoolRow,
  input: PoolCoinInput,
  sort: number,
  now: Date,
): Promise<PoolCoinRow> {
  await requireAsset(tx, input.coin);
  if (input.coin === project.rewardCoin) {
    throw errors.invalidParams(
      `${input.coin} is the project's token, which every pool pays through reward_per_hour`,
    );
  }
  const [taken] = await tx
    .select({ coin: launchpoolPoolCoins.coin })
    .from(launchpoolPoolCoins)
    .where(and(eq(launchpoolPoolCoins.rid, pool.rid), eq(launchpoolPoolCoins.coin, input.coin)));
  if (taken) throw errors.conflict(`The pool already pays ${input.coin}`);
  const [row] = await tx
    .insert(launchpoolPoolCoins)
    .values({
      rid: pool.rid,
      coin: input.coin,
      rewardPerHour: input.reward_per_hour,
      rateYear: input.rate_year,
      sort,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('pool coin not inserted');
  await fundPoolReward(
    tx,
    project,
    pool.rid,
    input.coin,
    input.reward_per_hour,
    `${pool.rid}:${input.coin}`,
    now,
  );
  return row;
}

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

export async function createProject(
  tx: Db,
  input: ProjectInput,
  now: Date,
): Promise<{ project: ProjectRow; pools: PoolRow[] }> {
  await requireAsset(tx, input.reward_coin);
  if (input.start_timest % 3600 !== 0 || input.end_timest % 3600 !== 0) {
    throw errors.invalidParams(
      'start_timest and end_timest must be whole hours (rewards are paid by the hour)',
    );
  }
  if (input.end_timest <= input.start_timest)
    throw errors.invalidParams('end_timest must be after start_timest');
  const [project] = await tx
    .insert(launchpoolProjects)
    .values({
      rewardCoin: input.reward_coin,
      name: input.name,
      i18n: storedI18n(input.i18n),
      icon: input.icon,
      startAt: new Date(input.start_timest * 1000),
      endAt: new Date(input.end_timest * 1000),
      createdAt: now,
    })
    .returning();
  if (!project) throw new Error('project not inserted');
  const pools: PoolRow[] = [];
  for (const p of input.pools) pools.push(await addPool(tx, project, p, now));
  return { project, pools };
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
