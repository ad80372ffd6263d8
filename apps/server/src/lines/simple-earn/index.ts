import { aprUpTo, SimpleEarnProductType, toWire } from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import { type Db, sql } from '../../infra/db/client';
import { seFixedProducts, seFlexProducts } from '../../infra/db/schema';
import type { BestOffer, EarnModule } from '../../kernel/module';
import { UserPurpose } from '../../ledger/accounts';
import { registerSubledgerCheck } from '../../ledger/reconcile';
import { createFixedProduct, createFlexProduct, grantVoucher, registerSimpleEarnAdminRoutes } from './admin';
import { fixedProductAprTerms, flexAprTerms } from './apr';
import { SePurpose } from './constants';
import { FIXED_DAILY_JOB, simpleEarnJobs } from './engine';
import { subscribeFixed } from './fixed';
import { subscribeFlexible } from './flexible';

/**
 * Interest booked by the shards of a flexible hour still open: in the ledger and in rows already, in
 * the positions' exact cumulative interest only once the close moves the index.
 */
const OPEN_HOUR_ROWS = sql`(SELECT i.asset, SUM(i.interest) AS total FROM se_flex_interest i
    JOIN job_periods j ON j.job = 'simple-earn.flexible-hourly' AND j.closed_at IS NULL AND j.period_start = i.period_start
    GROUP BY i.asset)`;

/**
 * Sold amount that the plan of a day's maturities still open moved for orders its shards have not
 * booked yet: the reinvested payouts taken, less the principal released (see fixedMaturity).
 */
const OPEN_MATURITY_QUOTA = sql`(SELECT q.key::int AS product_id, SUM(q.value::numeric) AS total
    FROM job_shards j CROSS JOIN LATERAL jsonb_each_text(j.params->'quota') q
    WHERE j.job = ${FIXED_DAILY_JOB} AND j.done_at IS NULL GROUP BY q.key)`;

import { registerSimpleEarnRoutes } from './routes';

/**
 * Sub-ledger checks. Flexible principal (earning, pending, frozen) against the users' flexible
 * accounts; the hourly interest rows against the interest expense booked once per hour and asset;
 * the positions' exact accrual (8 decimals down) against those rows; interest received and not
 * withdrawn against the pooled interest account; bonuses; fixed principal against the users' fixed
 * accounts and each product's sold amount against its active orders (and an open day's maturities).
 */
