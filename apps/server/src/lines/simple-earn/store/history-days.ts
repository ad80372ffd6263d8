import { SimpleEarnHistoryType } from '@earn/domain';
import { type Db, sql } from '../../../infra/db/client';

type Sql = ReturnType<typeof sql>;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A record's UTC day and hour of the day, from its period (received at the hour's end). */
const RECEIVED = sql`(i.period_start + interval '1 hour') AT TIME ZONE 'UTC'`;

/**
 * Rewrites the history's index of hours (se_flex_history_days) for the UTC days [from, until) (from
 * null: every day before until), set-based from the hourly rows, in the caller's transaction: the
 * rollup's, which moves the watermark readers trust. A rerun of a day leaves the same rows.
 */
export async function indexHistoryDays(tx: Db, from: Date | null, until: Date): Promise<void> {
  const days = from === null ? sql`day < ${iso(until)}` : sql`day >= ${iso(from)} AND day < ${iso(until)}`;
  await tx.execute(sql`DELETE FROM se_flex_history_days WHERE ${days}`);
  await tx.execute(sql`
    INSERT INTO se_flex_history_days (position_id, day, type, asset, hours)
    SELECT i.position_id, date_trunc('day', ${RECEIVED}) AT TIME ZONE 'UTC', r.type, r.asset,
      bit_or(1 << extract(hour FROM ${RECEIVED})::int)
    FROM se_flex_interest i
    CROSS JOIN LATERAL (VALUES (${SimpleEarnHistoryType.interest}::smallint, i.asset, i.interest > 0),
      (${SimpleEarnHistoryType.bonus}::smallint, i.bonus_asset, i.bonus > 0)) r(type, asset, paid)
    WHERE r.paid AND i.period_start < ${iso(until)} - interval '1 hour'
      ${from === null ? sql`` : sql`AND i.period_start >= ${iso(from)} - interval '1 hour'`}
    GROUP BY 1, 2, 3, 4`);
}

export interface HistoryKeysQuery {
  userId: number;
  type: number;
  asset?: string;
  start: Date;
  end: Date;
}

/**
 * Where a user's flexible interest (type 3) or bonus (type 4) records of [start, end] are, one row
 * each, without reading them: (at, position_id, product_asset, asset), `at` the hour received. The
 * days before the rollup's watermark come from the index of hours (a row per position and day,
 * expanded to its hours in memory); the hours from the watermark on are probed live, one index probe
 * per hour and position, as many as the hours since the last rollup (about a day), whatever the
 * range. Read in one statement, so the watermark and the index are of one snapshot.
 */
export function historyKeysSql(q: HistoryKeysQuery): Sql {
  const amount = q.type === SimpleEarnHistoryType.bonus ? sql`i.bonus` : sql`i.interest`;
  const recordAsset = q.type === SimpleEarnHistoryType.bonus ? sql`i.bonus_asset` : sql`i.asset`;
  const start = iso(q.start);
  const end = iso(q.end);
  return sql`WITH pos AS MATERIALIZED (
      SELECT id, asset FROM se_flex_positions WHERE user_id = ${q.userId} ${q.asset ? sql`AND asset = ${q.asset}` : sql``}
    ), w AS MATERIALIZED (
      SELECT COALESCE((SELECT rolled_until FROM earn_rollup_state WHERE id = 1), 'epoch'::timestamptz) AS until
    )
    SELECT d.day + b.h * interval '1 hour' AS at, p.id AS position_id, p.asset AS product_asset, d.asset
      FROM pos p
      JOIN se_flex_history_days d ON d.position_id = p.id AND d.type = ${q.type}
        AND d.day >= date_trunc('day', ${start} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND d.day <= ${end}
      CROSS JOIN w
      CROSS JOIN generate_series(0, 23) b(h)
     WHERE d.day < w.until AND (d.hours >> b.h) & 1 = 1
       AND d.day + b.h * interval '1 hour' >= ${start} AND d.day + b.h * interval '1 hour' <= ${end}
    UNION ALL
    SELECT i.period_start + interval '1 hour', p.id, p.asset, ${recordAsset}
      FROM pos p
      CROSS JOIN w
      CROSS JOIN LATERAL generate_series(GREATEST(date_trunc('hour', ${start}), w.until) - interval '1 hour',
        ${end} - interval '1 hour', interval '1 hour') g(hour)
      JOIN se_flex_interest i ON i.period_start = g.hour AND i.position_id = p.id
     WHERE ${amount} > 0 AND i.period_start + interval '1 hour' >= ${start} AND i.period_start + interval '1 hour' <= ${end}`;
}
