import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { HoldingBalance } from '../api/index';
import { RedeemModal } from '../dialogs/redeem/RedeemModal';
import { ME, product, solProduct } from './fixtures';
import { type Call, installDomStubs, type Routes, renderUi, stubApi } from './harness';

const BASE = '/apiw/v2/earn/staking';

const held = (over: Partial<HoldingBalance>): HoldingBalance => ({
  coin: 'SOL',
  pid: -1,
  protocol_name: '',
  mortgage_amount: '10',
  accrued_reward: '0',
  reward_coin: 'SOL',
  receipt_coin: '',
  receipt_amount: '0',
  ...over,
});

function routes(over: Partial<Routes> = {}): Routes {
  return {
    'GET /api/web/v1/auth/me': () => ({ ...ME, vip_tier: 0 }),
    [`GET ${BASE}/product`]: () => solProduct(),
    [`GET ${BASE}/balances`]: () => [held({})],
    ...over,
  };
}

async function openModal(r: Routes = routes(), coin = 'SOL', pid?: number) {
  const calls = stubApi(r);
  renderUi(<RedeemModal coin={coin} opened onClose={() => undefined} pid={pid} />);
  await screen.findByTestId('redeem-amount');
  return calls;
}

const amountInput = () => screen.getByTestId('redeem-amount');
const submit = () => screen.getByTestId('redeem-submit');
const view = () => screen.getByTestId('redeem-modal').getAttribute('data-view');

