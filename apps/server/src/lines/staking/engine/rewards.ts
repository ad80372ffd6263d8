import type { Db } from '../../../infra/db/client';
import { rows, sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { shardedWork } from '../../../kernel/jobs';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkTransfer } from '../../../ledger/bulk';
import { StakingReason, StakingSystemPurpose } from '../model';
import { type DayShard, eligible, iso, shardFilter, terms } from './day-terms';
import { ratePointsInsert, recordRatePoints } from './rate-points';

/**
 * One UTC day of staking rewards: the base rate (percent a year, 365-day year) on each position's
 * eligible coins, plus each extra-interest campaign's money tiers for the seconds of the day it was
 * processing. Amounts are the carried fraction plus the day's gross, rounded down to 8 decimals; the
 * rest is carried. Rewards of products with a positive reward delay go to spot at the day's end (the
 * first of them at the UTC start of the day after reward_delay_days); the others wait on the position
 * and are paid at redeem.
 */
export async function runRewardDay(tx: Db, day: Period): Promise<void> {
  await rewardShard(tx, day, undefined, true);
}

/**
 * The staking day in shards: one per product with eligible coins, split into ranges of user ids of
 * about `shardRows` positions; each shard books its rows, carries, payment entry and held rewards;
 * the close writes the day's rate points.
 */
export const stakingDay = shardedWork<DayShard>({
  async plan(tx, day, shardRows) {
    const found = await rows<{ product_id: number; n: string; lo: string; hi: string }>(
      tx,
      sql`SELECT product_id, COUNT(DISTINCT user_id)::text AS n, MIN(user_id)::text AS lo, MAX(user_id)::text AS hi
          FROM staking_lots WHERE amount > 0 AND accrual_start <= ${iso(day.start)}::timestamptz
          GROUP BY product_id ORDER BY product_id`,
    );
    const shards: DayShard[] = [];
    for (const f of found) {
      const n = Number(f.n);
      if (shardRows <= 0 || n <= shardRows) {
        shards.push({ product: f.product_id, lo: null, hi: null, rows: n });
        continue;
      }
      const lo = Number(f.lo);
      const span = Number(f.hi) - lo + 1;
      const parts = Math.ceil(n / shardRows);
      const width = Math.ceil(span / parts);
      for (let i = 0; i < parts; i++)
        shards.push({
          product: f.product_id,
          lo: lo + i * width,
          hi: i === parts - 1 ? lo + span : lo + (i + 1) * width,
          rows: Math.ceil(n / parts),
        });
    }
    return shards;
  },
  async book(tx, day, params) {
    await rewardShard(tx, day, params);
    return {};
  },
  async close(tx, day) {
    await recordRatePoints(tx, day);
  },
});

/**
 * One shard's rewards (the whole day without one) in one statement: the base rate's and the
 * campaigns' rows, each one's carry and the held rewards added to their positions, taken from the
 * rows it inserted (a row already there is neither carried nor held again); with `points`, the day's
 * rate points too. Then the paid rows' entry, unless none pays anything.
 */
