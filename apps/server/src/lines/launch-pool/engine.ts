import { Decimal, dec } from '@earn/domain';
import { and, asc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../infra/db/client';
import {
  launchpoolOrders,
  launchpoolPoolCoins,
  launchpoolPools,
  launchpoolPositions,
  launchpoolProjects,
} from '../../infra/db/schema';
import type { Job, Period, ShardedWork } from '../../infra/jobs/scheduler';
import { rateWatch } from '../../kernel/notices';
import { systemAccount, UserPurpose, userAccount } from '../../ledger/accounts';
import { postBulkEntry } from '../../ledger/bulk';
import { balanceOf, transfer } from '../../ledger/ledger';
import { liveAutoEarnRates, loadPoolMarket } from './live';
import type { PoolCoinRow, PoolRow, ProjectRow } from './model';
import {
  ENTITLEMENT_PLACES,
  INDEX_PLACES,
  INTEREST_EXPENSE_PURPOSE,
  LaunchPoolReason,
  PROJECT_PURPOSE,
  REWARD_PLACES,
  rewardPoolPurpose,
  SECONDS_PER_YEAR,
  STAKE_PURPOSE,
} from './model';
import { exitMode, lockForAutoEarn, sweepToSimpleEarn } from './service/auto-earn';

/** Enough digits that a reward share keeps all INDEX_PLACES places however large the index grows. */
const IndexDecimal = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_DOWN });

export type { PoolCoinRow, PoolRow, ProjectRow } from './model';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface PoolIndices {
  acc: string;
  interestFlexible: string;
  interestFixed: string;
  updatedAt: Date;
  /** The rates the interest indices moved at, when they moved: what an hour's interest record names. */
  rates?: AutoEarnRates;
}

/**
 * Auto-earn yearly rates (percent) a pool's stakes earn while staked: flexible and fixed, from simple
 * earn's live products (liveAutoEarnRates in live.ts), read by the caller at the moment the indices
 * move, so each stretch of time accrues at the rates in force at its end, as simple earn's own hour does.
 */
export interface AutoEarnRates {
  flexible: string;
  fixed: string;
}

/**
 * The pool's indices brought forward to `at`, over the seconds between the last update and `at`
 * that lie within the project's run:
 * - the reward-per-token accumulator adds reward_per_hour / 3600 / staked_total per second with
 *   stake (a second with no stake adds nothing, so its reward stays in the pool);
 * - each auto-earn interest index adds its yearly rate / 100 / seconds in a year per second.
 */
/** The seconds of the project's run between the pool's last update and `at` (0 when none). */
function runSeconds(pool: PoolRow, project: ProjectRow, at: Date): number {
  const fromS = Math.max(seconds(pool.accUpdatedAt), seconds(project.startAt));
  const toS = Math.min(seconds(at), seconds(project.endAt));
  return Math.max(0, toS - fromS);
}

/**
 * A reward-per-token accumulator brought forward to `at`: it adds reward_per_hour / 3600 /
 * staked_total per second with stake. The pool's own accumulator (the project's token) and each
 * further coin of a multi-mining pool go through this one function over the same seconds.
 */
export function rewardAccAt(
  pool: PoolRow,
  project: ProjectRow,
  at: Date,
  reward: { rewardPerHour: string; accRewardPerToken: string },
): string {
  const span = runSeconds(pool, project, at);
  const staked = new IndexDecimal(pool.stakedTotal);
  if (span === 0 || staked.isZero()) return reward.accRewardPerToken;
  const added = new IndexDecimal(reward.rewardPerHour).times(span).div(3600).div(staked);
  return new IndexDecimal(reward.accRewardPerToken)
    .plus(added)
    .toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
}

export function accumulatorAt(
  pool: PoolRow,
  project: ProjectRow,
  at: Date,
  autoEarn: AutoEarnRates,
): PoolIndices {
  const fromS = Math.max(seconds(pool.accUpdatedAt), seconds(project.startAt));
  const toS = Math.min(seconds(at), seconds(project.endAt));
  const updatedAt = at.getTime() > pool.accUpdatedAt.getTime() ? at : pool.accUpdatedAt;
  const unchanged = {
    acc: pool.accRewardPerToken,
    interestFlexible: pool.interestIndexFlexible,
    interestFixed: pool.interestIndexFixed,
    updatedAt,
  };
  const staked = new IndexDecimal(pool.stakedTotal);
  if (toS <= fromS || staked.isZero()) return unchanged;
  const cut = (d: Decimal) => d.toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN).toFixed();
  const rates = { flexible: new IndexDecimal(autoEarn.flexible), fixed: new IndexDecimal(autoEarn.fixed) };
  const perRate = new IndexDecimal(toS - fromS).div(100).div(SECONDS_PER_YEAR);
  return {
    acc: rewardAccAt(pool, project, at, pool),
    interestFlexible: cut(new IndexDecimal(pool.interestIndexFlexible).plus(perRate.times(rates.flexible))),
    interestFixed: cut(new IndexDecimal(pool.interestIndexFixed).plus(perRate.times(rates.fixed))),
    updatedAt,
    rates: autoEarn,
  };
}

