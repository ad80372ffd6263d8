import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18next, setLanguage } from '../../../../i18n';
import { fakeApi, renderConsole } from '../../test/harness';
import UserPage from './UserPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const DEMO = {
  id: 1,
  email: 'demo@example.com',
  vip_tier: 1,
  trading_volume_60d: '125000',
  account_mode: 'classic',
  compliance_menu: [],
  compliance_business: [],
  locked: false,
  use_funding: false,
  first_open: true,
  fundpass_mode: 'every_2h',
  balances: [
    { asset: 'USDT', purpose: 'dual', balance: '100' },
    { asset: 'USDT', purpose: 'spot', balance: '19890' },
  ],
};

/**
 * Walk (issue 27): the console's user page in Chinese said "dual" for the dual-investment balance and
 * "every_2h" for the funding-password mode, where every other account and setting was in Chinese.
 */
describe("a user's page in the console", () => {
  test('in Chinese: the dual-investment account and the funding-password mode are named, not coded', async () => {
    await setLanguage('zh-CN');
    fakeApi({
      'GET /admin/api/users/1': () => [200, DEMO],
      'GET /admin/api/users/1/positions': () => [200, { lines: [] }],
      'GET /admin/api/users/1/history': () => [200, { list: [], next_cursor: null }],
      'GET /admin/api/clock': () => [200, { kind: 'test', now: 1_790_000_000 }],
    });
    renderConsole(<UserPage />, { path: '/admin/users/1', route: '/admin/users/:user' });
    const balances = await screen.findByTestId('user-balances');
    await waitFor(() =>
      expect(within(balances).getByText(i18next.t('admin.purpose.dual'))).toBeInTheDocument(),
    );
    expect(i18next.t('admin.purpose.dual')).toBe('双币投资');
    expect(within(balances).queryByText('dual')).toBeNull();
    expect(screen.getByTestId('user-fundpass-mode')).toHaveTextContent('每 2 小时验证一次');
  });
});
