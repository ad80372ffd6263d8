import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../infra/db/client';
import type { Period, ShardedWork } from '../../../infra/jobs/scheduler';
import { rateWatch } from '../../../kernel/notices';
import { ENTITLEMENT_PLACES, REWARD_PLACES } from '../model';
import { bringUnsettledPoolsTo } from './advance';
import { bookHourEntries } from './hour-book';
import { payPoolCoins, stageHourPaid } from './hour-coins';
import { settleEndedProjects } from './settle';

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
 * is already per pool and hour); the close ends the projects whose end has come. An hour whose pools
 * hold no more than a shard's positions together is one shard paying every pool at once (rid null),
 * as `payHour` does: the same rows and entries in a few statements instead of a few per pool.
 */
export const launchPoolHour: ShardedWork = {
  async plan(tx, period, shardRows) {
    const found = await bringUnsettledPoolsTo(tx, period.end);
    const rids = found
      .filter((f) => f.project.startAt.getTime() < period.end.getTime())
      .map((f) => f.pool.rid);
    if (rids.length === 0) return [];
    if (shardRows <= 0) return [{ rid: null }];
    const counted = await rows<{ rid: string; n: number }>(
      tx,
      sql`SELECT rid::text AS rid, COUNT(*)::int AS n FROM launchpool_positions
          WHERE rid IN (${sql.join(
            rids.map((rid) => sql`${rid}`),
            sql`, `,
          )}) GROUP BY rid`,
    );
    const per = new Map(counted.map((c) => [Number(c.rid), c.n]));
    const total = counted.reduce((a, c) => a + c.n, 0);
    if (total <= shardRows) return [{ rid: null, rows: total }];
    return rids.map((rid) => ({ rid, rows: per.get(rid) ?? 0 }));
  },
  async book(tx, period, params) {
    await payPools(tx, period, params.rid === null ? undefined : Number(params.rid));
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
  await bookHourEntries(tx, period);
}