/** The interest index that applies to a position's auto-earn mode; null for spot (no interest). */
export function interestIndexFor(
  indices: { interestFlexible: string; interestFixed: string },
  status: number,
  period: number,
): string | null {
  if (period > 0) return indices.interestFixed;
  return status === 1 ? indices.interestFlexible : null;
}

/** A position's unpaid reward once brought up to the accumulator `acc` (before any payout). */
export function accruedAt(
  position: { amount: string; rewardPerTokenPaid: string; accruedReward: string },
  acc: string,
): string {
  const earned = new IndexDecimal(position.amount).times(
    new IndexDecimal(acc).minus(position.rewardPerTokenPaid),
  );
  return new IndexDecimal(position.accruedReward)
    .plus(earned)
    .toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
}

/** A position's unpaid auto-earn interest brought up to the index of its mode (unchanged in spot mode). */
export function accruedInterestAt(
  position: {
    amount: string;
    interestIndexPaid: string;
    accruedInterest: string;
    simpleEarnStatus: number;
    simpleEarnPeriod: number;
  },
  indices: { interestFlexible: string; interestFixed: string },
): string {
  const index = interestIndexFor(indices, position.simpleEarnStatus, position.simpleEarnPeriod);
  if (index === null) return position.accruedInterest;
  const earned = new IndexDecimal(position.amount).times(
    new IndexDecimal(index).minus(position.interestIndexPaid),
  );
  return new IndexDecimal(position.accruedInterest)
    .plus(earned)
    .toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
}

