import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../../infra/db/client';
import { type Period, runWhole } from '../../../infra/jobs/scheduler';
import { shardedWork } from '../../../kernel/jobs';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkTransfer } from '../../../ledger/bulk';
import { currentBalances, eligibleAmount } from '../eligible';
import { SOFT_STAKING_REWARDS, SoftStakingReason } from './reasons';

const iso = (d: Date) => d.toISOString();

/** One shard of a day: the switched-on users of a range of ids (an open end: every id that way). */
type DayShard = {
  part: number | null;
  lo: string | null;
  hi: string | null;
};

function userRange(shard: DayShard, column: string): SQL {
  const col = sql.raw(column);
  return sql`${shard.lo === null ? sql`` : sql` AND ${col} >= ${shard.lo}::bigint`}${
    shard.hi === null ? sql`` : sql` AND ${col} < ${shard.hi}::bigint`
  }`;
}

const WHOLE_DAY: DayShard = { part: null, lo: null, hi: null };

/**
 * One UTC day of soft staking, run at its end. A user switched on for the whole day earns on the lower
 * of the day's opening snapshot and the closing balance (so coins parked for a moment earn nothing),
 * counted from min_amount and capped at max_amount, at the coin's rate (percent, 365-day year).
 * Payouts are 8 decimals down with the rest carried, paid into spot from 'soft_staking_rewards'; then
 * the closing snapshot (payout included) opens the next day.
 */
export async function runSoftStakingDay(tx: Db, day: Period): Promise<void> {
  await runWhole(tx, softStakingDay, day);
}

/**
 * The soft-staking day in shards: ranges of user ids of about `shardRows` opening snapshots, the first
 * and last open-ended so that a user switched on after the plan still gets a closing snapshot. Each
 * shard pays its users, books its own entry and takes their closing snapshot; everything a user's day
 * reads is that user's own, so the ranges are independent. The close drops snapshots past a month.
 */
export const softStakingDay = shardedWork<DayShard>({
  async plan(tx, day, shardRows) {
    if (shardRows <= 0) return [{ ...WHOLE_DAY }];
    const [found] = await rows<{ n: string; lo: string | null; hi: string | null }>(
      tx,
      sql`SELECT (SELECT COUNT(*) FROM soft_staking_snapshots WHERE at = ${iso(day.start)}::timestamptz)::text AS n,
            MIN(user_id)::text AS lo, MAX(user_id)::text AS hi FROM soft_staking_users WHERE enabled`,
    );
    const n = Number(found?.n ?? '0');
    if (n <= shardRows || !found?.lo || !found.hi) return [{ ...WHOLE_DAY }];
    const lo = BigInt(found.lo);
    const span = BigInt(found.hi) - lo + 1n;
    const parts = BigInt(Math.ceil(n / shardRows));
    const width = (span + parts - 1n) / parts;
    const shards: DayShard[] = [];
    for (let i = 0n; i < parts; i++)
      shards.push({
        part: Number(i),
        lo: i === 0n ? null : String(lo + i * width),
        hi: i === parts - 1n ? null : String(lo + (i + 1n) * width),
      });
    return shards;
  },
  async book(tx, day, params) {
    return { ...(await payShard(tx, day, params)) };
  },
  async close(tx, day, shards) {
    // A day booked whole dropped them with its closing snapshots (payShard).
    if (shards.length === 1 && shards[0]?.params.part === null) return;
    await tx.execute(dropOldSnapshots(day));
  },
});

/** Only the opening snapshot of the next day is read again; older ones go after a month of audit. */
const dropOldSnapshots = (day: Period) =>
  sql`DELETE FROM soft_staking_snapshots WHERE at < ${iso(day.start)}::timestamptz - interval '31 days'`;

/**
 * Pays one range of users their day and takes their closing snapshot; answers what it paid. Two
 * statements besides the entry: the payouts with their carries (from the rows inserted), then, after
 * the entry, the closing snapshots (payout included; a whole day also drops the old snapshots).
 */
