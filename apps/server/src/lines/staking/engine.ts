import type { SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rows, sql } from '../../infra/db/client';
import type { Job, Period } from '../../infra/jobs/scheduler';
import { shardedWork } from '../../kernel/jobs';
import { notices } from '../../kernel/notices';
import { UserPurpose } from '../../ledger/accounts';
import { floorDiv18, postBulkTransfer } from '../../ledger/bulk';
import { StakingReason, StakingSystemPurpose } from './model';

const DAY_SECONDS = 86_400;
const YEAR_SECONDS = 365 * DAY_SECONDS;

const iso = (d: Date) => d.toISOString();

/**
 * The terms every position earns on: a product's own (protocol 0) and each protocol's. Set-based, so
 * one daily pass costs a few statements whatever the number of positions.
 */
const terms = sql`(
  SELECT id AS product_id, 0 AS protocol_id, rate, reward_coin, reward_delay_days FROM staking_products
  UNION ALL
  SELECT product_id, id AS protocol_id, rate, reward_coin, reward_delay_days FROM staking_protocols
)`;

/** One shard of a day: a product's positions, or those of a range of its users' ids. */
type DayShard = {
  product: number;
  lo: number | null;
  hi: number | null;
};

/** Coins staked for the whole UTC day: lots whose accrual began by the day's start. */
const eligible = (day: Period, shard?: DayShard) => sql`(
  SELECT user_id, product_id, protocol_id, SUM(amount) AS amount FROM staking_lots
  WHERE amount > 0 AND accrual_start <= ${iso(day.start)}::timestamptz ${shardFilter(shard)}
  GROUP BY user_id, product_id, protocol_id
)`;

function shardFilter(shard: DayShard | undefined, alias = ''): SQL {
  if (!shard) return sql``;
  const col = (c: string) => sql.raw(alias ? `${alias}.${c}` : c);
  return sql`AND ${col('product_id')} = ${shard.product}${
    shard.lo === null || shard.hi === null
      ? sql``
      : sql` AND ${col('user_id')} >= ${shard.lo} AND ${col('user_id')} < ${shard.hi}`
  }`;
}

/**
 * One UTC day of staking rewards: the base rate (percent a year, 365-day year) on each position's
 * eligible coins, plus each extra-interest campaign's money tiers for the seconds of the day it was
 * processing. Amounts are the carried fraction plus the day's gross, rounded down to 8 decimals; the
 * rest is carried. Rewards of products with a positive reward delay go to spot at the day's end (the
 * first of them at the UTC start of the day after reward_delay_days); the others wait on the position
 * and are paid at redeem.
 */
