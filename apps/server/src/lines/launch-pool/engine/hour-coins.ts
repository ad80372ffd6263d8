import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkEntry } from '../../../ledger/bulk';
import { ENTITLEMENT_PLACES, REWARD_PLACES } from '../model';
import { seconds } from './indices';

/**
 * The further coins of multi-mining pools, the same way as the project's token: each position's
 * entitlement in each coin from that coin's accumulator, cut to 8 decimals into launchpool_rewards
 * (one row per pool, user, hour and coin), the fraction carried on the position's coin row. A
 * position with no row for a coin gets one with snapshot 0 first (see launchpoolPositionCoins).
 */
export async function payPoolCoins(tx: Db, period: Period, unsettled: SQL): Promise<void> {
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
export async function stageHourPaid(tx: Db): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS launchpool_hour_paid (
    kind text NOT NULL, rid bigint NOT NULL, user_id bigint NOT NULL, coin text NOT NULL, amount numeric NOT NULL)
    ON COMMIT DELETE ROWS`);
  // Rows only when an earlier hour of this transaction staged them (a stop of a clock advance, at most
  // a shard's worth): a DELETE of those, not a TRUNCATE, which gives the table a new file every hour.
  await tx.execute(sql`DELETE FROM launchpool_hour_paid`);
}

/**
 * One journal entry per pool for the hour's rows of `table` (as staged in launchpool_hour_paid): each
 * user's spot against `counter`, balanced per coin (a multi-mining pool pays several coins in the one
 * entry).
 */
export async function bookHour(
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
      // A refused entry fails the hour, whose transaction is then abandoned whole.
      savepoint: false,
      legs: sql`SELECT user_id, coin AS asset, ${UserPurpose.spot} AS purpose, amount FROM (${hourRows}) h
                    UNION ALL
                    SELECT 0, coin, ${counter(Number(rid))}, -SUM(amount) FROM (${hourRows}) h GROUP BY coin`,
    });
  }
}
