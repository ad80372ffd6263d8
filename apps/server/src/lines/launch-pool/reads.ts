import { type Arrival, launchPoolArrival } from '@earn/domain';
import { getUser } from '../../accounts/users';
import { type Db, rows, sql } from '../../infra/db/client';
import { ofUsers } from '../../infra/db/users';
import { unixSeconds } from '../../kernel/clock';
import { type ArrivalQuery, arrivalParam, type LineReads, type UpcomingRow } from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';
import { flexProduct, listedFixedProducts, onSale } from '../simple-earn/store/products';
import { exitMode } from './service/auto-earn';
import { lendEarnHidden } from './service/check-pool-rule';
import { findPool, findPosition } from './store/projects';

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

/**
 * Where an early redemption goes, decided as the redeem call decides it (exitMode, the compliance
 * menu, and whether simple earn has the product on sale; if not, the coins stay in spot).
 */
async function redeemArrival(db: Db, q: ArrivalQuery, now: Date): Promise<Arrival> {
  const rid = arrivalParam(q, q.rid, 'rid');
  const { pool } = await findPool(db, rid);
  const position = await findPosition(db, q.userId, rid);
  const user = await getUser(db, q.userId);
  const exit = lendEarnHidden(user)
    ? exitMode(0, 0)
    : exitMode(q.simpleEarnStatus, position?.simpleEarnPeriod ?? 0);
  let destination = exit.mode;
  if (destination === 'flexible') {
    const product = await flexProduct(db, pool.coin);
    if (product?.status !== 1) destination = 'spot';
  } else if (destination === 'fixed') {
    const products = await listedFixedProducts(db, now, pool.coin);
    if (!products.some((p) => p.lockUpPeriod === exit.period && onSale(p, now))) destination = 'spot';
  }
  return launchPoolArrival(unixSeconds(now), destination, exit.period);
}

export const launchPoolReads: LineReads = {
  heldPurposes: { [UserPurpose.launchpool]: 'launch_pool' },
  upcoming,
  redeemArrival: { launch_pool: redeemArrival },
};