export async function runRewardDay(tx: Db, day: Period): Promise<void> {
  await rewardShard(tx, day);
  await recordRatePoints(tx, day);
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
        shards.push({ product: f.product_id, lo: null, hi: null });
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

async function rewardShard(tx: Db, day: Period, shard?: DayShard): Promise<void> {
  const mine = shardFilter(shard);
  const dayStart = sql`${iso(day.start)}::timestamptz`;
  const dayEnd = sql`${iso(day.end)}::timestamptz`;

  // The gross is kept apart (OFFSET 0) so that its division is computed once per row, not once per
  // reference; the conflict target names the one unique key a day's row can meet (the primary key's
  // id is drawn from a sequence), so each row probes one index for a conflict, not two.
  await tx.execute(sql`
    INSERT INTO staking_rewards (user_id, product_id, protocol_id, day, source, coin, eligible, gross, amount, carry, paid, paid_at, created_at)
    SELECT e.user_id, e.product_id, e.protocol_id, ${dayStart}, 'base', t.reward_coin, e.amount, g.gross,
           trunc(COALESCE(c.carry, 0) + g.gross, 8),
           COALESCE(c.carry, 0) + g.gross - trunc(COALESCE(c.carry, 0) + g.gross, 8),
           t.reward_delay_days > 0,
           CASE WHEN t.reward_delay_days > 0 THEN ${dayEnd} END,
           ${dayEnd}
    FROM ${eligible(day, shard)} e
    JOIN ${terms} t ON t.product_id = e.product_id AND t.protocol_id = e.protocol_id
    CROSS JOIN LATERAL (SELECT ${floorDiv18(sql`e.amount * t.rate`, sql`36500`)} AS gross OFFSET 0) g
    LEFT JOIN staking_carries c
      ON c.user_id = e.user_id AND c.product_id = e.product_id AND c.protocol_id = e.protocol_id
     AND c.source = 'base' AND c.coin = t.reward_coin
    WHERE t.rate > 0
    ON CONFLICT (user_id, product_id, protocol_id, day, source) DO NOTHING`);

  await tx.execute(sql`
    INSERT INTO staking_rewards (user_id, product_id, protocol_id, day, source, coin, eligible, gross, amount, carry, paid, paid_at, created_at)
    SELECT e.user_id, e.product_id, e.protocol_id, ${dayStart}, 'campaign:' || k.id, k.reward_coin, e.amount, g.gross,
           trunc(COALESCE(c.carry, 0) + g.gross, 8),
           COALESCE(c.carry, 0) + g.gross - trunc(COALESCE(c.carry, 0) + g.gross, 8),
           true, ${dayEnd}, ${dayEnd}
    FROM ${eligible(day, shard)} e
    JOIN staking_campaigns k
      ON k.product_id = e.product_id AND (k.protocol_id = 0 OR k.protocol_id = e.protocol_id)
     AND k.start_at < ${dayEnd} AND k.end_at > ${dayStart}
    CROSS JOIN LATERAL (
      SELECT EXTRACT(EPOCH FROM (LEAST(${dayEnd}, k.end_at) - GREATEST(${dayStart}, k.start_at)))::numeric AS secs
    ) o
    CROSS JOIN LATERAL (
      SELECT COALESCE(SUM(
        GREATEST(0, LEAST(e.amount, CASE WHEN (t->>'money_max')::numeric = -1 THEN e.amount ELSE (t->>'money_max')::numeric END)
                    - (t->>'money_min')::numeric) * (t->>'money_rate')::numeric
      ), 0) AS per_year
      FROM jsonb_array_elements(k.tiers) t
    ) y
    CROSS JOIN LATERAL (SELECT ${floorDiv18(sql`y.per_year * o.secs`, sql`${YEAR_SECONDS}`)} AS gross OFFSET 0) g
    LEFT JOIN staking_carries c
      ON c.user_id = e.user_id AND c.product_id = e.product_id AND c.protocol_id = e.protocol_id
     AND c.source = 'campaign:' || k.id AND c.coin = k.reward_coin
    WHERE o.secs > 0 AND y.per_year > 0
    ON CONFLICT (user_id, product_id, protocol_id, day, source) DO NOTHING`);

  await tx.execute(sql`
    INSERT INTO staking_carries (user_id, product_id, protocol_id, source, coin, carry)
    SELECT user_id, product_id, protocol_id, source, coin, carry FROM staking_rewards WHERE day = ${dayStart} ${mine}
    ON CONFLICT (user_id, product_id, protocol_id, source) DO UPDATE SET coin = excluded.coin, carry = excluded.carry`);

  await postBulkTransfer(tx, {
    reason: StakingReason.dailyReward,
    ref: shard
      ? `day:${iso(day.start)}:${shard.product}${shard.lo === null ? '' : `:${shard.lo}`}`
      : `day:${iso(day.start)}`,
    at: day.end,
    source: sql`SELECT user_id, coin AS asset, amount FROM staking_rewards WHERE day = ${dayStart} AND paid ${mine}`,
    from: { kind: 'system', purpose: StakingSystemPurpose.rewards },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });

  await tx.execute(sql`
    UPDATE staking_positions p SET accrued_reward = p.accrued_reward + r.total
    FROM (
      SELECT user_id, product_id, protocol_id, SUM(amount) AS total FROM staking_rewards
      WHERE day = ${dayStart} AND NOT paid ${mine} GROUP BY user_id, product_id, protocol_id
    ) r
    WHERE p.user_id = r.user_id AND p.product_id = r.product_id AND p.protocol_id = r.protocol_id`);
}

/**
 * The day's APR point of every product (or of one) and its protocols, for the trend lines. Written at
 * the day's end by the reward job, and for the current day whenever the operator edits a product, so
 * a change shows at once; the day's last write stands.
 */
export async function recordRatePoints(tx: Db, day: Period, productId?: number): Promise<void> {
  const dayStart = sql`${iso(day.start)}::timestamptz`;
  const dayEnd = sql`${iso(day.end)}::timestamptz`;
  const only = productId === undefined ? sql`true` : sql`t.product_id = ${productId}`;
  await tx.execute(sql`
    INSERT INTO staking_rate_points (product_id, protocol_id, day, rate, base_rate, extra_rate, extra_coin, reward_coin)
    SELECT t.product_id, t.protocol_id, ${dayStart}, t.rate + COALESCE(x.extra, 0), t.rate, COALESCE(x.extra, 0),
           COALESCE(x.coins, ''), t.reward_coin
    FROM ${terms} t
    JOIN staking_products sp ON sp.id = t.product_id AND sp.created_at < ${dayEnd}
    LEFT JOIN LATERAL (
      SELECT SUM(k.max_interest * 100) AS extra, string_agg(DISTINCT k.reward_coin, ',') AS coins
      FROM staking_campaigns k
      WHERE k.product_id = t.product_id AND (k.protocol_id = 0 OR k.protocol_id = t.protocol_id)
        AND k.start_at < ${dayEnd} AND k.end_at > ${dayStart}
    ) x ON true
    WHERE ${only} AND (t.protocol_id <> 0 OR NOT EXISTS (SELECT 1 FROM staking_protocols p WHERE p.product_id = t.product_id))
    ON CONFLICT (product_id, protocol_id, day) DO UPDATE
      SET rate = excluded.rate, base_rate = excluded.base_rate, extra_rate = excluded.extra_rate,
          extra_coin = excluded.extra_coin, reward_coin = excluded.reward_coin`);
}

/** Today's point of one product, after the operator changed it. */
export function recordTodayPoint(tx: Db, productId: number, now: Date): Promise<void> {
  const start = new Date(Math.floor(now.getTime() / (DAY_SECONDS * 1000)) * DAY_SECONDS * 1000);
  return recordRatePoints(tx, { start, end: new Date(start.getTime() + DAY_SECONDS * 1000) }, productId);
}

/** What a redemption pays on arrival: its payout coin and amount, or its own coin and `received`. */
const ARRIVING = sql`COALESCE(payout_coin, coin) AS asset, COALESCE(payout_amount, received) AS amount`;

/**
 * Credits every redemption whose arrival time has come by `now`, at `now`: they move from
 * 'staking_redeeming' to spot as one entry. Idempotent by the rows' own state: only pending rows are
 * taken, locked (SKIP LOCKED, so two instances split the work instead of waiting), marked arrived and
 * booked under the key of the batch's first row, which no other batch can hold. Answers how many arrived.
 */
export async function settleArrivals(tx: Db, now: Date): Promise<number> {
  const at = sql`${iso(now)}::timestamptz`;
  const taken = await rows<{ settled_by: string }>(
    tx,
    sql`WITH due AS (
          SELECT id FROM staking_redemptions
          WHERE status = 'pending' AND arrive_at <= ${at}
          ORDER BY id
          FOR UPDATE SKIP LOCKED
        ), batch AS (SELECT 'arrival:' || MIN(id) AS key FROM due)
        UPDATE staking_redemptions r
        SET status = 'arrived', arrived_at = ${at}, settled_by = batch.key
        FROM due, batch
        WHERE r.id = due.id AND r.status = 'pending'
        RETURNING r.settled_by`,
  );
  const batch = taken[0]?.settled_by;
  if (!batch) return 0;
  await postBulkTransfer(tx, {
    reason: StakingReason.arrival,
    ref: batch,
    at: now,
    source: sql`SELECT user_id, ${ARRIVING} FROM staking_redemptions WHERE settled_by = ${batch}`,
    from: { kind: 'user', purpose: UserPurpose.stakingRedeeming },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });
  await notices().notifyMany(
    tx,
    'redemption_arrived',
    sql`SELECT user_id, 'staking:' || id AS cause, jsonb_build_object('line', 'staking',
        'asset', COALESCE(payout_coin, coin), 'amount', COALESCE(payout_amount, received)::text, 'dest', 'spot') AS params
      FROM staking_redemptions WHERE settled_by = ${batch}`,
    now,
  );
  return taken.length;
}

/** The earliest arrival still to credit, for the scheduler (a test clock stops there). */
export async function nextArrival(db: Db): Promise<Date | undefined> {
  const [row] = await rows<{ at: string | null }>(
    db,
    sql`SELECT to_char(MIN(arrive_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
        FROM staking_redemptions WHERE status = 'pending'`,
  );
  return row?.at ? new Date(row.at) : undefined;
}

export function stakingJobs(): Job[] {
  return [
    {
      name: 'staking.rewards',
      periodSeconds: DAY_SECONDS,
      run: (tx, period) => runRewardDay(tx, period),
      sharded: stakingDay,
    },
    {
      // Arrivals land at their exact time through `due` (every scheduler pass, and every arrival a test
      // clock passes). The hourly period is a sweep of the same state-based work, a safety net.
      name: 'staking.arrivals',
      periodSeconds: 3600,
      run: async (tx, period) => {
        await settleArrivals(tx, period.end);
      },
      due: { next: nextArrival, run: settleArrivals },
    },
  ];
}
