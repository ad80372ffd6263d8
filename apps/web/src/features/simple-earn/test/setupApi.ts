import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';
import { fakeApi, type Reply } from '../../../test/fakeApi';
import type { ProductDetail } from '../api/types';
import { detail, fixedProduct, flexEntry } from './fixtures';

export const NOW = 1_795_237_200;

// Toasts live in a module-level store that outlives each render: start every test without them.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

export const VOUCHER = {
  id: 1,
  financial_rate_id: 1,
  title: '+2% APR for 7 days',
  rate_day: 7,
  rate_ratio: '2',
  buy_limit_low: '100',
  buy_limit_high: '10000',
  using_currency: 'USDT',
  expired_timest: NOW + 86_400,
};

/** The calls every simple-earn screen makes, with overridable answers. */
export function earnApi(
  opts: {
    products?: ProductDetail[];
    vipTier?: number;
    available?: string;
    lendable?: Record<string, unknown>;
    vouchers?: unknown[];
    locked?: boolean;
    accountMode?: string;
    extra?: Record<string, (c: import('../../../test/fakeApi').Call) => Reply | unknown>;
  } = {},
) {
  const products = opts.products ?? [
    detail([
      flexEntry(),
      fixedProduct({ id: 2, user_max_lend_volume: '300' }),
      fixedProduct({ id: 8, lock_up_period: 14, sale_status: 2 }),
    ]),
  ];
  return fakeApi({
    'GET /api/web/v1/auth/me': () => ({
      id: 1,
      email: 'demo@example.com',
      vip_tier: opts.vipTier ?? 0,
      account_mode: opts.accountMode ?? 'classic',
      fundpass_set: true,
      fundpass_mode: 'every_2h',
      created_at: NOW,
    }),
    'GET /api/health': () => ({ now: NOW, clock: 'test' }),
    'GET /apiw/v2/uni-loan/earn/coin-info': () => ({ list: products }),
    'POST /apiw/v2/account/spot/asset/outable': () => [
      {
        asset: 'USDT',
        outable: opts.available ?? '500',
        lend_earn_available: opts.available ?? '500',
        available: opts.available ?? '500',
        mode: 'classic',
      },
    ],
    'GET /apiw/v2/fixed_earn/api/user/lendable': (c) => ({
      product_id: Number(c.query.get('product_id')),
      lendable: '300',
      user_remaining: '300',
      product_remaining: '1000',
      sale_status: 1,
      ...opts.lendable,
    }),
    'GET /apiw/v2/uni-loan/earn/coupon-recommend': () => ({ list: opts.vouchers ?? [VOUCHER], total: 1 }),
    'GET /apiw/v2/uni-loan/earn/subscribe': () => ({ list: [], total: 0 }),
    'GET /apiw/v2/uni-loan/earn/autoivest': () => ({
      global_status: 0,
      list: [{ asset: 'USDT', status: 0 }],
    }),
    'GET /apiw/v2/uni-loan/earn/chart': () => ({ list: [] }),
    'GET /apiw/v2/account/spot/trading/home': () => ({ use_funding: !!opts.locked, locked: !!opts.locked }),
    ...opts.extra,
  });
}
