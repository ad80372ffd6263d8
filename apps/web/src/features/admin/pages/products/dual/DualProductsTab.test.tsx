import { screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { DualProduct } from '../../../api/types';
import { fakeApi, renderConsole } from '../../../test/harness';
import { DualProductsTab } from './DualProductsTab';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const SETTLE = 1_796_216_400;

const product = (id: number, over: Partial<DualProduct> = {}): DualProduct => ({
  id,
  base_coin: 'BTC',
  invest_coin: 'BTC',
  exercise_coin: 'USDT',
  direction: 'sell_high',
  target_price: '100000',
  settle_time: SETTLE,
  subscribe_end_time: SETTLE - 3600,
  apr: '23.45',
  apr_type: 'quoted',
  min_amount: '0.01',
  max_amount: null,
  total_quota: '10',
  remaining_quota: '8.5',
  index_price: '95000',
  quote_id: `${id}-1-x`,
  quote_time: 1,
  quote_expire_time: 61,
  status: 'open',
  crossed: false,
  sold: '1.5',
  fixed_apr: null,
  fixing_price: null,
  attempts: 0,
  retry_time: null,
  settled_time: null,
  orders: 3,
  ...over,
});

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /admin/api/dual/products': () => [
      200,
      { list: [product(1), product(2, { status: 'settled', fixing_price: '101000.5' })], total: 2 },
    ],
    'GET /admin/api/dual/pairs': () => [200, { list: [{ base_coin: 'BTC', volatility: '60', margin: '5' }] }],
    'GET /admin/api/dual/exposure': () => [
      200,
      {
        exposure: [
          {
            base_coin: 'BTC',
            direction: 'sell_high',
            settle_time: SETTLE,
            products: 1,
            orders: 3,
            open_amount: { BTC: '1.5' },
            pays_if_reached: { USDT: '150123.45678901' },
            pays_if_not_reached: { BTC: '1.50123456' },
          },
        ],
        runs: [
          {
            id: 5,
            product_id: 2,
            outcome: 'settled',
            fixing_price: '101000.5',
            reached: true,
            orders: 2,
            totals: { USDT: '202001' },
            time: SETTLE - 86_400,
          },
        ],
      },
    ],
    ...extra,
  });
}

describe('the dual products tab', () => {
  test('lists products, pairs, and the exposure per pair and settlement time with units', async () => {
    api();
    renderConsole(<DualProductsTab />);
    const table = await screen.findByTestId('dualp-table');
    expect(within(table.querySelector('tr[data-row="1"]') as HTMLElement).getByText('1.5 BTC')).toBeTruthy();
    expect(within(table).getByText('101,000.5 USDT')).toBeTruthy();
    expect(screen.getByTestId('dualp-status-2')).toHaveTextContent('Settled');
    const exposure = await screen.findByTestId('dualexp-table');
    expect(within(exposure).getByText('150,123.45678901 USDT')).toBeTruthy();
    expect(within(exposure).getByText('1.50123456 BTC')).toBeTruthy();
    expect(within(exposure).getByText('2026-12-02 13:00:00 UTC')).toBeTruthy();
    expect(within(await screen.findByTestId('dualrun-table')).getByText('202,001 USDT')).toBeTruthy();
    expect(within(await screen.findByTestId('dualpair-table')).getByText('60 %')).toBeTruthy();
    // Only an open product can be withdrawn.
    expect(screen.getByTestId('dualp-1-cancel')).toBeTruthy();
    expect(screen.queryByTestId('dualp-2-cancel')).toBeNull();
  });

  test('cancels a product once on a double click, with one Idempotency-Key', async () => {
    const calls = api({
      'POST /admin/api/dual/products/1/cancel': () => [200, { product_id: 1, canceled_orders: 3 }],
    });
    renderConsole(<DualProductsTab />);
    await userEvent.click(await screen.findByTestId('dualp-1-cancel'));
    await userEvent.dblClick(await screen.findByTestId('dualp-cancel-confirm'));
    expect(await screen.findByTestId('dualp-cancel-done')).toHaveTextContent(
      'Cancelled: 3 orders paid back.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  test('creates a quoted product: an empty APR is not sent', async () => {
    const calls = api({
      'POST /admin/api/dual/products': (body) => [200, { ...product(3), ...(body as object) }],
    });
    renderConsole(<DualProductsTab />);
    await userEvent.click(await screen.findByTestId('dualp-create'));
    const dialog = await screen.findByTestId('dualp-form');
    const field = (key: string) => dialog.querySelector(`input[data-field="${key}"]`) as HTMLInputElement;
    await userEvent.click(field('direction'));
    await userEvent.click(await screen.findByRole('option', { name: 'Sell High' }));
    await userEvent.type(field('invest_coin'), 'BTC');
    await userEvent.type(field('exercise_coin'), 'USDT');
    await userEvent.type(field('target_price'), '100000');
    await userEvent.type(field('settle_time'), '2026-12-02 13:00');
    await userEvent.type(field('min_amount'), '0.01');
    await userEvent.type(field('total_quota'), '10');
    await userEvent.click(within(dialog).getByTestId('form-review'));
    await userEvent.click(await within(dialog).findByTestId('form-save'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      direction: 'sell_high',
      invest_coin: 'BTC',
      exercise_coin: 'USDT',
      target_price: '100000',
      settle_time: SETTLE,
      min_amount: '0.01',
      total_quota: '10',
    });
  });
});
