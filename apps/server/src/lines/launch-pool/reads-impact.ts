import { dec, maxDec, toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { errors } from '../../kernel/errors';
import type { LaunchPoolRewardImpact } from '../../kernel/impact';
import { SYSTEM_OWNER } from '../../ledger/accounts';
import { rewardPoolPurpose } from './model';

/**
 * A new reward per hour of a launch pool's coin (the project's token, or a further coin of a
 * multi-mining pool). The pool pays it every hour of the project's run with stake, shared by the
 * stakers; it was funded up front, so the answer also tells what the reward account holds against
 * the hours left and what it would lack at the new rate.
 */
export async function launchPoolRewardImpact(
  db: Db,
  rid: number,
  coin: string | undefined,
  proposed: string,
  now: Date,
): Promise<LaunchPoolRewardImpact> {
  const [pool] = await rows<{
    coin: string;
    staked: string;
    reward_coin: string;
    reward_per_hour: string | null;
    start_ms: number;
    end_ms: number;
    settled: boolean;
    holders: number;
  }>(
    db,
    sql`SELECT pl.coin, pl.staked_total::text AS staked, COALESCE(c.coin, pr.reward_coin) AS reward_coin,
          CASE WHEN ${coin ?? null}::text IS NULL OR ${coin ?? null}::text = pr.reward_coin THEN pl.reward_per_hour::text
               ELSE c.reward_per_hour::text END AS reward_per_hour,
          EXTRACT(EPOCH FROM pr.start_at)::float8 * 1000 AS start_ms, EXTRACT(EPOCH FROM pr.end_at)::float8 * 1000 AS end_ms,
          pr.settled_at IS NOT NULL AS settled,
          (SELECT COUNT(*)::int FROM launchpool_positions p WHERE p.rid = pl.rid AND p.amount > 0) AS holders
        FROM launchpool_pools pl JOIN launchpool_projects pr ON pr.pid = pl.pid
        LEFT JOIN launchpool_pool_coins c ON c.rid = pl.rid AND c.coin = ${coin ?? null}::text AND c.coin <> pr.reward_coin
        WHERE pl.rid = ${rid}`,
  );
  if (!pool || pool.reward_per_hour === null) throw errors.notFound(coin ? 'pool reward coin' : 'pool');
  const [account] = await rows<{ balance: string }>(
    db,
    sql`SELECT balance::text AS balance FROM ledger_accounts
        WHERE user_id = ${SYSTEM_OWNER} AND asset = ${pool.reward_coin} AND purpose = ${rewardPoolPurpose(rid)}`,
  );
  const left = dec(account?.balance ?? '0');
  const from = Math.max(now.getTime(), pool.start_ms);
  const hoursLeft = pool.settled ? 0 : Math.max(0, Math.ceil((pool.end_ms - from) / 3_600_000));
  return {
    rid,
    asset: pool.reward_coin,
    stake_asset: pool.coin,
    holders: pool.holders,
    principal: toWire(pool.staked),
    hourly_cost_now: toWire(pool.reward_per_hour),
    hourly_cost_after: toWire(proposed),
    hours_left: hoursLeft,
    budget_left: toWire(left),
    shortfall_now: toWire(maxDec(0, dec(pool.reward_per_hour).times(hoursLeft).minus(left))),
    shortfall_after: toWire(maxDec(0, dec(proposed).times(hoursLeft).minus(left))),
  };
}
