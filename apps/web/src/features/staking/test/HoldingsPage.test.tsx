import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import HoldingsPage from '../pages/HoldingsPage';
import { ME } from './fixtures';
import { installDomStubs, renderUi, stubApi } from './harness';

const BASE = '/apiw/v2/earn/staking';

describe('staking holdings page', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  test('lists each position with the receipt tokens minted for it, a dash where there are none', async () => {
    stubApi({
      'GET /api/web/v1/auth/me': () => ME,
      [`GET ${BASE}/lock-balances`]: () => ({
        list: [
          {
            coin: 'ETH',
            pid: 1,
            protocol_name: 'Lido',
            mortgage_amount: '1.23456789',
            accrued_reward: '0',
            reward_coin: 'ETH',
            receipt_coin: 'GTETH',
            receipt_amount: '1.22731289',
          },
          {
            coin: 'GT',
            pid: -1,
            protocol_name: '',
            mortgage_amount: '100',
            accrued_reward: '0.5',
            reward_coin: 'GT',
            receipt_coin: '',
            receipt_amount: '0',
          },
        ],
        redeeming: [],
        total: 2,
      }),
    });
    renderUi(<HoldingsPage />);
    expect(await screen.findByText('1.22731289 GTETH')).toBeInTheDocument();
    expect(screen.getByText('Receipt tokens')).toBeInTheDocument();
    const gtRow = screen.getByText('GT').closest('tr');
    expect(gtRow).not.toBeNull();
    expect(gtRow?.textContent).toContain('—');
    expect(gtRow?.textContent).toContain('0.5 GT');
    // Every amount carries its coin, the staked one too (it read a bare 100 beside 0.5 GT).
    expect(gtRow?.textContent).toContain('100 GT');
    expect(screen.getByText('1.23456789 ETH')).toBeInTheDocument();
  });
});
