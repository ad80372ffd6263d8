import type { Db } from '../../infra/db/client';
import type { FixedProduct } from './model';
import type { FixedInput, FlexInput } from './schema/admin';
import { createFixedProduct, createFlexProduct, grantVoucher } from './service/admin-products';
import { subscribeFixed } from './service/subscribe-fixed';
import { subscribeFlexible } from './service/subscribe-flexible';

// The demo catalogue of simple earn and the demo user's first holdings (seeded once, on an empty database).

const DAY = 86_400;

/** A demo product's Simplified Chinese texts (http/texts.ts). */
const zh = (texts: { title?: string; subtitle?: string }) => ({ i18n: { 'zh-CN': texts } });

const FLEX_DEMO: FlexInput[] = [
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

/**
 * The demo fixed products, in the order they are created (their ids): USDT terms, a VIP and a
 * newcomer product, BTC and ETH, and last the GT 14 days whose quota the demo user takes whole.
 */
function fixedDemo(now: number): FixedInput[] {
  const common = { start_time: now - DAY, min_lend_amount: '10', total_quota: '2000000' };
  return [
    {
      ...common,
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.045',
      title: 'USDT 7 days',
      pre_redeem: 1,
      ...zh({ title: 'USDT 7天定期' }),
    },
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
  ];
}

export async function seedDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
  const now = Math.floor(at.getTime() / 1000);
  for (const p of FLEX_DEMO) await createFlexProduct(db, p);
  let soldOut: FixedProduct | undefined;
  for (const input of fixedDemo(now)) soldOut = await createFixedProduct(db, input, at);
  if (!soldOut) throw new Error('no demo fixed product');
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
