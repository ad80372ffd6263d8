import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { DAY_SECONDS, iso, terms } from './day-terms';

/**
 * The day's APR point of every product (or of one) and its protocols, for the trend lines. Written at
 * the day's end by the reward job, and for the current day whenever the operator edits a product, so
 * a change shows at once; the day's last write stands.
 */
export async function recordRatePoints(tx: Db, day: Period, productId?: number): Promise<void> {
  await tx.execute(ratePointsInsert(day, productId));
}

/** recordRatePoints' statement, for the reward day to run in its own (rewards.ts). */
export function ratePointsInsert(day: Period, productId?: number): SQL {
  const dayStart = sql`${iso(day.start)}::timestamptz`;
  const dayEnd = sql`${iso(day.end)}::timestamptz`;
  const only = productId === undefined ? sql`true` : sql`t.product_id = ${productId}`;
  return sql`
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
          extra_coin = excluded.extra_coin, reward_coin = excluded.reward_coin`;
}

/** Today's point of one product, after the operator changed it. */
export function recordTodayPoint(tx: Db, productId: number, now: Date): Promise<void> {
  const start = new Date(Math.floor(now.getTime() / (DAY_SECONDS * 1000)) * DAY_SECONDS * 1000);
  return recordRatePoints(tx, { start, end: new Date(start.getTime() + DAY_SECONDS * 1000) }, productId);
}
