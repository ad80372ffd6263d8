import { type Db, rows, sql } from '../../infra/db/client';
import { ofUsers } from '../../infra/db/users';
import type { LineReads, UpcomingRow } from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';

/*
 * What the cross-line views read of launch pool (kernel/reads.ts): the only place outside store/
 * that names its tables. Rewards and interest accruing within the current hour are no holding: the
 * hour's payout brings them to spot.
 */

/** Projects ending while the user has a stake in them: the stake, per coin and end. */
async function upcoming(db: Db, users: readonly number[], now: Date): Promise<UpcomingRow[]> {
  const found = await rows<{ user_id: number; asset: string; amount: string; at: string }>(
    db,
    sql`SELECT pos.user_id, pos.coin AS asset, SUM(pos.amount)::text AS amount,
               extract(epoch FROM pr.end_at)::bigint::text AS at
          FROM launchpool_positions pos JOIN launchpool_projects pr ON pr.pid = pos.pid
         WHERE ${ofUsers(sql`pos.user_id`, users)} AND pos.amount > 0
           AND pr.end_at > ${now.toISOString()}::timestamptz
         GROUP BY pos.user_id, pos.coin, pr.end_at`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    kind: 'pool_end',
    line: 'launch_pool',
    asset: r.asset,
    amount: r.amount,
    at: Number(r.at),
    estimated: false,
  }));
}

export const launchPoolReads: LineReads = {
  heldPurposes: { [UserPurpose.launchpool]: 'launch_pool' },
  upcoming,
};
