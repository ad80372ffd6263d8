import type { SQL } from 'drizzle-orm';
import { sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';

export const DAY_SECONDS = 86_400;

export const iso = (d: Date) => d.toISOString();

/**
 * The terms every position earns on: a product's own (protocol 0) and each protocol's. Set-based, so
 * one daily pass costs a few statements whatever the number of positions.
 */
export const terms = sql`(
  SELECT id AS product_id, 0 AS protocol_id, rate, reward_coin, reward_delay_days FROM staking_products
  UNION ALL
  SELECT product_id, id AS protocol_id, rate, reward_coin, reward_delay_days FROM staking_protocols
)`;

/** One shard of a day: a product's positions, or those of a range of its users' ids. */
export type DayShard = {
  product: number;
  lo: number | null;
  hi: number | null;
  /** The positions' users it books, about (ShardData.rows: a small day is booked in its plan). */
  rows?: number;
};

/** Coins staked for the whole UTC day: lots whose accrual began by the day's start. */
export const eligible = (day: Period, shard?: DayShard) => sql`(
  SELECT user_id, product_id, protocol_id, SUM(amount) AS amount FROM staking_lots
  WHERE amount > 0 AND accrual_start <= ${iso(day.start)}::timestamptz ${shardFilter(shard)}
  GROUP BY user_id, product_id, protocol_id
)`;

export function shardFilter(shard: DayShard | undefined, alias = ''): SQL {
  if (!shard) return sql``;
  const col = (c: string) => sql.raw(alias ? `${alias}.${c}` : c);
  return sql`AND ${col('product_id')} = ${shard.product}${
    shard.lo === null || shard.hi === null
      ? sql``
      : sql` AND ${col('user_id')} >= ${shard.lo} AND ${col('user_id')} < ${shard.hi}`
  }`;
}
