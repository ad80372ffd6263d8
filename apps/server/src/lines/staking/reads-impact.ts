import { toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { dayGross, dayStartOf } from '../../infra/db/day-reward';
import { errors } from '../../kernel/errors';
import type { StakingRateImpact } from '../../kernel/impact';

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
): Promise<StakingRateImpact> {
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
