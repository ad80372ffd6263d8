import { toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { dayGross, dayStartOf } from '../../infra/db/day-reward';
import { errors } from '../../kernel/errors';
import type { SoftStakingRateImpact } from '../../kernel/impact';
import { currentBalances, eligibleAmount } from './eligible';

/**
 * A new soft-staking rate of a coin. The day's payout is on the lower of the day's opening snapshot
 * and the closing balance, from min_amount, capped at max_amount, for users switched on all day
 * (soft-staking engine/day.ts); this answers it as if the day closed now, at both rates.
 */
export async function softStakingRateImpact(
  db: Db,
  coin: string,
  proposed: string,
  now: Date,
): Promise<SoftStakingRateImpact> {
  const [k] = await rows<{ rate: string; status: string }>(
    db,
    sql`SELECT rate::text AS rate, status FROM soft_staking_coins WHERE coin = ${coin}`,
  );
  if (!k) throw errors.notFound('soft-staking coin');
  const dayStart = sql`${dayStartOf(now)}::timestamptz`;
  const [row] = await rows<{ holders: number; principal: string; now: string; after: string }>(
    db,
    sql`WITH e AS (
          SELECT s.user_id, ${eligibleAmount} AS eligible
          FROM soft_staking_snapshots s
          JOIN soft_staking_users u ON u.user_id = s.user_id AND u.enabled AND u.enabled_at <= ${dayStart}
          JOIN soft_staking_coins k ON k.coin = s.coin AND k.status = 'online'
          JOIN ${currentBalances} cur ON cur.user_id = s.user_id AND cur.coin = s.coin
          WHERE s.at = ${dayStart} AND s.coin = ${coin}
        )
        SELECT COUNT(*) FILTER (WHERE eligible > 0)::int AS holders, COALESCE(SUM(eligible), 0)::text AS principal,
          COALESCE(SUM(${dayGross('eligible', k.rate)}), 0)::text AS now,
          COALESCE(SUM(${dayGross('eligible', proposed)}), 0)::text AS after
        FROM e WHERE eligible > 0`,
  );
  return {
    asset: coin,
    coin_status: k.status,
    holders: row?.holders ?? 0,
    principal: toWire(row?.principal ?? '0'),
    rate_now: toWire(k.rate),
    rate_after: toWire(proposed),
    daily_cost_now: toWire(row?.now ?? '0'),
    daily_cost_after: toWire(row?.after ?? '0'),
  };
}
