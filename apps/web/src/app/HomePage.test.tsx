import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../features/simple-earn/test/fakeApi';
import { i18next } from '../i18n';
import { renderWithProviders } from '../test/render';
import HomePage from './HomePage';

describe('home page best offers (issue 17)', () => {
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
});
