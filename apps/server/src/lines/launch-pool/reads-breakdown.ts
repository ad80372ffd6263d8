import { launchpoolHourBreakdown, launchpoolInterestBreakdown } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import {
  type BreakdownQuery,
  HOUR_SECONDS,
  type PayoutBreakdown,
  payoutBreakdown,
  requireAsked,
} from '../../kernel/breakdown';
import { errors } from '../../kernel/errors';

/**
 * A launch-pool hour's reward in one coin, `hourStart` as the reward history shows it: the figures the
 * statement that booked the hour wrote beside the amount (stake, pool total, reward per hour, the
 * accumulator's step, what was earned earlier in the hour and the fraction carried in).
 */
export async function launchpoolHourBreakdownOf(
  db: Db,
  userId: number,
  rid: number,
  hourStart: Date,
  coin: string,
): Promise<PayoutBreakdown> {
  const [row] = await rows<{
    amount: string;
    stake: string | null;
    pool_total: string;
    reward_per_hour: string;
    acc_step: string;
    earlier: string;
    carry_in: string;
    stake_coin: string;
  }>(
    db,
    sql`SELECT r.amount::text AS amount, r.stake::text AS stake, r.pool_total::text AS pool_total,
               r.reward_per_hour::text AS reward_per_hour, r.acc_step::text AS acc_step,
               r.earlier::text AS earlier, r.carry_in::text AS carry_in, pl.coin AS stake_coin
          FROM launchpool_rewards r JOIN launchpool_pools pl ON pl.rid = r.rid
         WHERE r.user_id = ${userId} AND r.rid = ${rid} AND r.coin = ${coin.toUpperCase()}
           AND r.hour_start = ${hourStart.toISOString()}::timestamptz`,
  );
  if (!row) throw errors.notFound('launch-pool reward of that hour');
  if (row.stake === null) throw errors.notFound("this hour's figures (paid before they were recorded)");
  const b = launchpoolHourBreakdown({
    stake: row.stake,
    poolTotal: row.pool_total,
    rewardPerHour: row.reward_per_hour,
    accStep: row.acc_step,
    earlier: row.earlier,
    carryIn: row.carry_in,
  });
  const reward = coin.toUpperCase();
  return payoutBreakdown(
    {
      kind: 'launchpool_hour',
      coin: reward,
      principalCoin: row.stake_coin,
      start: hourStart,
      seconds: HOUR_SECONDS,
      recorded: row.amount,
    },
    // A pool pays by share, not by a rate.
    { ...b, eligible: b.stake, ratePercent: null },
    {
      pool: {
        poolTotal: b.poolTotal,
        rewardPerHour: b.rewardPerHour,
        sharePercent: b.sharePercent,
        accStep: b.accStep,
        earlier: b.earlier,
        stakeReward: b.stakeReward,
        steady: b.steady,
      },
    },
  );
}

/**
 * A launch-pool hour's auto-earn interest, `hourStart` as the interest history shows it: the figures
 * the statement that booked the hour wrote beside the amount (null before migration 0037: 404).
 */
export async function launchpoolInterestHourBreakdown(
  db: Db,
  userId: number,
  rid: number,
  hourStart: Date,
): Promise<PayoutBreakdown> {
  const [row] = await rows<{
    coin: string;
    amount: string;
    stake: string | null;
    acc_step: string | null;
    earlier: string | null;
    carry_in: string | null;
    rate_percent: string | null;
    mode: string | null;
  }>(
    db,
    sql`SELECT coin, amount::text AS amount, stake::text AS stake, acc_step::text AS acc_step, earlier::text AS earlier,
               carry_in::text AS carry_in, rate_percent::text AS rate_percent, mode
          FROM launchpool_interest
         WHERE user_id = ${userId} AND rid = ${rid} AND hour_start = ${hourStart.toISOString()}::timestamptz`,
  );
  if (!row) throw errors.notFound('launch-pool interest of that hour');
  if (
    row.stake === null ||
    row.acc_step === null ||
    row.earlier === null ||
    row.carry_in === null ||
    row.rate_percent === null ||
    row.mode === null
  )
    throw errors.notFound("this hour's figures (paid before they were recorded)");
  const b = launchpoolInterestBreakdown({
    stake: row.stake,
    ratePercent: row.rate_percent,
    accStep: row.acc_step,
    earlier: row.earlier,
    carryIn: row.carry_in,
  });
  return payoutBreakdown(
    {
      kind: 'launchpool_interest_hour',
      coin: row.coin,
      principalCoin: row.coin,
      start: hourStart,
      seconds: HOUR_SECONDS,
      recorded: row.amount,
    },
    { ...b, eligible: b.stake },
    {
      interest: {
        mode: row.mode,
        accStep: b.accStep,
        earlier: b.earlier,
        stakeInterest: b.stakeInterest,
        steady: b.steady,
      },
    },
  );
}

/** launchpool_hour: pool `rid`, reward `coin`, `hour` the hour's start. */
export function launchpoolHourRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  requireAsked(q, ['rid', 'coin', 'hour']);
  return launchpoolHourBreakdownOf(db, q.userId, q.rid, new Date(q.hour * 1000), q.coin);
}

/** launchpool_interest_hour: pool `rid`, `hour` the hour's start. */
export function launchpoolInterestHourRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  requireAsked(q, ['rid', 'hour']);
  return launchpoolInterestHourBreakdown(db, q.userId, q.rid, new Date(q.hour * 1000));
}