function registerChecks(): void {
  registerSubledgerCheck({
    name: 'simple_earn.flexible_principal',
    query: () => sql`
      SELECT COALESCE(p.asset, l.asset) AS asset, COALESCE(p.total, 0)::text AS expected, COALESCE(l.total, 0)::text AS actual
      FROM (SELECT asset, SUM(total) AS total FROM (
              SELECT asset, principal + frozen_amount AS total FROM se_flex_positions
              UNION ALL SELECT asset, amount FROM se_flex_pending) x GROUP BY asset) p
      FULL JOIN (SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE purpose = ${UserPurpose.flexible} AND is_user GROUP BY asset) l
        ON l.asset = p.asset
      WHERE COALESCE(p.total, 0) <> COALESCE(l.total, 0)`,
  });
  registerSubledgerCheck({
    name: 'simple_earn.flexible_interest_rows',
    query: () => sql`
      SELECT COALESCE(r.asset, g.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(g.total, 0)::text AS actual
      FROM (SELECT asset, SUM(interest) AS total FROM se_flex_interest GROUP BY asset) r
      FULL JOIN (SELECT asset, -balance AS total FROM ledger_accounts WHERE user_id = 0 AND purpose = ${SePurpose.flexInterestExpense}) g
        ON g.asset = r.asset
      WHERE COALESCE(r.total, 0) <> COALESCE(g.total, 0)`,
  });
  registerSubledgerCheck({
    name: 'simple_earn.flexible_accrual',
    query: () => sql`
      SELECT COALESCE(p.asset, r.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(p.total, 0)::text AS actual
      FROM (SELECT p.asset, SUM(trunc(p.acc_offset + p.principal * pr.acc_index, 8)) + COALESCE(MIN(o.total), 0) AS total
            FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
            LEFT JOIN ${OPEN_HOUR_ROWS} o ON o.asset = p.asset GROUP BY p.asset) p
      FULL JOIN (SELECT asset, SUM(interest) AS total FROM se_flex_interest GROUP BY asset) r ON r.asset = p.asset
      WHERE COALESCE(p.total, 0) <> COALESCE(r.total, 0)`,
  });
  registerSubledgerCheck({
    name: 'simple_earn.flexible_interest_pool',
    query: () => sql`
      SELECT COALESCE(p.asset, g.asset) AS asset, COALESCE(p.total, 0)::text AS expected, COALESCE(g.total, 0)::text AS actual
      FROM (SELECT p.asset, SUM(trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn) + COALESCE(MIN(o.total), 0) AS total
            FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
            LEFT JOIN ${OPEN_HOUR_ROWS} o ON o.asset = p.asset GROUP BY p.asset) p
      FULL JOIN (SELECT asset, balance AS total FROM ledger_accounts WHERE user_id = 0 AND purpose = ${SePurpose.flexInterest}) g
        ON g.asset = p.asset
      WHERE COALESCE(p.total, 0) <> COALESCE(g.total, 0)`,
  });
  registerSubledgerCheck({
    name: 'simple_earn.flexible_bonus',
    query: () => sql`
      SELECT COALESCE(r.asset, g.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(g.total, 0)::text AS actual
      FROM (SELECT bonus_asset AS asset, SUM(bonus) AS total FROM se_flex_interest WHERE bonus > 0 GROUP BY bonus_asset) r
      FULL JOIN (SELECT asset, -balance AS total FROM ledger_accounts WHERE user_id = 0 AND purpose = ${SePurpose.flexBonusExpense}) g
        ON g.asset = r.asset
      WHERE COALESCE(r.total, 0) <> COALESCE(g.total, 0)`,
  });
  registerSubledgerCheck({
    name: 'simple_earn.fixed_principal',
    query: () => sql`
      SELECT COALESCE(o.asset, l.asset) AS asset, COALESCE(o.total, 0)::text AS expected, COALESCE(l.total, 0)::text AS actual
      FROM (SELECT asset, SUM(principal) AS total FROM se_fixed_orders WHERE status = 1 GROUP BY asset) o
      FULL JOIN (SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE purpose = ${UserPurpose.fixed} AND is_user GROUP BY asset) l
        ON l.asset = o.asset
      WHERE COALESCE(o.total, 0) <> COALESCE(l.total, 0)`,
  });
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

/**
 * The best APR a normal product pays, by the rule every screen uses (simple-earn/apr.ts): the most any
 * amount earns, and the amount it needs ("up to 15.23 % on the first 500 USDT").
 */
async function bestOffer(db: Db): Promise<BestOffer> {
  const flex = await db.select().from(seFlexProducts).where(eq(seFlexProducts.status, 1));
  const fixed = await db
    .select()
    .from(seFixedProducts)
    .where(
      and(
        eq(seFixedProducts.status, 1),
        eq(seFixedProducts.type, SimpleEarnProductType.normal),
        sql`${seFixedProducts.totalQuota} - ${seFixedProducts.soldAmount} >= ${seFixedProducts.minLendAmount}`,
      ),
    );
  const offers = [
    ...flex.map((p) => ({ asset: p.asset, up: aprUpTo(flexAprTerms(p)) })),
    ...fixed.map((p) => ({ asset: p.asset, up: aprUpTo(fixedProductAprTerms(p)) })),
  ].sort((a, b) => b.up.apr.cmp(a.up.apr) || a.asset.localeCompare(b.asset));
  const best = offers[0];
  return {
    line: 'simple-earn',
    asset: best?.asset ?? null,
    apr: best ? toWire(best.up.apr.times(100)) : null,
    up_to_amount: best?.up.amount ? toWire(best.up.amount) : null,
  };
}

const DAY = 86_400;

/** A demo product's Simplified Chinese texts (http/texts.ts). */
const zh = (texts: { title?: string; subtitle?: string }) => ({ i18n: { 'zh-CN': texts } });

async function seedDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
  const now = Math.floor(at.getTime() / 1000);
  const flex = [
    {
      asset: 'USDT',
      min_lend_amount: '1',
      next_time_rate_year: '0.0523',
      borrow_demand: '5000000',
      is_open_award_pool: true,
      award_asset: 'GT',
      ladder_apr: [
        { left: '0', right: '500', apr: '0.1' },
        { left: '500', right: '2000', apr: '0.03' },
      ],
      sort: 1,
    },
    { asset: 'BTC', min_lend_amount: '0.0001', next_time_rate_year: '0.0121', borrow_demand: '150', sort: 2 },
    { asset: 'ETH', min_lend_amount: '0.001', next_time_rate_year: '0.0218', borrow_demand: '2000', sort: 3 },
    {
      asset: 'GT',
      min_lend_amount: '0.1',
      next_time_rate_year: '0.0365',
      borrow_demand: '50000',
      limit_min_lend_rate_year: '0.5',
      max_lend_rate_year: '5',
      sort: 4,
    },
  ];
  for (const p of flex) await createFlexProduct(db, p);
  const common = { start_time: now - DAY, min_lend_amount: '10', total_quota: '2000000' };
  await createFixedProduct(
    db,
    {
      ...common,
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.045',
      title: 'USDT 7 days',
      pre_redeem: 1,
      ...zh({ title: 'USDT 7天定期' }),
    },
    at,
  );
  await createFixedProduct(
    db,
    {
      ...common,
      asset: 'USDT',
      lock_up_period: 30,
      year_rate: '0.08',
      title: 'USDT 30 days',
      ...zh({ title: 'USDT 30天定期' }),
      pre_redeem: 1,
      user_max_lend_volume: '100000',
    },
    at,
  );
  await createFixedProduct(
    db,
    {
      ...common,
      asset: 'USDT',
      lock_up_period: 90,
      year_rate: '0.1',
      title: 'USDT 90 days',
      subtitle: 'GT bonus on the first 1000',
      ...zh({ title: 'USDT 90天定期', subtitle: '前 1000 USDT 额外获得 GT 奖励' }),
      bonus_asset: 'GT',
      ladder_apr: [{ left: '0', right: '1000', apr: '0.02' }],
    },
    at,
  );
  await createFixedProduct(
    db,
    {
      ...common,
      asset: 'USDT',
      type: 2,
      min_vip: 1,
      max_vip: 16,
      lock_up_period: 30,
      year_rate: '0.12',
      title: 'VIP USDT 30 days',
      ...zh({ title: 'VIP 专享 USDT 30天定期' }),
    },
    at,
  );
  await createFixedProduct(
    db,
    {
      ...common,
      asset: 'USDT',
      type: 3,
      lock_up_period: 7,
      year_rate: '0.2',
      title: 'Newcomer special',
      subtitle: 'For your first fixed order',
      ...zh({ title: '新人专享', subtitle: '仅限您的首笔定期订单' }),
      total_quota: '100000',
      user_max_lend_volume: '500',
      reinvest: 0,
    },
    at,
  );
  await createFixedProduct(
    db,
    {
      ...common,
      asset: 'BTC',
      lock_up_period: 30,
      year_rate: '0.025',
      min_lend_amount: '0.001',
      total_quota: '50',
      title: 'BTC 30 days',
      ...zh({ title: 'BTC 30天定期' }),
    },
    at,
  );
  await createFixedProduct(
    db,
    {
      ...common,
      asset: 'ETH',
      lock_up_period: 30,
      year_rate: '0.04',
      min_lend_amount: '0.01',
      total_quota: '800',
      title: 'ETH 30 days',
      ...zh({ title: 'ETH 30天定期' }),
    },
    at,
  );
  const soldOut = await createFixedProduct(
    db,
    {
      ...common,
      asset: 'GT',
      lock_up_period: 14,
      year_rate: '0.15',
      min_lend_amount: '1',
      total_quota: '500',
      title: 'GT 14 days',
      ...zh({ title: 'GT 14天定期' }),
      pre_redeem: 1,
    },
    at,
  );
  await grantVoucher(
    db,
    {
      user: demoUserId,
      title: '+2% APR for 7 days',
      rate_day: 7,
      rate_ratio: '2',
      buy_limit_low: '100',
      buy_limit_high: '10000',
      using_currency: 'USDT',
      expired_timest: now + 30 * DAY,
    },
    at,
  );
  await grantVoucher(
    db,
    {
      user: demoUserId,
      title: '+5% APR for 3 days',
      rate_day: 3,
      rate_ratio: '5',
      buy_limit_low: '50',
      buy_limit_high: '0',
      using_currency: '',
      expired_timest: now + 14 * DAY,
    },
    at,
  );
  // The demo user's holdings: flexible USDT, and the whole GT 14-day quota (so a sold-out product shows).
  await subscribeFlexible(db, demoUserId, { asset: 'USDT', amount: '2000' }, at);
  await subscribeFixed(
    db,
    demoUserId,
    { product_id: soldOut.id, amount: '500', reinvest_status: 0, redeem_account_type: 1 },
    at,
  );
}

export const simpleEarnModule: EarnModule = {
  name: 'simple-earn',
  routes(app, deps) {
    registerChecks();
    registerSimpleEarnRoutes(app, deps);
    registerSimpleEarnAdminRoutes(app, deps);
  },
  jobs: () => simpleEarnJobs(),
  seedDemo,
  bestOffer,
};
