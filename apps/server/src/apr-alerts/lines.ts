import type { AprAlertLine } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { sql } from '../db/client';
import { UserPurpose } from '../ledger/accounts';

/**
 * Where each product line keeps the APR a user can hold, and who holds it. `current` yields
 * (target text, asset text, product_id int, rate numeric — a fraction) for every product of the line
 * a user can hold now; `holders` yields (user_id, target). An alert names a target by its asset and
 * product_id (null where the asset alone names it).
 */
export interface RateLine {
  line: AprAlertLine;
  current: SQL;
  holders: SQL;
  /** An alert of this line must name its product (several products share an asset). */
  needsProduct: boolean;
}

/** Staking's terms: a product's own rate (protocol 0) unless it stakes through defi protocols. */
const stakingTerms = sql`SELECT p.id AS product_id, 0 AS protocol_id, p.coin, p.rate FROM staking_products p
    WHERE NOT EXISTS (SELECT 1 FROM staking_protocols x WHERE x.product_id = p.id)
  UNION ALL SELECT x.product_id, x.id, p.coin, x.rate FROM staking_protocols x JOIN staking_products p ON p.id = x.product_id`;

export const RATE_LINES: Record<AprAlertLine, RateLine> = {
  // The rate the coming hour pays, set by the operator and applied by the hourly job.
  flexible: {
    line: 'flexible',
    current: sql`SELECT asset AS target, asset, NULL::int AS product_id, next_time_rate_year AS rate FROM se_flex_products`,
    holders: sql`SELECT DISTINCT user_id, asset AS target FROM se_flex_positions WHERE principal > 0`,
    needsProduct: false,
  },
  fixed: {
    line: 'fixed',
    current: sql`SELECT id::text AS target, asset, id AS product_id, year_rate AS rate FROM se_fixed_products`,
    holders: sql`SELECT DISTINCT user_id, product_id::text AS target FROM se_fixed_orders WHERE status = 1`,
    needsProduct: true,
  },
  // The base rate (percent) a reward day pays; product_id is the defi protocol's pid where the product
  // has protocols, and none where it pays its own rate. Campaigns' extra interest is not watched: it
  // comes and goes on its own schedule, not as a change of the product's rate.
  staking: {
    line: 'staking',
    current: sql`SELECT t.product_id || ':' || t.protocol_id AS target, t.coin AS asset,
        NULLIF(t.protocol_id, 0)::int AS product_id, t.rate / 100 AS rate FROM (${stakingTerms}) t`,
    holders: sql`SELECT DISTINCT user_id, product_id || ':' || protocol_id AS target FROM staking_positions WHERE amount > 0`,
    needsProduct: false,
  },
  // A pool's yearly rate as users see it (percent; a multi-mining pool's is the sum of its coins'),
  // while its project has not been settled and the pool shows a rate at all (rate_year_type 3: none).
  launchpool: {
    line: 'launchpool',
    current: sql`SELECT p.rid::text AS target, p.coin AS asset, p.rid::int AS product_id,
        (p.rate_year + COALESCE((SELECT SUM(c.rate_year) FROM launchpool_pool_coins c WHERE c.rid = p.rid), 0)) / 100 AS rate
      FROM launchpool_pools p JOIN launchpool_projects j ON j.pid = p.pid
      WHERE j.settled_at IS NULL AND p.rate_year_type <> 3`,
    holders: sql`SELECT DISTINCT user_id, rid::text AS target FROM launchpool_positions WHERE amount > 0`,
    needsProduct: true,
  },
  // A coin's daily payout rate (percent a year); held by switched-on users with the coin in spot.
  soft_staking: {
    line: 'soft_staking',
    current: sql`SELECT coin AS target, coin AS asset, NULL::int AS product_id, rate / 100 AS rate FROM soft_staking_coins`,
    holders: sql`SELECT DISTINCT u.user_id, a.asset AS target FROM soft_staking_users u
      JOIN ledger_accounts a ON a.user_id = u.user_id AND a.purpose = ${UserPurpose.spot} AND a.balance > 0
      WHERE u.enabled`,
    needsProduct: false,
  },
};
