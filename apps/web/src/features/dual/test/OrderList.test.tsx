import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch, SIGNED_IN } from '../../../test/fakeFetch';
import { LocationProbe, shownQuery } from '../../../test/location';
import { renderWithProviders } from '../../../test/render';
import DualOrdersPage from '../pages/DualOrdersPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const order = (id: number, invest: string, exercise: string, apr: string) => ({
  order_id: id,
  kind: 'dual',
  invest_coin: invest,
  exercise_coin: exercise,
  amount: '100',
  target_price: '2',
  apr,
  status: 'INIT',
  is_open: 1,
  settle_coin: null,
  settle_amount: null,
  create_time: 1_799_000_000,
  expire_time: 1_800_000_000,
});

function renderAt(route: string) {
  const asked = fakeFetch({
    '/api/web/v1/auth/me': SIGNED_IN,
    '/api/health': { now: 1_800_000_000, clock: 'test' },
    '/apiw/v2/earn/dual/orders': (q: URLSearchParams) =>
      q.get('coin') === 'DOGE'
        ? { list: [], total: 0 }
        : { list: [order(3, 'USDT', 'BTC', '40'), order(1, 'BTC', 'USDT', '12.5')], total: 2 },
  });
  renderWithProviders(
    <>
      <DualOrdersPage />
      <LocationProbe />
    </>,
    { route },
  );
  return () => asked.filter((u) => u.pathname === '/apiw/v2/earn/dual/orders');
}

describe('dual order list', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a link with a coin, a sort, a status and a page asks the server for exactly those', async () => {
    const asked = renderAt('/dual/orders?q=btc&sort=apr-desc&status=open&page=2');
    await screen.findByTestId('dual-status-3');
    const q = asked()[0]?.searchParams;
    expect(q?.get('coin')).toBe('BTC');
    expect(q?.get('sort')).toBe('apr_desc');
    expect(q?.get('status')).toBe('INIT,PROCESSING,SETTLEMENT_PROCESSING,CANCELING');
    expect(q?.get('page')).toBe('2');
    expect(screen.getByTestId('dual-list-sort')).toHaveValue('APR: high to low');
  });

  test('a new sort goes back to page 1; a coin with no orders says so and Clear resets the status', async () => {
    const asked = renderAt('/dual/orders?status=open&page=3');
    await screen.findByTestId('dual-status-3');
    await userEvent.click(screen.getByTestId('dual-list-sort'));
    await userEvent.click(await screen.findByRole('option', { name: 'Settlement date: soonest first' }));
    await waitFor(() => expect(asked().at(-1)?.searchParams.get('sort')).toBe('expire_asc'));
    expect(asked().at(-1)?.searchParams.get('page')).toBe('1');
    await userEvent.type(screen.getByTestId('dual-list-search'), 'doge');
    expect(await screen.findByTestId('dual-list-no-match')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('dual-list-clear'));
    await waitFor(() => expect(shownQuery().toString()).toBe('sort=expire-asc'));
  });

  test('each order reads its APR with two decimals and its target price in the pair stablecoin, either way round', async () => {
    renderAt('/dual/orders');
    const rows = async () => {
      await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(2));
      return [...document.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? '');
    };
    const [first, second] = await rows();
    expect(first).toContain('40.00%');
    expect(first).toContain('2 USDT');
    expect(second).toContain('12.50%');
    expect(second).toContain('2 USDT');
  });
});
