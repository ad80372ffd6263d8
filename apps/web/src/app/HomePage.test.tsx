import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { i18next } from '../i18n';
import { fakeApi } from '../test/fakeApi';
import { renderWithProviders } from '../test/render';
import HomePage from './HomePage';

describe('home page best offers (issue 17)', { timeout: 30_000 }, () => {
  test('a best APR that needs a limited amount says which amount', async () => {
    fakeApi({
      'GET /api/web/v1/auth/me': () => ({ status: 401, code: 401, message: 'login' }),
      'GET /api/web/v1/earn/home': () => ({
        lines: [
          { line: 'simple-earn', asset: 'USDT', apr: '15.23', up_to_amount: '500' },
          { line: 'launch-pool', asset: 'GT', apr: '44.941368078175895765', up_to_amount: null },
          { line: 'staking', asset: 'ETH', apr: '0.365', up_to_amount: null },
        ],
      }),
    });
    renderWithProviders(<HomePage />);
    expect(await screen.findByTestId('best-amount-simple-earn')).toHaveTextContent(
      i18next.t('home.onFirst', { amount: '500', coin: 'USDT' }),
    );
    expect(screen.getByText('15.23%')).toBeInTheDocument();
    expect(screen.getByText('44.94%')).toBeInTheDocument();
    // Rounded half up like every other rate, not cut: 0.365 is not 0.36%.
    expect(screen.getByText('0.37%')).toBeInTheDocument();
    expect(screen.queryByTestId('best-amount-launch-pool')).not.toBeInTheDocument();
  });

  test('each card opens the tab that lists its advertised product (wealth type 5, a dual pair and direction)', async () => {
    fakeApi({
      'GET /api/web/v1/auth/me': () => ({ status: 401, code: 401, message: 'login' }),
      'GET /api/web/v1/earn/home': () => ({
        lines: [
          { line: 'wealth', asset: 'BTC', apr: '6.83', query: { type: '5' } },
          { line: 'dual', asset: 'ETH', apr: '31.2', query: { coin: 'ETH', direction: 'sell_high' } },
          { line: 'staking', asset: 'ETH', apr: '4.1' },
        ],
      }),
    });
    const { container } = renderWithProviders(<HomePage />);
    await screen.findByText('6.83%');
    const card = (line: string) => container.querySelector(`[data-line="${line}"]`);
    expect(card('wealth')).toHaveAttribute('href', '/wealth?type=5');
    expect(card('dual')).toHaveAttribute('href', '/dual?coin=ETH&direction=sell_high');
    // A line whose page lists every product opens it as it is.
    expect(card('staking')).toHaveAttribute('href', '/staking');
  });

  test("signed in: the header's total earn assets in USDT from the overview, linking to /earn", {
    timeout: 30_000,
  }, async () => {
    fakeApi({
      'GET /api/web/v1/auth/me': () => ({
        id: 1,
        email: 'demo@example.com',
        vip_tier: 0,
        account_mode: 'classic',
      }),
      'GET /api/web/v1/earn/home': () => ({ lines: [] }),
      'GET /api/web/v1/earn/overview': () => ({
        as_of: 1,
        total_usdt: '12345.6789',
        total_btc: null,
        yesterday_usdt: '0',
        cumulative_usdt: '0',
        lines: [],
        upcoming: [],
      }),
    });
    renderWithProviders(<HomePage />, { width: 1400 });
    expect(await screen.findByTestId('header-earn-total', {}, { timeout: 15_000 })).toHaveTextContent(
      '12,345.67 USDT', // amounts are cut, never rounded up, as on /earn
    );
    expect(screen.getByTestId('header-earn')).toHaveAttribute('href', '/earn');
  });

  test('a visitor gets no earn figure in the header and no overview call', async () => {
    const calls: string[] = [];
    fakeApi({
      'GET /api/web/v1/auth/me': () => ({ status: 401, code: 401, message: 'login' }),
      'GET /api/web/v1/earn/home': () => ({ lines: [] }),
      'GET /api/web/v1/earn/overview': () => {
        calls.push('overview');
        return {};
      },
    });
    renderWithProviders(<HomePage />);
    expect(await screen.findAllByText(i18next.t('home.noOffer'))).not.toHaveLength(0);
    expect(screen.queryByTestId('header-earn')).toBeNull();
    expect(calls).toEqual([]);
  });
});
