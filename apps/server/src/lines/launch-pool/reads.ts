import { type Arrival, launchPoolArrival, toWire } from '@earn/domain';
import { eq, isNull } from 'drizzle-orm';
import { getUser } from '../../accounts/users';
import { type Db, rows, sql } from '../../infra/db/client';
import { launchpoolPools, launchpoolProjects } from '../../infra/db/schema';
import { ofUsers } from '../../infra/db/users';
import { unixSeconds } from '../../kernel/clock';
import {
  type ArrivalQuery,
  arrivalParam,
  type LineReads,
  type RateLine,
  type RateRow,
  type UpcomingRow,
} from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';
import { flexProduct, listedFixedProducts, onSale, pricesOf } from '../simple-earn/store/products';
import { poolDerivedApr, poolShownApr } from './live';
import { exitMode } from './service/auto-earn';
import { lendEarnHidden } from './service/check-pool-rule';
import { coinsOf, findPool, findPosition } from './store/projects';

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

/**
 * Each pool of a running project with the APR its card shows (live.ts poolShownApr, the rule in
 * @earn/domain): its set rate until the figure derived from its reward per hour, its total staked and
 * the prices comes down to it. A pool with neither has no rate to watch.
 */
async function launchPoolRates(db: Db, at: Date): Promise<RateRow[]> {
  const found = await db
    .select({ pool: launchpoolPools, project: launchpoolProjects })
    .from(launchpoolPools)
    .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolPools.pid))
    .where(isNull(launchpoolProjects.settledAt))
    .orderBy(launchpoolPools.rid);
  if (found.length === 0) return [];
  const coins = await coinsOf(
    db,
    found.map((f) => f.pool.rid),
  );
  const prices = await pricesOf(db);
  return found.flatMap(({ pool, project }) => {
    const shown = poolShownApr(pool, poolDerivedApr(pool, project, coins, prices, at).apr).apr;
    return shown === null
      ? []
      : [{ target: String(pool.rid), asset: pool.coin, product_id: pool.rid, rate: toWire(shown) }];
  });
}

/**
 * A pool's APR as its card shows it, derived (launchPoolRates); it drifts with stakes and prices, so
 * the hourly job looks at it too.
 */
const rates: RateLine = {
  line: 'launchpool',
  current: launchPoolRates,
  holders: sql`SELECT DISTINCT user_id, rid::text AS target FROM launchpool_positions WHERE amount > 0`,
  needsProduct: true,
  drifts: true,
};

export const launchPoolReads: LineReads = {
  heldPurposes: { [UserPurpose.launchpool]: 'launch_pool' },
  upcoming,
  rates: [rates],
  redeemArrival: { launch_pool: redeemArrival },
};
