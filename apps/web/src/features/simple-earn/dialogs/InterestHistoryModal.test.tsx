import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { flexHolding } from '../test/fixtures';
import { earnApi, NOW } from '../test/setupApi';
import { AprDetailModal } from './AprDetailModal';
import { InterestHistoryModal } from './InterestHistoryModal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

describe('interest history dialog (screen 9)', () => {
  test('7 a page for the coin over the last 30 days of the server clock; the type is remembered', async () => {
    // The demo's test clock runs 10 days ahead of the browser.
    const serverNow = NOW + 10 * 86_400;
    const api = earnApi({
      extra: {
        'GET /api/health': () => ({ now: serverNow, clock: 'test' }),
        'GET /apiw/v2/uni-loan/earn/history': () => ({ list: [], total: 0 }),
      },
    });
    renderWithProviders(<InterestHistoryModal asset="USDT" onClose={() => undefined} />);
    expect(await screen.findByText(t('noRecord'))).toBeInTheDocument();
    await waitFor(() => {
      const last = api.to('GET /apiw/v2/uni-loan/earn/history').at(-1);
      expect(last?.query.get('asset')).toBe('USDT');
      expect(last?.query.get('limit')).toBe('7');
      expect(last?.query.get('type')).toBe('3');
      // The range ends with the server's day, not the browser's.
      expect(Number(last?.query.get('end_at'))).toBeGreaterThanOrEqual(serverNow);
      expect(Number(last?.query.get('start_at'))).toBeLessThanOrEqual(serverNow - 30 * 86_400);
    });
    await userEvent.click(screen.getByRole('radio', { name: t('se.type.4') }));
    expect(localStorage.getItem('simple-earn.user_interest_history_type')).toBe('4');
    await waitFor(() =>
      expect(api.to('GET /apiw/v2/uni-loan/earn/history').at(-1)?.query.get('type')).toBe('4'),
    );
  });
});

describe('interest history rows', () => {
  const row = (over: Record<string, unknown>) => ({
    type: 3,
    mode: 0,
    sub_business: 0,
    asset: 'USDT',
    amount: '0.01194064',
    time_at: NOW,
    create_at: NOW,
    finish_at: NOW,
    unique_time: NOW,
    order_id: 0,
    lend_principal: '2000',
    lend_rate_year: '0.0523',
    coupon_principal: '0',
    coupon_interest: '0',
    rate_ratio: '0',
    bonus_amount: '0',
    bonus_asset: '',
    redeem_type: 0,
    blended_apr: '0',
    product_asset: 'USDT',
    ...over,
  });

  test('what was lent carries the holding coin, and each hour opens its breakdown (a bonus hour in its bonus coin)', async () => {
    earnApi({
      extra: {
        'GET /apiw/v2/uni-loan/earn/history': (c) =>
          c.query.get('type') === '4'
            ? { list: [row({ type: 4, asset: 'GT', amount: '0.00058875', bonus_asset: 'GT' })], total: 1 }
            : { list: [row({})], total: 1 },
      },
    });
    localStorage.removeItem('simple-earn.user_interest_history_type');
    renderWithProviders(<InterestHistoryModal asset="USDT" onClose={() => undefined} />);
    const table = await screen.findByTestId('interest-history-table');
    await waitFor(() => expect(table).toHaveTextContent('0.01194064 USDT'));
    expect(table).toHaveTextContent('2,000 USDT');
    expect(
      screen.getByRole('button', { name: t('why.buttonLabel', { amount: '0.01194064', coin: 'USDT' }) }),
    );
    await userEvent.click(screen.getByRole('radio', { name: t('se.type.4') }));
    await waitFor(() => expect(table).toHaveTextContent('0.00058875 GT'));
    // The bonus is paid in GT; what earned it was 2,000 USDT lent.
    expect(table).toHaveTextContent('2,000 USDT');
    expect(
      screen.getByRole('button', { name: t('why.buttonLabel', { amount: '0.00058875', coin: 'GT' }) }),
    ).toBeInTheDocument();
  });
});

describe('APR detail dialog (screen 8)', () => {
  test('the trend says no data when the chart is empty; the edit tab holds the minimum APR form', async () => {
    earnApi();
    renderWithProviders(
      <AprDetailModal holding={flexHolding({ min_lend_rate_year: '0.02' })} onClose={() => undefined} />,
    );
    expect(await screen.findByText(t('finances.noData'))).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('apr-edit-tab'));
    expect(await screen.findByTestId('min-apr-input')).toHaveValue('2');
  });
});
