import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RedeemModal } from '../dialogs/redeem/RedeemModal';
import { ME, product } from './fixtures';
import { installDomStubs, renderUi, stubApi } from './harness';

const BASE = '/apiw/v2/earn/staking';

/**
 * Walk (issue 27): redeeming 1 ETH said "Fee rate 0.1 %" and "Fee 0.0008 ETH": the fee had the VIP 1
 * discount (20 % off) taken off, which the rate did not say. The rate now names the discount.
 */
describe('the redeem fee rate of a VIP', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  /** The redeem dialog of a user at `vipTier` holding 2 ETH in Lido, with 1 ETH typed. */
  async function redeemOneEth(vipTier: number): Promise<void> {
    stubApi({
      'GET /api/web/v1/auth/me': () => ({ ...ME, vip_tier: vipTier }),
      [`GET ${BASE}/product`]: () => product(),
      [`GET ${BASE}/balances`]: () => [
        {
          coin: 'ETH',
          pid: 1,
          protocol_name: 'Lido',
          mortgage_amount: '2',
          accrued_reward: '0',
          reward_coin: 'ETH',
          receipt_coin: '',
          receipt_amount: '0',
        },
      ],
    });
    renderUi(<RedeemModal coin="ETH" opened onClose={() => undefined} pid={1} />);
    await userEvent.type(await screen.findByTestId('redeem-amount'), '1');
  }

  test('VIP 1 with 20 % off: "0.1% · VIP 1: 20% off", and 1 ETH pays 0.0008 ETH', async () => {
    await redeemOneEth(1);
    expect(await screen.findByTestId('redeem-fee')).toHaveTextContent('0.0008 ETH');
    expect(screen.getByTestId('redeem-fee-rate')).toHaveTextContent('0.1% · VIP 1: 20% off');
  });

  test('without a discount the rate stands alone', async () => {
    await redeemOneEth(0);
    expect(await screen.findByTestId('redeem-fee')).toHaveTextContent('0.001 ETH');
    expect(screen.getByTestId('redeem-fee-rate')).toHaveTextContent(/^.*0\.1%$/);
  });
});