async function payShard(tx: Db, day: Period, shard: DayShard): Promise<{ payouts: number; paid: string }> {
  const dayStart = sql`${iso(day.start)}::timestamptz`;
  const dayEnd = sql`${iso(day.end)}::timestamptz`;
  // The balances are materialized: planned alone, the payout's join is a few relations, not eight (a
  // statement run once a day is mostly its planning).
  const [paid] = await rows<{ payouts: number; paying: number; paid: string }>(
    tx,
    sql`WITH cur AS MATERIALIZED (
      SELECT * FROM ${currentBalances} b WHERE true${userRange(shard, 'b.user_id')}
    ), ins AS (
    INSERT INTO soft_staking_payouts (day, user_id, coin, eligible, rate, gross, amount, carry, created_at)
    SELECT ${dayStart}, e.user_id, e.coin, e.eligible, e.rate, g.gross,
           earn_paid(COALESCE(c.carry, 0), g.gross),
           COALESCE(c.carry, 0) + g.gross - earn_paid(COALESCE(c.carry, 0), g.gross),
           ${dayEnd}
    FROM (
      SELECT s.user_id, s.coin, k.rate,
             ${eligibleAmount} AS eligible
      FROM soft_staking_snapshots s
      JOIN soft_staking_users u ON u.user_id = s.user_id AND u.enabled AND u.enabled_at <= ${dayStart}
      JOIN soft_staking_coins k ON k.coin = s.coin AND k.status = 'online'
      JOIN cur ON cur.user_id = s.user_id AND cur.coin = s.coin
      WHERE s.at = ${dayStart}${userRange(shard, 's.user_id')}
    ) e
    CROSS JOIN LATERAL (SELECT earn_day_reward(e.eligible, e.rate) AS gross) g
    LEFT JOIN soft_staking_carries c ON c.user_id = e.user_id AND c.coin = e.coin
    WHERE e.eligible > 0 AND e.rate > 0
    ON CONFLICT DO NOTHING
    RETURNING user_id, coin, amount, carry
    ), carried AS (
      INSERT INTO soft_staking_carries (user_id, coin, carry) SELECT user_id, coin, carry FROM ins
      ON CONFLICT (user_id, coin) DO UPDATE SET carry = excluded.carry
    ) SELECT COUNT(*)::int AS payouts, COUNT(*) FILTER (WHERE amount > 0)::int AS paying,
        COALESCE(SUM(amount), 0)::text AS paid FROM ins`,
  );

  // Nothing to pay (no payout, or every one below the 8th decimal): no entry. Without a savepoint: a
  // refused entry fails the day, whose transaction is then abandoned whole.
  if (paid?.paying)
    await postBulkTransfer(tx, {
      reason: SoftStakingReason.payout,
      ref: shard.part === null ? `day:${iso(day.start)}` : `day:${iso(day.start)}:${shard.part}`,
      at: day.end,
      source: sql`SELECT user_id, coin AS asset, amount FROM soft_staking_payouts WHERE day = ${dayStart}${userRange(shard, 'user_id')}`,
      from: { kind: 'system', purpose: SOFT_STAKING_REWARDS },
      to: { kind: 'user', purpose: UserPurpose.spot },
      savepoint: false,
    });

  const whole = shard.part === null;
  await tx.execute(sql`${whole ? sql`WITH dropped AS (${dropOldSnapshots(day)}) ` : sql``}
    INSERT INTO soft_staking_snapshots (at, user_id, coin, balance)
    SELECT ${dayEnd}, user_id, coin, balance FROM ${currentBalances} cur WHERE balance > 0${userRange(shard, 'user_id')}
    ON CONFLICT DO NOTHING`);
  return { payouts: paid?.payouts ?? 0, paid: paid?.paid ?? '0' };
}
