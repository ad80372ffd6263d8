import '../i18n/register';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
// The test harness (fetch stub, providers) is shared with the staking screens' tests.
import { type Call, installDomStubs, renderUi, stubApi } from '../../../test/harness';
import { renderWithProviders } from '../../../test/render';
import { setViewportWidth } from '../../../test/viewport';
import type { WealthOrder, WealthProduct } from '../api/index';
import { WealthRedeemModal } from '../dialogs/RedeemModal';
import { SubscribeModal } from '../dialogs/SubscribeModal';

const BASE = '/apiw/v2/earn/private-wealth';

const product: WealthProduct = {
  pid: 1,
  project_type: 4,
  name: 'Stable Yield Private Fund',
  coin: 'USDT',
  min_purchase: '100',
  vip_min_tier: 1,
  net_value_ratio: '1.01815644',
  net_value_time: 1_795_219_200,
  recent_30_days_rate: '3.0684',
  run_days: 180,
  show_interest: 1,
  disclaimer: '/asset-management/institution/disclaimer',
  description: '',
  status: 'online',
};

const order: WealthOrder = {
  order_id: 1,
  pid: 1,
  project_type: 4,
  name: 'Stable Yield Private Fund',
  coin: 'USDT',
  amount: '1999.99999966',
  unit: '1964.334675',
  redeeming_unit: '0',
  cost: '2000',
  show_interest: 1,
  income_amount: '-0.00000034',
  net_value_ratio: '1.01815644',
  net_value_ratio_buy: '1.01815644',
  recent_30_days_rate: '3.0684',
  run_days: 180,
  client_id: '1',
};

const outable = () => [
  { asset: 'USDT', outable: '5000', available: '5000', lend_earn_available: '5000', mode: 'classic' },
];