describe('redeem modal rules', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  test('blank: disabled without a message', async () => {
    await openModal();
    expect(submit()).toBeDisabled();
    expect(screen.getByTestId('redeem-fee')).toHaveTextContent('—');
  });

  test('below the minimum: redeem.number.minLimit', async () => {
    await openModal();
    await userEvent.type(amountInput(), '0.05');
    expect(await screen.findByText('The minimum redeem amount is 0.1 SOL')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  test('above what is held: redeem.maxLimit.insufficientBalance with number and coin', async () => {
    await openModal();
    await userEvent.type(amountInput(), '10.5');
    expect(await screen.findByText('You can redeem at most 10 SOL')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  test('standard: fee = amount × 0.1 % rounded down to 8 decimals; received = amount − fee', async () => {
    await openModal();
    await userEvent.type(amountInput(), '3.33333333');
    // 3.33333333 × 0.001 = 0.00333333333 → 0.00333333; received 3.33
    expect(screen.getByTestId('redeem-fee')).toHaveTextContent('0.00333333 SOL');
    expect(screen.getByTestId('redeem-received')).toHaveTextContent('3.33 SOL');
    expect(submit()).toBeEnabled();
  });

  test('a payout in redeem_coin: received stays in the coin, the payout is estimated at current prices', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () => {
          const p = solProduct();
          return { ...p, redeem_config: { ...p.redeem_config, redeem_coin: 'USDC' } };
        },
        'GET /api/web/v1/market/assets': () => [
          { asset: 'SOL', name: 'Solana', price_usdt: '150.5', precision: 8 },
          { asset: 'USDC', name: 'USD Coin', price_usdt: '1.0003', precision: 8 },
        ],
      }),
    );
    await userEvent.type(amountInput(), '3.33333333');
    expect(screen.getByTestId('redeem-received')).toHaveTextContent('3.33 SOL');
    // 3.33 × 150.5 / 1.0003 = 501.014695591…: 501.01469559 USDC (8 decimals, down)
    await waitFor(() =>
      expect(screen.getByTestId('redeem-paid-as')).toHaveTextContent('≈ 501.01469559 USDC'),
    );
    expect(screen.getByText('Paid out in USDC (estimate)')).toBeInTheDocument();
  });

  test('a VIP discount lowers the fee rate before rounding', async () => {
    await openModal(
      routes({
        'GET /api/web/v1/auth/me': () => ME,
        [`GET ${BASE}/product`]: () => ({
          ...solProduct(),
          vip_config: [{ min_tier: 1, max_tier: 5, vip_sale: '20' }],
        }),
      }),
    );
    await userEvent.type(amountInput(), '10');
    // 10 × 0.001 × 0.8 = 0.008
    expect(screen.getByTestId('redeem-fee')).toHaveTextContent('0.008 SOL');
  });

  test('quick: the type view shows fees, arrival and the daily quota; confirm returns to main', async () => {
    await openModal();
    await userEvent.type(amountInput(), '2');
    await userEvent.click(screen.getByTestId('open-redeem-type'));
    expect(view()).toBe('redeem_type_select');
    expect(screen.getByTestId('quick-quota')).toHaveTextContent('500 SOL');
    await userEvent.click(screen.getByTestId('redeem-type-quick'));
    await userEvent.click(screen.getByTestId('redeem-type-confirm'));
    expect(view()).toBe('main');
    expect(screen.getByTestId('open-redeem-type')).toHaveTextContent('Quick');
    // 2 × 0.5 % = 0.01
    expect(screen.getByTestId('redeem-fee')).toHaveTextContent('0.01 SOL');
  });

  test('quick is not selectable when the day quota left is below the minimum redeem', async () => {
    await openModal(routes({ [`GET ${BASE}/product`]: () => solProduct('0.05') }));
    await userEvent.click(screen.getByTestId('open-redeem-type'));
    expect(screen.getByTestId('redeem-type-quick')).toBeDisabled();
    expect(screen.getByText("Today's quick redemption quota is used up")).toBeInTheDocument();
  });

  test('quick is not offered without extra.redeem_quick', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () => product({ defi: [], is_defi: 0, coin: 'SOL' }),
      }),
    );
    expect(screen.queryByTestId('open-redeem-type')).toBeNull();
  });

  test('only protocols with a held amount are listed; a single one is chosen by itself', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () => product(),
        [`GET ${BASE}/balances`]: () => [
          held({ coin: 'ETH', pid: 2, protocol_name: 'Rocket Pool', mortgage_amount: '4' }),
        ],
      }),
      'ETH',
    );
    expect(screen.queryByTestId('redeem-defi-1')).toBeNull();
    expect(screen.getByTestId('redeem-defi-2')).toBeChecked();
    expect(screen.getByTestId('redeem-held')).toHaveTextContent('4 ETH');
  });

  test('redeem quick: sends side 1, quick 1 and shows the arrival from redeem_stamp', async () => {
    let sent: Call | undefined;
    await openModal(
      routes({
        [`POST ${BASE}/coin-redeem`]: (c) => {
          sent = c;
          return {
            order_id: 3,
            coin: 'SOL',
            pid: -1,
            amount: '2',
            fee: '0.01',
            received: '1.99',
            quick: 1,
            redeem_stamp: 1_700_001_800,
            reward_paid: '0',
            reward_coin: 'SOL',
          };
        },
      }),
    );
    await userEvent.type(amountInput(), '2');
    await userEvent.click(screen.getByTestId('open-redeem-type'));
    await userEvent.click(screen.getByTestId('redeem-type-quick'));
    await userEvent.click(screen.getByTestId('redeem-type-confirm'));
    await userEvent.click(submit());
    expect(await screen.findByText('Redeemed successfully')).toBeInTheDocument();
    expect(sent?.body).toEqual({ side: 1, coin: 'SOL', amount: '2', quick: 1 });
    expect(screen.getByTestId('success-received')).toHaveTextContent('1.99 SOL');
    await waitFor(() => expect(view()).toBe('redeem_success'));
  });

  test('a double click redeems once and tracks one submit click', async () => {
    const calls = await openModal(
      routes({
        [`POST ${BASE}/coin-redeem`]: () => ({
          order_id: 4,
          coin: 'SOL',
          pid: -1,
          amount: '2',
          fee: '0.002',
          received: '1.998',
          quick: 0,
          redeem_stamp: 1_700_086_400,
          reward_paid: '0',
          reward_coin: 'SOL',
        }),
      }),
    );
    await userEvent.type(amountInput(), '2');
    // Both clicks before React renders again.
    act(() => {
      submit().click();
      submit().click();
    });
    await waitFor(() => expect(view()).toBe('redeem_success'));
    expect(calls.filter((c) => c.path === `${BASE}/coin-redeem`)).toHaveLength(1);
    const tracked = calls
      .filter((c) => c.path === '/api/web/v1/analytics/events' && c.body?.name === 'staking.redeem.submit')
      .map((c) => c.body);
    expect(tracked).toEqual([
      { kind: 'click', name: 'staking.redeem.submit', payload: { coin: 'SOL', quick: 0 } },
    ]);
  });
});
