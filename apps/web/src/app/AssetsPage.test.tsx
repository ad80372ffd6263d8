import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { renderWithProviders } from '../test/render';
import AssetsPage from './AssetsPage';

describe('assets page total (issue 17)', () => {
  test('adds what the user holds in earn to the spot total, and says how it splits', async () => {
    fakeApi({
      'GET /api/web/v1/auth/me': () => ({
        id: 1,
        email: 'demo@example.com',
        vip_tier: 0,
        account_mode: 'classic',
      }),
      'GET /api/web/v1/wallet/balances': () => ({
        list: [{ asset: 'USDT', available: '100.5', usdt_value: '100.5' }],
        total_usdt: '100.5',
      }),
      'GET /apiw/v2/market/tickers': () => [],
      'GET /api/web/v1/earn/overview': () => ({
        as_of: 1,
        total_usdt: '9400.12345678',
        total_btc: null,
        yesterday_usdt: '0',
        cumulative_usdt: '0',
        lines: [],
        upcoming: [],
      }),
    });
    renderWithProviders(<AssetsPage />, { width: 1400 });
    expect(await screen.findByTestId('assets-split')).toHaveTextContent('Spot 100.50 + Earn 9,400.12 USDT');
    expect(screen.getByTestId('assets-total')).toHaveTextContent('9,500.62');
  });
});
