import { type Arrival, stakingArrival } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { ofUsers } from '../../infra/db/users';
import { unixSeconds } from '../../kernel/clock';
import { type ArrivalQuery, arrivalParam, type LineReads, type UpcomingRow } from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';
import { loadProductByCoin } from './store/products';
import { termsOf } from './terms';

/*
 * What the cross-line views read of staking (kernel/reads.ts): the only place outside store/ that
 * names its tables.
 */

/**
 * Rewards held until the next redemption (reward delay -1 or 0), in the reward coin the redemption
 * pays them in.
 */
function holdings(_at: Date, users?: readonly number[]) {
  return sql`
    SELECT s.user_id, 'staking' AS line, COALESCE(pc.reward_coin, sp.reward_coin) AS asset, s.accrued_reward AS amount
      FROM staking_positions s
      JOIN staking_products sp ON sp.id = s.product_id
      LEFT JOIN staking_protocols pc ON pc.id = s.protocol_id
     WHERE s.accrued_reward > 0 AND ${ofUsers(sql`s.user_id`, users)}`;
}

/** Redemptions on their way, in what they pay out. */
async function upcoming(db: Db, users: readonly number[]): Promise<UpcomingRow[]> {
  const found = await rows<{ user_id: number; asset: string; amount: string; at: string }>(
    db,
    sql`SELECT user_id, COALESCE(payout_coin, coin) AS asset, COALESCE(payout_amount, received)::text AS amount,
               extract(epoch FROM arrive_at)::bigint::text AS at
          FROM staking_redemptions WHERE ${ofUsers(sql`user_id`, users)} AND status = 'pending'`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    kind: 'redemption',
    line: 'staking',
    asset: r.asset,
    amount: r.amount,
    at: Number(r.at),
    estimated: false,
  }));
}

/** The product's (or protocol's) waiting period from now, standard or quick. */
async function redeemArrival(db: Db, q: ArrivalQuery, now: Date): Promise<Arrival> {
  const loaded = await loadProductByCoin(db, arrivalParam(q, q.asset, 'asset'));
  const protocol = q.pid === undefined ? loaded.protocols[0] : loaded.protocols.find((p) => p.id === q.pid);
  const terms = termsOf(loaded, protocol);
  return stakingArrival(unixSeconds(now), {
    quick: q.quick,
    incomeDays: terms.incomeDays,
    maxDay: loaded.product.redeemMaxDay,
    quickMinutes: loaded.product.redeemQuickLongMinutes,
  });
}

export const stakingReads: LineReads = {
  heldPurposes: { [UserPurpose.staking]: 'staking', [UserPurpose.stakingRedeeming]: 'staking' },
  holdings,
  upcoming,
  redeemArrival: { staking: redeemArrival },
};