describe('wealth subscribe modal', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  async function open(extra: Record<string, (c: Call) => unknown> = {}) {
    const calls = stubApi({
      'POST /apiw/v2/account/spot/asset/outable': outable,
      [`POST ${BASE}/disclaimer`]: () => ({
        kind: 'wealth_disclaimer',
        document: product.disclaimer,
        accepted: 1,
        accepted_at: 1,
      }),
      ...extra,
    });
    renderUi(<SubscribeModal product={product} opened onClose={() => undefined} />);
    await screen.findByText('Available: 5,000 USDT');
    return calls;
  }
  const input = () => screen.getByTestId('wealth-amount');
  const submit = () => screen.getByTestId('wealth-subscribe-submit');

  test('above available: finances.inadequateBalance', async () => {
    await open();
    await userEvent.type(input(), '5000.5');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  test('below the minimum purchase: less.minimum.amount with amount and coin', async () => {
    await open();
    await userEvent.type(input(), '99.99');
    expect(await screen.findByText('Below the minimum purchase of 100 USDT')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  test('the disclaimer checkbox is required; precision 8; estimated units 6 decimals down', async () => {
    await open();
    // A ninth decimal is not taken (the one AmountInput filters it, issue 27).
    await userEvent.type(input(), '1000.123456789');
    expect(input()).toHaveValue('1000.12345678');
    // 1000.12345678 / 1.01815644 = 982.28859288… (decimal.js), cut to 6 places
    expect(screen.getByTestId('wealth-est-units')).toHaveTextContent('982.288592');
    expect(submit()).toBeDisabled();
    await userEvent.click(screen.getByTestId('wealth-disclaimer'));
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(submit()).toBeEnabled();
  });

  test('a disabled Subscribe says why: no amount, then the disclaimer; none once it may be sent', async () => {
    await open();
    const why = () => screen.queryByTestId('wealth-subscribe-submit-reason');
    expect(submit()).toBeDisabled();
    expect(why()).toHaveAttribute('data-reason', 'Enter an amount first.');
    expect(submit()).toHaveAccessibleDescription('Enter an amount first.');
    await userEvent.type(input(), '99');
    expect(why()).toHaveAttribute(
      'data-reason',
      'Correct the amount first: Below the minimum purchase of 100 USDT',
    );
    await userEvent.type(input(), '0');
    expect(why()).toHaveAttribute('data-reason', 'Tick the disclaimer first.');
    await userEvent.click(screen.getByTestId('wealth-disclaimer'));
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(why()).toBeNull();
  });

  test('on a phone the reason is written under Subscribe', async () => {
    stubApi({ 'POST /apiw/v2/account/spot/asset/outable': outable });
    renderWithProviders(<SubscribeModal product={product} opened onClose={() => undefined} />, {
      width: 375,
    });
    await screen.findByText('Available: 5,000 USDT');
    expect(screen.getByTestId('wealth-subscribe-submit-reason')).toHaveTextContent('Enter an amount first.');
    expect(screen.getByTestId('wealth-subscribe-submit-reason')).toBeVisible();
    setViewportWidth(1400);
  });

  test('subscribe sends pid, amount and project_type, then shows the success view', async () => {
    let sent: Call | undefined;
    await open({
      [`POST ${BASE}/purchase`]: (c) => {
        sent = c;
        return {
          order_id: 1,
          pid: 1,
          amount: '1000',
          unit: '982.166485',
          net_value_ratio: '1.01815644',
          total_unit: '2946.50116',
        };
      },
    });
    await userEvent.type(input(), '1000');
    await userEvent.click(screen.getByTestId('wealth-disclaimer'));
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    expect(await screen.findByText('Subscription successful')).toBeInTheDocument();
    expect(sent?.body).toEqual({ pid: 1, amount: '1000', project_type: 4 });
    expect(screen.getByTestId('wealth-success-units')).toHaveTextContent('982.166485');
  });

  test('offline: Subscribe is off, the dialog says why, nothing is sent; back online it goes once', async () => {
    const sent: Call[] = [];
    await open({
      [`POST ${BASE}/purchase`]: (c) => {
        sent.push(c);
        return {
          order_id: 1,
          pid: 1,
          amount: '1000',
          unit: '982.166485',
          net_value_ratio: '1.01815644',
          total_unit: '982.166485',
        };
      },
    });
    await userEvent.type(input(), '1000');
    await userEvent.click(screen.getByTestId('wealth-disclaimer'));
    await waitFor(() => expect(submit()).toBeEnabled());
    act(() => onlineManager.setOnline(false));
    try {
      expect(await screen.findByTestId('offline-notice')).toHaveTextContent(
        'You are offline: nothing has been sent. Connect again, then confirm.',
      );
      expect(submit()).toBeDisabled();
      await userEvent.type(input(), '{Enter}');
      expect(sent).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    expect(await screen.findByText('Subscription successful')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  test('a failure code keeps the form', async () => {
    await open({
      [`POST ${BASE}/purchase`]: () => ({
        code: 42200,
        status: 422,
        message: 'refused',
        data: { key: 'wealth.nav.missing', params: {} },
      }),
    });
    await userEvent.type(input(), '1000');
    await userEvent.click(screen.getByTestId('wealth-disclaimer'));
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('wealth-subscribe-modal')).toHaveAttribute('data-view', 'form'),
    );
    expect(screen.queryByText('Subscription successful')).toBeNull();
  });
});

describe('wealth redeem modal', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  const input = () => screen.getByTestId('wealth-units');
  const submit = () => screen.getByTestId('wealth-redeem-submit');

  test('zero keeps the button disabled; above held: less.redeemable.units', async () => {
    stubApi({});
    renderUi(<WealthRedeemModal order={order} opened onClose={() => undefined} />);
    await userEvent.type(input(), '0');
    expect(submit()).toBeDisabled();
    await userEvent.clear(input());
    await userEvent.type(input(), '1964.334676');
    expect(await screen.findByText('Exceeds your redeemable units (1964.334675)')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByTestId('wealth-redeem-submit-reason')).toHaveAttribute(
        'data-reason',
        'Correct the amount first: Exceeds your redeemable units (1964.334675)',
      ),
    );
    await userEvent.clear(input());
    await waitFor(() =>
      expect(screen.getByTestId('wealth-redeem-submit-reason')).toHaveAttribute(
        'data-reason',
        'Enter the units to redeem first.',
      ),
    );
  });

  test('precision 6; sends pid and unit; success view', async () => {
    let sent: Call | undefined;
    stubApi({
      [`POST ${BASE}/redeem`]: (c) => {
        sent = c;
        return { redeem_id: 4, order_id: 1, pid: 1, unit: '100.5', status: 'pending' };
      },
    });
    renderUi(<WealthRedeemModal order={order} opened onClose={() => undefined} />);
    await userEvent.type(input(), '100.5000001');
    expect(input()).toHaveValue('100.500000');
    // 100.5 × 1.01815644 = 102.32472222
    expect(screen.getByTestId('wealth-est-value')).toHaveTextContent('≈ 102.32472222 USDT');
    await userEvent.click(submit());
    expect(await screen.findByText('Redemption submitted')).toBeInTheDocument();
    expect(sent?.body).toEqual({ pid: 1, unit: '100.5' });
  });
});
