import { dec, maxDec, toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { errors } from '../../kernel/errors';
import { SYSTEM_OWNER } from '../../ledger/accounts';
import { rewardPoolPurpose } from '../../lines/launch-pool/model';

const DAY_MS = 86_400_000;
const dayStartOf = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();
const num = (v: string) => sql.raw(`${dec(v).toFixed()}::numeric`);
/**
 * A day's gross reward of one holding at `rate` (percent a year), by the daily jobs' own rule
 * (earn_day_reward, migration 0043): floor(amount × rate / 36500) at 18 decimals.
 */
const dayGross = (amount: string, ratePercent: string) =>
  sql`earn_day_reward(${sql.raw(amount)}, ${num(ratePercent)})`;

/**
 * A new staking rate of a product (protocol 0: its own holdings) or of one protocol. The day that is
 * running pays on the coins staked for all of it (lots whose accrual began by its start), each
 * position's gross floored as the daily job floors it; campaigns pay beside it and do not change.
 */
export async function stakingRateImpact(
  db: Db,
  target: { productId?: number; protocolId?: number },
  proposed: string,
  now: Date,
) {
  const [terms] = await rows<{
    product_id: number;
    protocol_id: number;
    coin: string;
    reward_coin: string;
    rate: string;
  }>(
    db,
    target.protocolId !== undefined
      ? sql`SELECT pc.product_id, pc.id AS protocol_id, sp.coin, pc.reward_coin, pc.rate::text AS rate
            FROM staking_protocols pc JOIN staking_products sp ON sp.id = pc.product_id WHERE pc.id = ${target.protocolId}`
      : sql`SELECT id AS product_id, 0 AS protocol_id, coin, reward_coin, rate::text AS rate
            FROM staking_products WHERE id = ${target.productId ?? 0}`,
  );
  if (!terms) throw errors.notFound(target.protocolId !== undefined ? 'protocol' : 'staking product');
  const key = sql`product_id = ${terms.product_id} AND protocol_id = ${terms.protocol_id}`;
  const [row] = await rows<{
    holders: number;
    principal: string;
    earning: string;
    now: string;
    after: string;
  }>(
    db,
    sql`WITH e AS (
          SELECT user_id, SUM(amount) AS amount FROM staking_lots
          WHERE ${key} AND amount > 0 AND accrual_start <= ${dayStartOf(now)}::timestamptz GROUP BY user_id
        )
        SELECT (SELECT COUNT(*)::int FROM staking_positions WHERE ${key} AND amount > 0) AS holders,
          (SELECT COALESCE(SUM(amount), 0)::text FROM staking_positions WHERE ${key}) AS principal,
          COALESCE(SUM(e.amount), 0)::text AS earning,
          COALESCE(SUM(${dayGross('e.amount', terms.rate)}), 0)::text AS now,
          COALESCE(SUM(${dayGross('e.amount', proposed)}), 0)::text AS after
        FROM e`,
  );
  return {
    product_id: terms.product_id,
    protocol_id: terms.protocol_id,
    asset: terms.coin,
    reward_asset: terms.reward_coin,
    holders: row?.holders ?? 0,
    principal: toWire(row?.principal ?? '0'),
    earning: toWire(row?.earning ?? '0'),
    rate_now: toWire(terms.rate),
    rate_after: toWire(proposed),
    daily_cost_now: toWire(row?.now ?? '0'),
    daily_cost_after: toWire(row?.after ?? '0'),
  };
}

/**
 * A new soft-staking rate of a coin. The day's payout is on the lower of the day's opening snapshot
 * and the closing balance, from min_amount, capped at max_amount, for users switched on all day
 * (soft-staking engine/day.ts); this answers it as if the day closed now, at both rates.
 */
export async function softStakingRateImpact(db: Db, coin: string, proposed: string, now: Date) {
  const [k] = await rows<{ rate: string; status: string }>(
    db,
    sql`SELECT rate::text AS rate, status FROM soft_staking_coins WHERE coin = ${coin}`,
  );
  if (!k) throw errors.notFound('soft-staking coin');
  const dayStart = sql`${dayStartOf(now)}::timestamptz`;
  const [row] = await rows<{ holders: number; principal: string; now: string; after: string }>(
    db,
    sql`WITH e AS (
          SELECT s.user_id,
            CASE WHEN LEAST(s.balance, cur.balance) < k.min_amount THEN 0
                 WHEN k.max_amount = -1 THEN LEAST(s.balance, cur.balance)
                 ELSE LEAST(s.balance, cur.balance, k.max_amount) END AS eligible
          FROM soft_staking_snapshots s
          JOIN soft_staking_users u ON u.user_id = s.user_id AND u.enabled AND u.enabled_at <= ${dayStart}
          JOIN soft_staking_coins k ON k.coin = s.coin AND k.status = 'online'
          JOIN (SELECT a.user_id, GREATEST(0, a.balance - COALESCE(l.amount, 0)) AS balance FROM ledger_accounts a
                LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
                WHERE a.is_user AND a.purpose = 'spot' AND a.asset = ${coin}) cur ON cur.user_id = s.user_id
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
) {
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