async function rewardShard(tx: Db, day: Period, shard?: DayShard, points = false): Promise<void> {
  const mine = shardFilter(shard);
  const dayStart = sql`${iso(day.start)}::timestamptz`;
  const dayEnd = sql`${iso(day.end)}::timestamptz`;

  // The gross is kept apart (OFFSET 0) so that its division is computed once per row, not once per
  // reference; the conflict target names the one unique key a day's row can meet (the primary key's
  // id is drawn from a sequence), so each row probes one index for a conflict, not two. The parts are
  // materialized: each is planned alone, a few relations at a time (a statement run once a day is
  // mostly its planning).
  const [booked] = await rows<{ paying: number }>(
    tx,
    sql`WITH e AS MATERIALIZED ${eligible(day, shard)},
    r AS MATERIALIZED (
      SELECT e.user_id, e.product_id, e.protocol_id, 'base' AS source, t.reward_coin AS coin, e.amount, g.gross,
             t.reward_delay_days > 0 AS paid
      FROM e
      JOIN ${terms} t ON t.product_id = e.product_id AND t.protocol_id = e.protocol_id
      CROSS JOIN LATERAL (SELECT earn_day_reward(e.amount, t.rate) AS gross OFFSET 0) g
      WHERE t.rate > 0
      UNION ALL
      SELECT e.user_id, e.product_id, e.protocol_id, 'campaign:' || k.id, k.reward_coin, e.amount, g.gross, true
      FROM e
      JOIN staking_campaigns k
        ON k.product_id = e.product_id AND (k.protocol_id = 0 OR k.protocol_id = e.protocol_id)
       AND k.start_at < ${dayEnd} AND k.end_at > ${dayStart}
      CROSS JOIN LATERAL (
        SELECT EXTRACT(EPOCH FROM (LEAST(${dayEnd}, k.end_at) - GREATEST(${dayStart}, k.start_at)))::numeric AS secs
      ) o
      CROSS JOIN LATERAL (
        SELECT COALESCE(SUM(earn_tier_yearly(e.amount, (t->>'money_min')::numeric,
          NULLIF((t->>'money_max')::numeric, -1), (t->>'money_rate')::numeric)), 0) AS per_year
        FROM jsonb_array_elements(k.tiers) t
      ) y
      CROSS JOIN LATERAL (SELECT earn_campaign_reward(y.per_year, o.secs) AS gross OFFSET 0) g
      WHERE o.secs > 0 AND y.per_year > 0
    ), ins AS (
      INSERT INTO staking_rewards (user_id, product_id, protocol_id, day, source, coin, eligible, gross, amount, carry, paid, paid_at, created_at)
      SELECT r.user_id, r.product_id, r.protocol_id, ${dayStart}, r.source, r.coin, r.amount, r.gross,
             earn_paid(COALESCE(c.carry, 0), r.gross),
             COALESCE(c.carry, 0) + r.gross - earn_paid(COALESCE(c.carry, 0), r.gross),
             r.paid, CASE WHEN r.paid THEN ${dayEnd} END, ${dayEnd}
      FROM r
      LEFT JOIN staking_carries c
        ON c.user_id = r.user_id AND c.product_id = r.product_id AND c.protocol_id = r.protocol_id
       AND c.source = r.source AND c.coin = r.coin
      ON CONFLICT (user_id, product_id, protocol_id, day, source) DO NOTHING
      RETURNING user_id, product_id, protocol_id, source, coin, amount, carry, paid
    ), carried AS (
      INSERT INTO staking_carries (user_id, product_id, protocol_id, source, coin, carry)
      SELECT user_id, product_id, protocol_id, source, coin, carry FROM ins
      ON CONFLICT (user_id, product_id, protocol_id, source) DO UPDATE SET coin = excluded.coin, carry = excluded.carry
    ), held AS (
      UPDATE staking_positions p SET accrued_reward = p.accrued_reward + h.total
      FROM (
        SELECT user_id, product_id, protocol_id, SUM(amount) AS total FROM ins
        WHERE NOT paid GROUP BY user_id, product_id, protocol_id
      ) h
      WHERE p.user_id = h.user_id AND p.product_id = h.product_id AND p.protocol_id = h.protocol_id
    )${points ? sql`, points AS (${ratePointsInsert(day)})` : sql``}
    SELECT COUNT(*) FILTER (WHERE paid AND amount > 0)::int AS paying FROM ins`,
  );

  // Nothing paid today (no position, or every reward held or below the 8th decimal): no entry.
  if (!booked?.paying) return;
  // Without a savepoint: a refused entry fails the day, whose transaction is then abandoned whole.
  await postBulkTransfer(tx, {
    reason: StakingReason.dailyReward,
    ref: shard
      ? `day:${iso(day.start)}:${shard.product}${shard.lo === null ? '' : `:${shard.lo}`}`
      : `day:${iso(day.start)}`,
    at: day.end,
    source: sql`SELECT user_id, coin AS asset, amount FROM staking_rewards WHERE day = ${dayStart} AND paid ${mine}`,
    from: { kind: 'system', purpose: StakingSystemPurpose.rewards },
    to: { kind: 'user', purpose: UserPurpose.spot },
    savepoint: false,
  });
}
