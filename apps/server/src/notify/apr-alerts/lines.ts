import { type AprAlertLine, toWire } from '@earn/domain';
import { eq, isNull, type SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../infra/db/client';
import { launchpoolPools, launchpoolProjects } from '../../infra/db/schema';
import { UserPurpose } from '../../ledger/accounts';
import { poolDerivedApr, poolShownApr } from '../../lines/launch-pool/live';
import { coinsOf } from '../../lines/launch-pool/store/projects';
import { pricesOf } from '../../lines/simple-earn/store/products';

/** A product a user can hold now: its target, asset, product_id (null where the asset names it) and rate (a fraction). */
export interface RateRow {
  target: string;
  asset: string;
  product_id: number | null;
  rate: string;
}

/**
 * Where each product line keeps the APR a user can hold, and who holds it. `current` answers every
 * product of the line a user can hold at `at`, with the rate it shows; `holders` yields (user_id,
 * target). An alert names a target by its asset and product_id.
 */
export interface RateLine {
  line: AprAlertLine;
  current(db: Db, at: Date): Promise<RateRow[]>;
  holders: SQL;
  /** An alert of this line must name its product (several products share an asset). */
  needsProduct: boolean;
  /**
   * The rate moves by itself between the operator's edits (a launch pool's with every stake and
   * price): holders are told of what an edit changes, not of every drift a look finds.
   */
  drifts?: boolean;
}

/** A line whose rates one query yields as (target, asset, product_id, rate). */
const query =
  (q: SQL) =>
  (db: Db): Promise<RateRow[]> =>
    rows<RateRow>(
      db,
      sql`SELECT target, asset, product_id, rate::text AS rate FROM (${q}) q ORDER BY target`,
    ).then((list) =>
      list.map((r) => ({ ...r, product_id: r.product_id === null ? null : Number(r.product_id) })),
    );

/**
 * Each pool of a running project with the APR its card shows (launch-pool/live.ts poolShownApr, the
 * rule in @earn/domain): its set rate until the figure derived from its reward per hour, its total
 * staked and the prices comes down to it. A pool with neither has no rate to watch.
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

/** Staking's terms: a product's own rate (protocol 0) unless it stakes through defi protocols. */
const stakingTerms = sql`SELECT p.id AS product_id, 0 AS protocol_id, p.coin, p.rate FROM staking_products p
    WHERE NOT EXISTS (SELECT 1 FROM staking_protocols x WHERE x.product_id = p.id)
  UNION ALL SELECT x.product_id, x.id, p.coin, x.rate FROM staking_protocols x JOIN staking_products p ON p.id = x.product_id`;

export const RATE_LINES: Record<AprAlertLine, RateLine> = {
  // The rate the coming hour pays, set by the operator and applied by the hourly job.
  flexible: {
    line: 'flexible',
    current: query(
      sql`SELECT asset AS target, asset, NULL::int AS product_id, next_time_rate_year AS rate FROM se_flex_products`,
    ),
    holders: sql`SELECT DISTINCT user_id, asset AS target FROM se_flex_positions WHERE principal > 0`,
    needsProduct: false,
  },
  fixed: {
    line: 'fixed',
    current: query(
      sql`SELECT id::text AS target, asset, id AS product_id, year_rate AS rate FROM se_fixed_products`,
    ),
    holders: sql`SELECT DISTINCT user_id, product_id::text AS target FROM se_fixed_orders WHERE status = 1`,
    needsProduct: true,
  },
  // The base rate (percent) a reward day pays; product_id is the defi protocol's pid where the product
  // has protocols, and none where it pays its own rate. Campaigns' extra interest is not watched: it
  // comes and goes on its own schedule, not as a change of the product's rate.
  staking: {
    line: 'staking',
    current: query(sql`SELECT t.product_id || ':' || t.protocol_id AS target, t.coin AS asset,
        NULLIF(t.protocol_id, 0)::int AS product_id, t.rate / 100 AS rate FROM (${stakingTerms}) t`),
    holders: sql`SELECT DISTINCT user_id, product_id || ':' || protocol_id AS target FROM staking_positions WHERE amount > 0`,
    needsProduct: false,
  },
  // A pool's APR as its card shows it, derived (launchPoolRates); it drifts with stakes and prices,
  // so the hourly job looks at it too.
  launchpool: {
    line: 'launchpool',
    current: launchPoolRates,
    holders: sql`SELECT DISTINCT user_id, rid::text AS target FROM launchpool_positions WHERE amount > 0`,
    needsProduct: true,
    drifts: true,
  },
  // A coin's daily payout rate (percent a year); held by switched-on users with the coin in spot.
  soft_staking: {
    line: 'soft_staking',
    current: query(
      sql`SELECT coin AS target, coin AS asset, NULL::int AS product_id, rate / 100 AS rate FROM soft_staking_coins`,
    ),
    holders: sql`SELECT DISTINCT u.user_id, a.asset AS target FROM soft_staking_users u
      JOIN ledger_accounts a ON a.user_id = u.user_id AND a.purpose = ${UserPurpose.spot} AND a.balance > 0
      WHERE u.enabled`,
    needsProduct: false,
  },
};
