import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { DualOrder } from '../../api/types';
import { fakeApi, renderConsole } from '../../test/harness';
import { DualTab } from './DualTab';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });

const order = (id: number, over: Partial<DualOrder>): DualOrder => ({
  order_id: id,
  id,
  kind: 'dual',
  product_id: null,
  direction: null,
  settle_time: 1_796_216_400,
  settle_price: null,
  reached_amount: null,
  not_reached_amount: null,
  quote_time: null,
  auto_compound: false,
  rolled_to: null,
  rolled_from: null,
  invest_coin: 'USDT',
  exercise_coin: 'BTC',
  amount: '1500',
  target_price: '95000',
  apr: '50',
  status: 'INIT',
  is_open: 1,
  settle_coin: null,
  settle_amount: null,
  create_time: 1_795_780_800,
  expire_time: 1_796_216_400,
  update_time: 1_795_780_800,
  user_id: 1,
  ...over,
});

describe('the dual orders tab', () => {
  test('quotes every target price in the pair’s stablecoin, whichever coin was invested', async () => {
    fakeApi({
      'GET /admin/api/dual/orders': () => [
        200,
        {
          list: [
            order(2, { invest_coin: 'USDT', exercise_coin: 'BTC', amount: '1500' }),
            order(1, { kind: 'sniper', invest_coin: 'BTC', exercise_coin: 'USDT', amount: '0.01' }),
          ],
          total: 2,
        },
      ],
    });
    renderConsole(<DualTab />);
    const table = await screen.findByTestId('dual-table');
    const usdtRow = within(table.querySelector('tr[data-row="2"]') as HTMLElement);
    expect(usdtRow.getByText('1,500 USDT')).toBeTruthy();
    // A BTC target price of 95,000 BTC would be a price in the wrong coin.
    expect(usdtRow.getByText('95,000 USDT')).toBeTruthy();
    expect(usdtRow.queryByText('95,000 BTC')).toBeNull();
    const btcRow = within(table.querySelector('tr[data-row="1"]') as HTMLElement);
    expect(btcRow.getByText('0.01 BTC')).toBeTruthy();
    expect(btcRow.getByText('95,000 USDT')).toBeTruthy();
  });

  test('names the pager’s arrows', async () => {
    fakeApi({ 'GET /admin/api/dual/orders': () => [200, { list: [order(1, {})], total: 1 }] });
    renderConsole(<DualTab />);
    await screen.findByTestId('dual-table');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  test('pages by the total of every order: 45 orders are three pages, and page 3 is asked for', async () => {
    const calls = fakeApi({
      'GET /admin/api/dual/orders': () => [200, { list: [order(1, {})], total: 45 }],
    });
    renderConsole(<DualTab />);
    await screen.findByTestId('dual-table');
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/admin/api/dual/orders?page=3&limit=20'));
  });
});
