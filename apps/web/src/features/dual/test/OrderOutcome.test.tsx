import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch, SIGNED_IN } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/render';
import DualOrdersPage from '../pages/DualOrdersPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const base = {
  kind: 'dual',
  product_id: 4,
  amount: '1000',
  apr: '50',
  is_open: 0,
  settle_time: 1_800_000_000,
  reached_amount: '0.33378995',
  not_reached_amount: '1001.36986301',
  auto_compound: false,
  rolled_to: null,
  rolled_from: null,
  create_time: 1_799_900_000,
  expire_time: 1_800_000_000,
  update_time: 1_800_000_100,
};

describe('settled dual orders', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('show what they paid, in which coin, and why: the fixing price against the target', async () => {
    fakeFetch({
      '/api/web/v1/auth/me': SIGNED_IN,
      '/api/health': { now: 1_800_000_200, clock: 'test' },
      '/apiw/v2/earn/dual/orders': {
        list: [
          {
            ...base,
            order_id: 8,
            id: 8,
            direction: 'buy_low',
            invest_coin: 'USDT',
            exercise_coin: 'BTC',
            target_price: '3000',
            status: 'SETTLEMENT_SUCCESS',
            settle_price: '2999.99',
            settle_coin: 'BTC',
            settle_amount: '0.33378995',
          },
          {
            ...base,
            order_id: 9,
            id: 9,
            direction: 'sell_high',
            invest_coin: 'BTC',
            exercise_coin: 'USDT',
            amount: '0.5',
            target_price: '100000.5',
            status: 'SETTLEMENT_SUCCESS',
            settle_price: '100000.49',
            settle_coin: 'BTC',
            settle_amount: '0.50082191',
          },
          {
            ...base,
            order_id: 10,
            id: 10,
            direction: 'buy_low',
            invest_coin: 'USDT',
            exercise_coin: 'BTC',
            target_price: '3000',
            status: 'PROCESSING',
            is_open: 1,
            settle_price: null,
            settle_coin: null,
            settle_amount: null,
          },
        ],
        total: 3,
      },
    });
    renderWithProviders(<DualOrdersPage />, { route: '/dual/orders' });
    expect(await screen.findByTestId('dual-settled-8')).toHaveTextContent('0.33378995 BTC');
    expect(screen.getByTestId('dual-why-8')).toHaveTextContent(
      'The fixing price 2,999.99 USDT was at or below the target 3,000 USDT: bought BTC at the target.',
    );
    expect(screen.getByTestId('dual-settled-9')).toHaveTextContent('0.50082191 BTC');
    expect(screen.getByTestId('dual-why-9')).toHaveTextContent(
      'The fixing price 100,000.49 USDT was below the target 100,000.5 USDT: paid back in BTC with interest.',
    );
    expect(screen.getByTestId('dual-status-10')).toHaveTextContent('Processing');
    expect(screen.queryByTestId('dual-why-10')).toBeNull();
  });
});
