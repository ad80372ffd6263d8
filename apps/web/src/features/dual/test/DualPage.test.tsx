import { configure, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SIGNED_IN } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/render';
import { dualProductQueries } from '../api/index';
import DualPage from '../pages/DualPage';
import { BALANCES, dualServer, NOW, product } from './harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const DAY = 86_400;
const GRID = [
  product({ id: 1, target_price: '3000', settle_time: NOW + DAY, apr: '50' }),
  product({ id: 2, target_price: '2900', settle_time: NOW + DAY, apr: '21.5' }),
  product({ id: 3, target_price: '3000', settle_time: NOW + 3 * DAY, apr: '33.333' }),
];

function renderPage(products: unknown, route = '/dual') {
  const sent = dualServer({
    '/api/web/v1/auth/me': SIGNED_IN,
    '/api/health': { now: NOW, clock: 'test' },
    '/api/web/v1/wallet/balances': BALANCES,
    '/apiw/v2/earn/dual/products': products,
  });
  renderWithProviders(<DualPage />, { route });
  return sent;
}

describe('the dual page', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('lays the quotes out as targets × settlement times, nearest target first, with the quote time', async () => {
    const sent = renderPage({ list: GRID, total: 3 });
    const grid = await screen.findByTestId('dual-grid');
    const rows = within(grid).getAllByRole('row').slice(1);
    // Buy Low: the target nearest the market (the highest) first.
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '3,000 USDT',
      '2,900 USDT',
    ]);
    expect(screen.getByTestId('dual-cell-1')).toHaveTextContent('50.00%');
    expect(screen.getByTestId('dual-cell-2')).toHaveTextContent('21.50%');
    expect(screen.getByTestId('dual-cell-3')).toHaveTextContent('33.33%');
    // 2,900 at three days has no product: a dash.
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('—');
    // The quotes' time is the oldest quote's issue (expiry less 60 s), in UTC to the second.
    expect(screen.getByTestId('dual-quoted-at')).toHaveTextContent('2027-01-15 07:59:50 UTC');
    expect(screen.getByTestId('dual-index')).toHaveTextContent('BTC price: 3,100 USDT');
    const asked = sent.find((s) => s.path === '/apiw/v2/earn/dual/products');
    expect(asked?.query.get('coin')).toBe('BTC');
    expect(asked?.query.get('direction')).toBe('buy_low');
  });

  test('asks again for the other coin and direction, and reads the quotes every 10 seconds', async () => {
    const sent = renderPage({ list: GRID, total: 3 });
    await screen.findByTestId('dual-grid');
    await userEvent.click(screen.getByText('ETH'));
    await userEvent.click(screen.getByText('Sell High'));
    const last = sent.filter((s) => s.path === '/apiw/v2/earn/dual/products').at(-1);
    expect(last?.query.get('coin')).toBe('ETH');
    expect(last?.query.get('direction')).toBe('sell_high');
    expect(dualProductQueries.products('BTC', 'buy_low').refetchInterval).toBe(10_000);
  });

  test('says when nothing is open, and offers Retry when the read fails', async () => {
    renderPage({ list: [], total: 0 });
    expect(await screen.findByTestId('dual-products-empty')).toHaveTextContent(
      'No BTC products are open for subscription right now.',
    );
    vi.unstubAllGlobals();
    renderPage({ __status: 500, code: 500, message: 'boom' }, '/dual?coin=ETH');
    const failed = await screen.findByTestId('dual-products-error');
    expect(within(failed).getByRole('button')).toBeInTheDocument();
  });
});
