import { sql } from '../../../infra/db/client';
import { UserPurpose } from '../../../ledger/accounts';
import { registerSubledgerCheck, totalsCheck } from '../../../ledger/reconcile';
import { FIXED_DAILY_JOB } from '../engine';
import { SePurpose } from '../model';

/**
 * Interest booked by the shards of a flexible hour still open: in the ledger and in rows already, in
 * the positions' exact cumulative interest only once the close moves the index.
 */
const OPEN_HOUR_ROWS = sql`(SELECT i.asset, SUM(i.interest) AS total FROM se_flex_interest i
    JOIN job_periods j ON j.job = 'simple-earn.flexible-hourly' AND j.closed_at IS NULL AND j.period_start = i.period_start
    GROUP BY i.asset)`;

/** The hourly interest rows per asset: what the interest expense booked and the positions accrued. */
const INTEREST_ROWS = sql`SELECT asset, SUM(interest) AS total FROM se_flex_interest GROUP BY asset`;

/**
 * Sold amount that the plan of a day's maturities still open moved for orders its shards have not
 * booked yet: the reinvested payouts taken, less the principal released (see fixedMaturity).
 */
const OPEN_MATURITY_QUOTA = sql`(SELECT q.key::int AS product_id, SUM(q.value::numeric) AS total
    FROM job_shards j CROSS JOIN LATERAL jsonb_each_text(j.params->'quota') q
    WHERE j.job = ${FIXED_DAILY_JOB} AND j.done_at IS NULL GROUP BY q.key)`;

/**
 * Sub-ledger checks. Flexible principal (earning, pending, frozen) against the users' flexible
 * accounts; the hourly interest rows against the interest expense booked once per hour and asset;
 * the positions' exact accrual (8 decimals down) against those rows; interest received and not
 * withdrawn against the pooled interest account; bonuses; fixed principal against the users' fixed
 * accounts and each product's sold amount against its active orders (and an open day's maturities).
 */
export function registerChecks(): void {
  registerSubledgerCheck(
    totalsCheck('simple_earn.flexible_principal', {
      expected: sql`SELECT asset, SUM(total) AS total FROM (
              SELECT asset, principal + frozen_amount AS total FROM se_flex_positions
              UNION ALL SELECT asset, amount FROM se_flex_pending) x GROUP BY asset`,
      actual: sql`SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE purpose = ${UserPurpose.flexible} AND is_user GROUP BY asset`,
    }),
  );
  registerSubledgerCheck(
    totalsCheck('simple_earn.flexible_interest_rows', {
      expected: INTEREST_ROWS,
      actual: sql`SELECT asset, -balance AS total FROM ledger_accounts WHERE user_id = 0 AND purpose = ${SePurpose.flexInterestExpense}`,
    }),
  );
  registerSubledgerCheck(
    totalsCheck('simple_earn.flexible_accrual', {
      expected: INTEREST_ROWS,
      actual: sql`SELECT p.asset, SUM(trunc(p.acc_offset + p.principal * pr.acc_index, 8)) + COALESCE(MIN(o.total), 0) AS total
            FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
            LEFT JOIN ${OPEN_HOUR_ROWS} o ON o.asset = p.asset GROUP BY p.asset`,
    }),
  );
  registerSubledgerCheck(
    totalsCheck('simple_earn.flexible_interest_pool', {
      expected: sql`SELECT p.asset, SUM(trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn) + COALESCE(MIN(o.total), 0) AS total
            FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
            LEFT JOIN ${OPEN_HOUR_ROWS} o ON o.asset = p.asset GROUP BY p.asset`,
      actual: sql`SELECT asset, balance AS total FROM ledger_accounts WHERE user_id = 0 AND purpose = ${SePurpose.flexInterest}`,
    }),
  );
  registerSubledgerCheck(
    totalsCheck('simple_earn.flexible_bonus', {
      expected: sql`SELECT bonus_asset AS asset, SUM(bonus) AS total FROM se_flex_interest WHERE bonus > 0 GROUP BY bonus_asset`,
      actual: sql`SELECT asset, -balance AS total FROM ledger_accounts WHERE user_id = 0 AND purpose = ${SePurpose.flexBonusExpense}`,
    }),
  );
  registerSubledgerCheck(
    totalsCheck('simple_earn.fixed_principal', {
      expected: sql`SELECT asset, SUM(principal) AS total FROM se_fixed_orders WHERE status = 1 GROUP BY asset`,
      actual: sql`SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE purpose = ${UserPurpose.fixed} AND is_user GROUP BY asset`,
    }),
  );
  registerSubledgerCheck({
    name: 'simple_earn.fixed_quota',
    query: () => sql`
      SELECT p.asset || ' product ' || p.id AS asset, (COALESCE(o.total, 0) + COALESCE(s.total, 0))::text AS expected,
        p.sold_amount::text AS actual
      FROM se_fixed_products p
      LEFT JOIN (SELECT product_id, SUM(principal) AS total FROM se_fixed_orders WHERE status = 1 GROUP BY product_id) o ON o.product_id = p.id
      LEFT JOIN ${OPEN_MATURITY_QUOTA} s ON s.product_id = p.id
      WHERE p.sold_amount <> COALESCE(o.total, 0) + COALESCE(s.total, 0)`,
  });
}
