import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch, SIGNED_IN } from '../../../test/fakeFetch';
import { LocationProbe, shownQuery } from '../../../test/location';
import { renderWithProviders } from '../../../test/render';
import WealthPage from '../pages/WealthPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const product = (pid: number, name: string, coin: string, rate: string | null, type = 4) => ({
  pid,
  project_type: type,
  name,
  coin,
  min_purchase: '100',
  vip_min_tier: 0,
  net_value_ratio: '1.01',
  net_value_time: 1_799_000_000,
  recent_30_days_rate: rate,
  run_days: 40,
  show_interest: 1,
  disclaimer: '',
  description: '',
  status: 'online',
});

function renderAt(route: string, more: Record<string, unknown> = {}) {
  fakeFetch({
    ...more,
    '/api/web/v1/auth/me': SIGNED_IN,
    '/api/health': { now: 1_800_000_000, clock: 'test' },
    '/apiw/v2/earn/private-wealth/products': {
      list: [
        product(1, 'Stable Yield', 'USDT', '2.94'),
        product(2, 'Bitcoin Alpha', 'BTC', '8.1'),
        product(3, 'Ether Carry', 'ETH', null),
        product(4, 'Managed Basket', 'USDT', '5', 5),
      ],
      total: 4,
    },
    '/apiw/v2/earn/private-wealth/orders': more['/apiw/v2/earn/private-wealth/orders'] ?? {
      list: [{ order_id: 9, pid: 1, name: 'Stable Yield', coin: 'USDT', amount: '2000', unit: '1964.3' }],
      total: 1,
    },
  });
  return renderWithProviders(
    <>
      <WealthPage />
      <LocationProbe />
    </>,
    { route },
  );
}

const pids = () =>
  screen.getAllByTestId(/^wealth-subscribe-\d+$/).map((el) => Number(el.dataset.testid?.split('-')[2]));

describe('wealth product list', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('by the 30-day rate both ways, a product without one last; a name finds its product', async () => {
    const view = renderAt('/wealth');
    await waitFor(() => expect(pids()).toEqual([2, 1, 3]));
    view.unmount();
    renderAt('/wealth?sort=apr-asc&q=alpha');
    await waitFor(() => expect(pids()).toEqual([2]));
    await userEvent.clear(screen.getByTestId('wealth-list-search'));
    await waitFor(() => expect(pids()).toEqual([1, 2, 3]));
    expect(shownQuery().get('sort')).toBe('apr-asc');
  });

  test('the net asset value is written with the coin one unit is worth', async () => {
    renderAt('/wealth');
    await waitFor(() => expect(pids()).toHaveLength(3));
    expect(screen.getAllByText('1.01 USDT').length).toBeGreaterThan(0);
  });

  test("a holding's value (units × NAV) shows to a cent's worth of its coin; its units stay exact", async () => {
    const asset = (symbol: string, price: string) => ({
      asset: symbol,
      name: symbol,
      price_usdt: price,
      precision: 8,
      is_support_launchpool: 0,
      is_support_staking: 0,
      is_support_lend_earn: 0,
    });
    renderAt('/wealth', {
      '/api/web/v1/market/assets': [asset('USDT', '1'), asset('BTC', '60000')],
      '/apiw/v2/earn/private-wealth/orders': {
        list: [
          {
            order_id: 9,
            pid: 1,
            name: 'Stable Yield',
            coin: 'USDT',
            amount: '1999.99999966',
            unit: '1980.198019',
          },
          {
            order_id: 10,
            pid: 2,
            name: 'Bitcoin Alpha',
            coin: 'BTC',
            amount: '0.03456789',
            unit: '0.034226',
          },
        ],
        total: 2,
      },
    });
    const table = await screen.findByTestId('wealth-orders');
    await waitFor(() => expect(table).toHaveTextContent('1,999.99 USDT'));
    expect(table).toHaveTextContent('0.0345678 BTC');
    expect(table).not.toHaveTextContent('1,999.99999966');
    expect(table).toHaveTextContent('1,980.198019');
  });

  test('my positions only keeps the products held; the type tab is in the URL too', async () => {
    renderAt('/wealth');
    await waitFor(() => expect(pids()).toHaveLength(3));
    await userEvent.click(await screen.findByTestId('wealth-list-mine'));
    await waitFor(() => expect(pids()).toEqual([1]));
    await userEvent.click(screen.getByText('Asset management'));
    expect(await screen.findByTestId('wealth-list-no-match')).toHaveTextContent(
      'You hold none of the products that match.',
    );
    expect([shownQuery().get('type'), shownQuery().get('mine')]).toEqual(['5', '1']);
  });
});
