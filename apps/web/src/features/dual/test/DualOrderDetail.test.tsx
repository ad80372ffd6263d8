import '../i18n/register';
import { DUAL_ORDER_STATUSES, type DualOrderStatus } from '@earn/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
// The fetch stub and providers are shared with the staking screens' tests.
import { installDomStubs, renderUi, stubApi } from '../../../test/harness';
import type { DualOrder } from '../api/index';
import { DualOrderDetail } from '../pages/DualOrderDetail';
import DualOrdersPage from '../pages/DualOrdersPage';

// The order page with its list controls takes longer than a second to settle on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

const ME = {
  id: 7,
  email: 'demo@example.com',
  vip_tier: 0,
  account_mode: 'classic',
  fundpass_set: true,
  fundpass_mode: 'every_2h',
  created_at: 1_700_000_000,
};

function order(over: Partial<DualOrder> = {}): DualOrder {
  return {
    order_id: 11,
    id: 11,
    kind: 'dual',
    product_id: null,
    direction: null,
    settle_time: 1_796_216_400,
    settle_price: null,
    reached_amount: null,
    not_reached_amount: null,
    quote_time: null,
    auto_compound: false,
    rolled_to: null,
    rolled_from: null,
    invest_coin: 'BTC',
    exercise_coin: 'USDT',
    amount: '0.5',
    target_price: '98000',
    apr: '35.25',
    status: 'SETTLEMENT_SUCCESS',
    is_open: 0,
    settle_coin: 'USDT',
    settle_amount: '49123.45678901',
    create_time: 1_795_219_200,
    expire_time: 1_795_824_000,
    update_time: 1_795_827_600,
    ...over,
  };
}

describe('dual order detail', () => {
  beforeEach(() => installDomStubs());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  test('reads order-detail by order_id and shows every field of the order', async () => {
    const calls = stubApi({ 'GET /apiw/v2/earn/dual/order-detail': () => order() });
    renderUi(<DualOrderDetail order={{ order_id: 11, kind: 'dual' }} onClose={() => undefined} />);
    expect(await screen.findByTestId('dual-detail-status')).toHaveTextContent('Settled');
    expect(calls.map((c) => [c.path, c.query.get('order_id')])).toEqual([
      ['/apiw/v2/earn/dual/order-detail', '11'],
    ]);
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('dual-detail-id')).toBe('#11');
    expect(text('dual-detail-kind')).toBe('Dual Investment');
    expect(text('dual-detail-invest')).toBe('BTC');
    expect(text('dual-detail-exercise')).toBe('USDT');
    expect(text('dual-detail-amount')).toBe('0.5 BTC');
    // The target price in the pair's stablecoin, the APR with two decimals like every rate.
    expect(text('dual-detail-target')).toBe('98,000 USDT');
    expect(text('dual-detail-apr')).toBe('35.25%');
    expect(text('dual-detail-open')).toBe('No');
    expect(text('dual-detail-settlement')).toBe('49,123.45678901 USDT');
    for (const id of ['dual-detail-created', 'dual-detail-expire', 'dual-detail-updated']) {
      expect(text(id)).toMatch(/\d{2}:\d{2} UTC$/);
    }
    expect(text('dual-detail-status-help')).toBe('The order has been settled and the proceeds paid.');
  });

  test('a sniper order is read from dual-sniper/order; an open order has no settlement yet', async () => {
    const calls = stubApi({
      'GET /apiw/v2/earn/dual-sniper/order': () =>
        order({ kind: 'sniper', status: 'PROCESSING', is_open: 1, settle_coin: null, settle_amount: null }),
    });
    renderUi(<DualOrderDetail order={{ order_id: 11, kind: 'sniper' }} onClose={() => undefined} />);
    expect(await screen.findByTestId('dual-detail-status')).toHaveAttribute('data-status', 'PROCESSING');
    expect(calls[0]?.path).toBe('/apiw/v2/earn/dual-sniper/order');
    expect(screen.getByTestId('dual-detail-kind')).toHaveTextContent('Dual Sniper');
    expect(screen.getByTestId('dual-detail-open')).toHaveTextContent('Yes');
    expect(screen.getByTestId('dual-detail-settlement')).toHaveTextContent('—');
  });

  test.each(DUAL_ORDER_STATUSES.map((s) => [s]))(
    'status %s is worded in English and Chinese',
    async (status) => {
      stubApi({ 'GET /apiw/v2/earn/dual/order-detail': () => order({ status: status as DualOrderStatus }) });
      renderUi(<DualOrderDetail order={{ order_id: 11, kind: 'dual' }} onClose={() => undefined} />);
      const badge = await screen.findByTestId('dual-detail-status');
      expect(badge).toHaveAttribute('data-status', status);
      expect(badge.textContent).toBe(i18next.t(`dual.status.${status}`));
      expect(screen.getByTestId('dual-detail-status-help').textContent).not.toBe(`dual.statusHelp.${status}`);
      await i18next.changeLanguage('zh-CN');
      await waitFor(() =>
        expect(badge.textContent).toBe(i18next.getResource('zh-CN', 'translation', `dual.status.${status}`)),
      );
      expect(screen.getByTestId('dual-detail-status-help').textContent).toBe(
        i18next.getResource('zh-CN', 'translation', `dual.statusHelp.${status}`),
      );
    },
  );

  test('an error offers a retry that reads the order again', async () => {
    let fail = true;
    stubApi({
      'GET /apiw/v2/earn/dual/order-detail': () =>
        fail
          ? {
              code: 40400,
              status: 404,
              message: 'dual order not found',
              data: { key: 'common.notFound', params: {} },
            }
          : order({ status: 'EXPIRED' }),
    });
    renderUi(<DualOrderDetail order={{ order_id: 11, kind: 'dual' }} onClose={() => undefined} />);
    const retry = await screen.findByTestId('dual-detail-retry');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('dual-detail-status')).toHaveTextContent('Expired');
  });

  test('the order list opens an order in the detail view with the keyboard', async () => {
    stubApi({
      'GET /api/web/v1/auth/me': () => ME,
      'GET /apiw/v2/earn/dual/orders': () => ({
        list: [order({ status: 'CANCELING', is_open: 1 })],
        total: 1,
      }),
      'GET /apiw/v2/earn/dual/order-detail': () => order({ status: 'CANCELING', is_open: 1 }),
    });
    renderUi(<DualOrdersPage />);
    const view = await screen.findByRole('button', { name: 'View order #11' });
    view.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(await within(dialog).findByTestId('dual-detail-status')).toHaveTextContent('Cancelling');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