export function poolIndicesSet(next: PoolIndices) {
  return {
    accRewardPerToken: next.acc,
    interestIndexFlexible: next.interestFlexible,
    interestIndexFixed: next.interestFixed,
    accUpdatedAt: next.updatedAt,
    ...(next.rates && {
      interestRateFlexible: next.rates.flexible,
      interestRateFixed: next.rates.fixed,
    }),
  };
}

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
): Promise<PoolCoinRow[]> {
  const coins = await tx
    .select()
    .from(launchpoolPoolCoins)
    .where(eq(launchpoolPoolCoins.rid, pool.rid))
    .orderBy(asc(launchpoolPoolCoins.sort), asc(launchpoolPoolCoins.coin));
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
async function bringUnsettledPoolsTo(tx: Db, at: Date): Promise<{ pool: PoolRow; project: ProjectRow }[]> {
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
  for (const { pool, project } of found) {
    const next = accumulatorAt(pool, project, at, liveAutoEarnRates(pool, market));
    if (next.acc === pool.accRewardPerToken && next.updatedAt === pool.accUpdatedAt) continue;
    await advancePoolCoins(tx, pool, project, at);
    await tx.update(launchpoolPools).set(poolIndicesSet(next)).where(eq(launchpoolPools.rid, pool.rid));
  }
  return found;
}

/**
 * Pays every position of every unsettled pool what it has earned up to the hour's end, cut to 8
 * decimals: the reward (reward coin) and, for auto-earn stakes, the interest (stake coin); the
 * fractions stay on the position for the next hour. One row per (pool, user, hour) in
 * launchpool_rewards / launchpool_interest and one journal entry per (pool, hour) each: an hour cannot
 * be paid twice.
 */
export async function payHour(tx: Db, period: Period): Promise<void> {
  await bringUnsettledPoolsTo(tx, period.end);
  await payPools(tx, period);
}

/**
 * The launch-pool hour in shards, one per pool: the plan brings every unsettled pool's accumulators
 * to the hour's end; each shard pays one pool's positions and books that pool's entries (their key
 * is already per pool and hour); the close ends the projects whose end has come.
 */
export const launchPoolHour: ShardedWork = {
  async plan(tx, period) {
    const found = await bringUnsettledPoolsTo(tx, period.end);
    return found
      .filter((f) => f.project.startAt.getTime() < period.end.getTime())
      .map((f) => ({ rid: f.pool.rid }));
  },
  async book(tx, period, params) {
    await payPools(tx, period, Number(params.rid));
    return {};
  },
  async close(tx, period) {
    await settleEndedProjects(tx, period.end);
    await rateWatch().observeRates(tx, 'launchpool', period.end, { tell: false });
  },
};

/** Pays the hour of every unsettled pool, or of one (`only`), whose accumulators are at its end. */
async function payPools(tx: Db, period: Period, only?: number): Promise<void> {
  const at = period.end;
  const hourStart = period.start.toISOString();
  const unsettled = sql`SELECT pl.rid, pl.acc_reward_per_token AS acc, pl.interest_index_flexible AS flex_idx,
                               pl.interest_index_fixed AS fixed_idx, pl.interest_rate_flexible AS flex_rate,
                               pl.interest_rate_fixed AS fixed_rate
                        FROM launchpool_pools pl
                        JOIN launchpool_projects pr ON pr.pid = pl.pid
                        WHERE pr.settled_at IS NULL AND pr.start_at < ${at.toISOString()}::timestamptz
                          ${only === undefined ? sql`` : sql`AND pl.rid = ${only}`}`;
  const places = (n: number) => sql.raw(String(n));
  const entitlement = sql`round(p.accrued_reward + p.amount * (u.acc - p.reward_per_token_paid), ${places(ENTITLEMENT_PLACES)})`;
  // Spot mode has no interest index: the position keeps its snapshot and only carried interest is paid.
  const interestIndex = sql`COALESCE(CASE WHEN p.simple_earn_period > 0 THEN u.fixed_idx
                                          WHEN p.simple_earn_status = 1 THEN u.flex_idx END, p.interest_index_paid)`;
  const interestDue = sql`round(p.accrued_interest + p.amount * (${interestIndex} - p.interest_index_paid), ${places(ENTITLEMENT_PLACES)})`;
  await stageHourPaid(tx);
  const cut = (due: SQL) => sql`GREATEST(trunc(${due}, ${places(REWARD_PLACES)}), 0)`;
  // The hour's reward and interest rows, with their figures, from one scan of the positions; what they
  // pay is also staged for the hour's entries. Each level of the subquery is kept apart (OFFSET 0) so
  // that its NUMERIC figures are computed once per position: flattened, every reference to one
  // repeated its whole expression.
  await tx.execute(sql`
    WITH x AS (
      SELECT q.* FROM (
        SELECT d.*, trunc(d.ent, ${places(REWARD_PLACES)}) AS pay, trunc(d.ient, ${places(REWARD_PLACES)}) AS ipay
        FROM (
          SELECT p.user_id, p.rid, pl.pid, pr.reward_coin, pl.coin AS stake_coin, p.amount, pl.staked_total,
                 pl.reward_per_hour, u.acc - p.reward_per_token_paid AS acc_step,
                 p.accrued_reward - p.carried_reward AS earlier, p.carried_reward AS carry_in, ${entitlement} AS ent,
                 ${interestIndex} - p.interest_index_paid AS iacc_step,
                 p.accrued_interest - p.carried_interest AS iearlier, p.carried_interest AS icarry_in, ${interestDue} AS ient,
                 CASE WHEN p.simple_earn_period > 0 THEN u.fixed_rate WHEN p.simple_earn_status = 1 THEN u.flex_rate END AS rate_percent,
                 CASE WHEN p.simple_earn_period > 0 THEN 'fixed' WHEN p.simple_earn_status = 1 THEN 'flexible' END AS mode
          FROM launchpool_positions p
          JOIN (${unsettled}) u ON u.rid = p.rid
          JOIN launchpool_pools pl ON pl.rid = p.rid
          JOIN launchpool_projects pr ON pr.pid = pl.pid
          OFFSET 0
        ) d
        OFFSET 0
      ) q
      WHERE q.pay > 0 OR q.ipay > 0
    ), rewards AS (
      INSERT INTO launchpool_rewards (rid, user_id, hour_start, pid, coin, amount, created_at,
                                      stake, pool_total, reward_per_hour, acc_step, earlier, carry_in)
      SELECT rid, user_id, ${hourStart}::timestamptz, pid, reward_coin, pay, ${at.toISOString()}::timestamptz,
             amount, staked_total, reward_per_hour, acc_step, earlier, carry_in
      FROM x WHERE pay > 0
      RETURNING rid, user_id, coin, amount
    ), interest AS (
      INSERT INTO launchpool_interest (rid, user_id, hour_start, pid, coin, amount, created_at,
                                       stake, acc_step, earlier, carry_in, rate_percent, mode)
      SELECT rid, user_id, ${hourStart}::timestamptz, pid, stake_coin, ipay, ${at.toISOString()}::timestamptz,
             amount, iacc_step, iearlier, icarry_in, rate_percent, mode
      FROM x WHERE ipay > 0
      RETURNING rid, user_id, coin, amount
    )
    INSERT INTO launchpool_hour_paid (kind, rid, user_id, coin, amount)
    SELECT 'launchpool_rewards', rid, user_id, coin, amount FROM rewards
    UNION ALL SELECT 'launchpool_interest', rid, user_id, coin, amount FROM interest`);
  // Then each position brought to the hour's end from its own row (SET reads the values before the
  // update), what was paid being the positive 8-decimal cut, as above: no join of the positions with
  // themselves or with the hour's rows, whose hash, split in batches beyond work_mem, revisited every
  // page of the table once per batch. A position is touched when it holds stake, its snapshot or
  // carry moves, or it is paid.
  await tx.execute(sql`
    UPDATE launchpool_positions p SET
      accrued_reward = ${entitlement} - ${cut(entitlement)},
      carried_reward = ${entitlement} - ${cut(entitlement)},
      reward_per_token_paid = u.acc,
      total_reward = p.total_reward + ${cut(entitlement)},
      accrued_interest = ${interestDue} - ${cut(interestDue)},
      carried_interest = ${interestDue} - ${cut(interestDue)},
      interest_index_paid = ${interestIndex},
      total_interest = p.total_interest + ${cut(interestDue)},
      updated_at = ${at.toISOString()}::timestamptz
    FROM (${unsettled}) u
    WHERE u.rid = p.rid
      AND (p.amount > 0 OR p.reward_per_token_paid <> u.acc OR p.accrued_reward <> p.carried_reward
           OR p.accrued_interest <> p.carried_interest OR ${cut(entitlement)} > 0 OR ${cut(interestDue)} > 0)`);
  await payPoolCoins(tx, period, unsettled);
  await bookHour(tx, period, 'launchpool_rewards', LaunchPoolReason.reward, (rid) => rewardPoolPurpose(rid));
  await bookHour(
    tx,
    period,
    'launchpool_interest',
    LaunchPoolReason.interest,
    () => INTEREST_EXPENSE_PURPOSE,
  );
}

/**
 * The further coins of multi-mining pools, the same way as the project's token: each position's
 * entitlement in each coin from that coin's accumulator, cut to 8 decimals into launchpool_rewards
 * (one row per pool, user, hour and coin), the fraction carried on the position's coin row. A
 * position with no row for a coin gets one with snapshot 0 first (see launchpoolPositionCoins).
 */
async function payPoolCoins(tx: Db, period: Period, unsettled: SQL): Promise<void> {
  const at = period.end.toISOString();
  const hourStart = period.start.toISOString();
  const places = (n: number) => sql.raw(String(n));
  await tx.execute(sql`
    INSERT INTO launchpool_position_coins (user_id, rid, coin, reward_per_token_paid, accrued_reward, total_reward, updated_at)
    SELECT p.user_id, p.rid, c.coin, 0, 0, 0, ${at}::timestamptz
    FROM launchpool_positions p
    JOIN (${unsettled}) u ON u.rid = p.rid
    JOIN launchpool_pool_coins c ON c.rid = p.rid
    ON CONFLICT DO NOTHING`);
  const owed = sql`
    SELECT pc.user_id, pc.rid, pc.coin, p.pid, p.amount, c.acc_reward_per_token AS acc,
           round(pc.accrued_reward + p.amount * (c.acc_reward_per_token - pc.reward_per_token_paid), ${places(ENTITLEMENT_PLACES)}) AS ent,
           pl.staked_total, c.reward_per_hour, c.acc_reward_per_token - pc.reward_per_token_paid AS acc_step,
           pc.accrued_reward - pc.carried_reward AS earlier, pc.carried_reward
    FROM launchpool_position_coins pc
    JOIN (${unsettled}) u ON u.rid = pc.rid
    JOIN launchpool_pools pl ON pl.rid = pc.rid
    JOIN launchpool_positions p ON p.user_id = pc.user_id AND p.rid = pc.rid
    JOIN launchpool_pool_coins c ON c.rid = pc.rid AND c.coin = pc.coin`;
  await tx.execute(sql`
    WITH rewards AS (
      INSERT INTO launchpool_rewards (rid, user_id, hour_start, pid, coin, amount, created_at,
                                      stake, pool_total, reward_per_hour, acc_step, earlier, carry_in)
      SELECT o.rid, o.user_id, ${hourStart}::timestamptz, o.pid, o.coin, e.pay, ${at}::timestamptz,
             o.amount, o.staked_total, o.reward_per_hour, o.acc_step, o.earlier, o.carried_reward
      FROM (${owed}) o
      CROSS JOIN LATERAL (SELECT trunc(o.ent, ${places(REWARD_PLACES)}) AS pay) e
      WHERE e.pay > 0
      RETURNING rid, user_id, coin, amount
    )
    INSERT INTO launchpool_hour_paid (kind, rid, user_id, coin, amount)
    SELECT 'launchpool_rewards', rid, user_id, coin, amount FROM rewards`);
  await tx.execute(sql`
    UPDATE launchpool_position_coins t SET
      accrued_reward = x.ent - x.paid,
      carried_reward = x.ent - x.paid,
      reward_per_token_paid = x.acc,
      total_reward = t.total_reward + x.paid,
      updated_at = ${at}::timestamptz
    FROM (
      SELECT o.user_id, o.rid, o.coin, o.amount, o.acc, o.ent, COALESCE(r.amount, 0) AS paid
      FROM (${owed}) o
      LEFT JOIN launchpool_rewards r ON r.rid = o.rid AND r.user_id = o.user_id AND r.coin = o.coin
                                    AND r.hour_start = ${hourStart}::timestamptz
    ) x
    WHERE t.user_id = x.user_id AND t.rid = x.rid AND t.coin = x.coin
      AND (x.amount > 0 OR t.reward_per_token_paid <> x.acc OR x.paid > 0 OR t.accrued_reward <> t.carried_reward)`);
}

/**
 * The rows this call pays in the hour, beside their history tables: the hour's entries are booked
 * from here. Read back from the history, the hour's rows would be found through a primary key that
 * leads with the pool, among every hour of its partition (a month of hours).
 */
async function stageHourPaid(tx: Db): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS launchpool_hour_paid (
    kind text NOT NULL, rid bigint NOT NULL, user_id bigint NOT NULL, coin text NOT NULL, amount numeric NOT NULL)
    ON COMMIT DELETE ROWS`);
  await tx.execute(sql`TRUNCATE launchpool_hour_paid`);
}

/**
 * One journal entry per pool for the hour's rows of `table` (as staged in launchpool_hour_paid): each
 * user's spot against `counter`, balanced per coin (a multi-mining pool pays several coins in the one
 * entry).
 */
async function bookHour(
  tx: Db,
  period: Period,
  table: string,
  reason: string,
  counter: (rid: number) => string,
): Promise<void> {
  const paidPools = await rows<{ rid: string }>(
    tx,
    sql`SELECT DISTINCT rid FROM launchpool_hour_paid WHERE kind = ${table} ORDER BY rid`,
  );
  for (const { rid } of paidPools) {
    const hourRows = sql`SELECT user_id, coin, amount FROM launchpool_hour_paid WHERE kind = ${table} AND rid = ${Number(rid)}`;
    await postBulkEntry(tx, {
      reason,
      ref: `${rid}:${seconds(period.start)}`,
      at: period.end,
      legs: sql`SELECT user_id, coin AS asset, ${UserPurpose.spot} AS purpose, amount FROM (${hourRows}) h
                    UNION ALL
                    SELECT 0, coin, ${counter(Number(rid))}, -SUM(amount) FROM (${hourRows}) h GROUP BY coin`,
    });
  }
}

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

/**
 * Hourly: pay the hour, then end what has ended (its last hour is paid first), then look at the pools'
 * derived APRs: they move with every stake and price, and alerts on them fire at the hour.
 */
export function launchPoolJobs(): Job[] {
  return [
    {
      name: 'launchpool.hourly',
      periodSeconds: 3600,
      run: async (tx, period) => {
        await payHour(tx, period);
        await settleEndedProjects(tx, period.end);
        await rateWatch().observeRates(tx, 'launchpool', period.end, { tell: false });
      },
      sharded: launchPoolHour,
    },
  ];
}
