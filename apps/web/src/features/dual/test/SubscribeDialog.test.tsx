import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SIGNED_IN } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/render';
import type { DualProduct } from '../api/index';
import DualPage from '../pages/DualPage';
import { BALANCES, dualServer, NOW, product, type Sent } from './harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

/**
 * The rule, computed here on its own: (amount + amount × APR × seconds ÷ 31,536,000), 8
 * decimals down, the seconds from the quote's time (the server's) to the settlement.
 */
function expected(p: DualProduct, amount: string, apr: string, quoteTime = p.quote_time) {
  const seconds = p.settle_time - quoteTime;
  const gross = new Decimal(amount).plus(new Decimal(amount).mul(apr).div(100).mul(seconds).div(31_536_000));
  const converted = p.direction === 'sell_high' ? gross.mul(p.target_price) : gross.div(p.target_price);
  return {
    reached: converted.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8),
    notReached: gross.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8),
  };
}

const group = (s: string) => {
  const [i = '', f = ''] = s.split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}`;
};

function order(p: DualProduct, amount: string, apr: string) {
  const e = expected(p, amount, apr);
  return {
    order_id: 91,
    id: 91,
    kind: 'dual',
    product_id: p.id,
    direction: p.direction,
    invest_coin: p.invest_coin,
    exercise_coin: p.exercise_coin,
    amount,
    target_price: p.target_price,
    apr,
    status: 'PROCESSING',
    is_open: 1,
    settle_time: p.settle_time,
    settle_price: null,
    settle_coin: null,
    settle_amount: null,
    reached_amount: e.reached,
    not_reached_amount: e.notReached,
    quote_time: p.quote_time,
    auto_compound: false,
    rolled_to: null,
    rolled_from: null,
    create_time: NOW,
    expire_time: p.settle_time,
    update_time: NOW,
  };
}

async function open(p: DualProduct, subscribe: (call: Sent) => unknown, serverNow = NOW) {
  const sent = dualServer({
    '/api/web/v1/auth/me': SIGNED_IN,
    '/api/health': { now: serverNow, clock: 'test' },
    '/api/web/v1/wallet/balances': BALANCES,
    '/apiw/v2/earn/dual/products': { list: [p], total: 1 },
    '/apiw/v2/earn/dual/subscribe': subscribe,
    '/apiw/v2/earn/dual/orders': { list: [], total: 0 },
  });
  renderWithProviders(<DualPage />, { route: `/dual?direction=${p.direction}` });
  await userEvent.click(await screen.findByTestId(`dual-cell-${p.id}`));
  await screen.findByTestId('dual-subscribe');
  return sent;
}

const posts = (sent: Sent[]) => sent.filter((s) => s.path === '/apiw/v2/earn/dual/subscribe');

describe('the dual subscribe dialog', () => {
  beforeEach(() => {
    // Only Date: the server clock's offset is then 0 and "now" is NOW to the second.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('Buy Low: shows both outcomes to the 8th decimal, then books one order on a double click', async () => {
    const p = product({ quote_time: NOW, quote_expire_time: NOW + 60 });
    const sent = await open(p, (call) => order(p, String(call.body?.amount), p.apr));
    await userEvent.type(await screen.findByTestId('dual-sub-amount'), '1000');
    const e = expected(p, '1000', '50');
    // 1000 USDT at 50 % for a day: 1001.36986301 USDT back, or 0.33378995 BTC at 3,000.
    expect(e).toEqual({ reached: '0.33378995', notReached: '1001.36986301' });
    expect(await screen.findByTestId('dual-outcome-reached-amount')).toHaveTextContent('0.33378995 BTC');
    expect(screen.getByTestId('dual-outcome-notReached-amount')).toHaveTextContent('1,001.36986301 USDT');
    expect(screen.getByTestId('dual-outcome-reached')).toHaveTextContent(
      'If the price is at or below 3,000 USDT',
    );
    expect(screen.getByTestId('dual-sub-remaining')).toHaveTextContent('80,000 USDT');
    await userEvent.dblClick(screen.getByTestId('dual-sub-confirm'));
    expect(await screen.findByTestId('dual-success')).toBeInTheDocument();
    expect(posts(sent)).toHaveLength(1);
    expect(posts(sent)[0]?.body).toMatchObject({ product_id: 11, amount: '1000', quote_id: p.quote_id });
    expect(posts(sent)[0]?.key).toBeTruthy();
    expect(screen.getByTestId('dual-success-outcome-reached-amount')).toHaveTextContent('0.33378995 BTC');
  });

  test('Sell High: the outcomes in USDT at the target and in BTC, each to the 8th decimal', async () => {
    const p = product({
      id: 12,
      direction: 'sell_high',
      invest_coin: 'BTC',
      exercise_coin: 'USDT',
      target_price: '100000.5',
      settle_time: NOW + 3 * 86_400,
      quote_time: NOW,
      quote_expire_time: NOW + 60,
      apr: '20',
      min_amount: '0.01',
      max_amount: null,
      remaining_quota: '10',
    });
    await open(p, () => order(p, '0.5', '20'));
    await userEvent.type(await screen.findByTestId('dual-sub-amount'), '0.5');
    const e = expected(p, '0.5', '20');
    expect(e).toEqual({ reached: '50082.44219178', notReached: '0.50082191' });
    expect(await screen.findByTestId('dual-outcome-reached-amount')).toHaveTextContent(
      `${group(e.reached)} USDT`,
    );
    expect(screen.getByTestId('dual-outcome-notReached-amount')).toHaveTextContent('0.50082191 BTC');
    expect(screen.getByTestId('dual-sub-max')).toHaveTextContent('No limit');
  });

  test('filters the amount as the other lines do, and refuses below the minimum before sending', async () => {
    const p = product();
    const sent = await open(p, () => order(p, '5', '50'));
    const input = await screen.findByTestId('dual-sub-amount');
    await userEvent.type(input, '-.123456789');
    expect(input).toHaveValue('0.12345678');
    expect(await screen.findByText('The minimum is 10 USDT')).toBeInTheDocument();
    expect(screen.getByTestId('dual-sub-confirm')).toBeDisabled();
    expect(posts(sent)).toHaveLength(0);
  });

  test('a moved quote: nothing booked, the new APR and its outcomes shown, confirmed again at the new quote', async () => {
    const p = product();
    let tries = 0;
    const sent = await open(p, (call) => {
      tries += 1;
      if (tries === 1)
        return {
          __status: 409,
          code: 40910,
          message: 'The price has moved; here is the new APR',
          data: {
            key: 'dual.quote.moved',
            params: { apr: '60' },
            apr: '60',
            quote_id: '11-1800000000-bbbb',
            quote_time: NOW,
            quote_expire_time: NOW + 60,
          },
        };
      return order(p, String(call.body?.amount), '60');
    });
    await userEvent.type(await screen.findByTestId('dual-sub-amount'), '1000');
    await userEvent.click(screen.getByTestId('dual-sub-confirm'));
    expect(await screen.findByTestId('dual-sub-moved')).toHaveTextContent(
      'The price moved: the APR is now 60.00% (was 50.00%). Nothing was booked.',
    );
    // The new quote's figures count from its own time (NOW), not the first quote's (NOW − 10).
    const e = expected(p, '1000', '60', NOW);
    expect(screen.getByTestId('dual-outcome-notReached-amount')).toHaveTextContent(
      `${group(e.notReached)} USDT`,
    );
    expect(screen.getByTestId('dual-outcome-reached-amount')).toHaveTextContent(`${e.reached} BTC`);
    expect(screen.getByTestId('dual-sub-apr')).toHaveTextContent('60.00%');
    expect(screen.getByTestId('dual-sub-confirm')).toHaveTextContent('Confirm at 60.00%');
    await userEvent.click(screen.getByTestId('dual-sub-confirm'));
    expect(await screen.findByTestId('dual-success')).toHaveTextContent('at 60.00% APR');
    expect(posts(sent).map((s) => s.body?.quote_id)).toEqual([p.quote_id, '11-1800000000-bbbb']);
  });

  test("the figures count from the quote's time, whatever the browser thinks the server's clock says", async () => {
    // The server's clock (a frozen test clock) says 900 s more than the browser's: neither enters the
    // figures, which count from the quote the list gave (issued 37 s before NOW), as the server pays.
    const p = product({ quote_time: NOW - 37, quote_expire_time: NOW + 23, settle_time: NOW + 86_400 });
    await open(p, (call) => order(p, String(call.body?.amount), p.apr), NOW + 900);
    await userEvent.type(await screen.findByTestId('dual-sub-amount'), '2500');
    const e = expected(p, '2500', '50');
    // 2,500 USDT at 50 % for 86,437 s: 2,503.42612411 USDT back, or 0.83447537 BTC at 3,000.
    expect(e).toEqual({ reached: '0.83447537', notReached: '2503.42612411' });
    expect(await screen.findByTestId('dual-outcome-reached-amount')).toHaveTextContent('0.83447537 BTC');
    expect(screen.getByTestId('dual-outcome-notReached-amount')).toHaveTextContent('2,503.42612411 USDT');
  });

  test('a product whose target the market crossed: refused with its key, nothing booked, the grid read again', async () => {
    const p = product();
    const sent = await open(p, () => ({
      __status: 422,
      code: 42240,
      message: 'The price has crossed this product’s target; it takes no more subscriptions',
      data: { key: 'dual.product.targetCrossed', params: { price: '3000', target: '3000' } },
    }));
    const reads = () => sent.filter((s) => s.path === '/apiw/v2/earn/dual/products').length;
    const before = reads();
    await userEvent.type(await screen.findByTestId('dual-sub-amount'), '1000');
    await userEvent.click(screen.getByTestId('dual-sub-confirm'));
    expect(
      await screen.findByText(
        'The price (3000 USDT) has crossed this product’s target (3000 USDT): it no longer takes subscriptions. Nothing was booked.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('dual-success')).toBeNull();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});
