import { configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import HistoryPage from '../pages/HistoryPage';
import { earnApi, NOW } from '../test/setupApi';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const day = NOW - (NOW % 86_400);
const dailyRow = {
  type: 3,
  mode: 0,
  sub_business: 0,
  asset: 'USDT',
  amount: '0.01194063',
  time_at: day,
  create_at: day,
  finish_at: day,
  unique_time: day,
  order_id: 0,
  lend_principal: '0',
  lend_rate_year: '0',
  coupon_principal: '0',
  coupon_interest: '0',
  rate_ratio: '0',
  bonus_amount: '0',
  bonus_asset: '',
  redeem_type: 0,
  hours: 2,
};

function historyApi(flexInterest: number) {
  return earnApi({
    extra: {
      'GET /apiw/v2/uni-loan/earn/history': (c) => {
        if (c.query.get('limit') === '1') return { list: [], total: flexInterest };
        if (c.query.get('is_daily_log') === '1') return { list: [dailyRow], total: 1 };
        return {
          list: [
            {
              ...dailyRow,
              amount: '0.00597032',
              time_at: day + 7200,
              lend_principal: '1000',
              lend_rate_year: '0.0523',
              hours: undefined,
            },
            {
              ...dailyRow,
              amount: '0.00597031',
              time_at: day + 3600,
              lend_principal: '1000',
              lend_rate_year: '0.0523',
              hours: undefined,
            },
          ],
          total: 2,
        };
      },
      'GET /apiw/v2/fixed_earn/api/user/history': () => ({ list: [], total: 0 }),
      'GET /apiw/v2/uni-loan/earn/history/coins': () => ({ list: ['USDT', 'BTC'] }),
    },
  });
}

describe('history (section 4 default, daily rows with hours)', () => {
  test('with flexible interest: flexible interest by day, expandable to its hours', async () => {
    // A browser east of UTC: the days and hours are still UTC's.
    // Put back as it was, unset included (assigning undefined would set the zone "undefined").
    vi.stubEnv('TZ', 'Asia/Shanghai');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const api = historyApi(5);
    renderWithProviders(<HistoryPage />, { route: '/simple-earn/history' });
    await userEvent.click(await screen.findByTestId('daily-expand'));
    await waitFor(() => expect(screen.getByTestId('hourly-rows')).toHaveTextContent('0.00597032'));
    // Each hour opens its breakdown ("Why this reward"). Waited for: the rows are in the page while
    // the day is still opening (display: none), where a button has no role yet (it failed so once).
    await waitFor(() =>
      expect(
        within(screen.getByTestId('hourly-rows')).getByRole('button', { name: /0\.00597032 USDT/ }),
      ).toBeInTheDocument(),
    );
    const daily = api
      .to('GET /apiw/v2/uni-loan/earn/history')
      .find((c) => c.query.get('is_daily_log') === '1');
    expect(daily?.query.get('type')).toBe('3');
    expect(daily?.query.get('is_time_zone')).toBe('1');
    // Days in UTC whatever the browser's zone, as their dates are written; hours say their zone.
    expect(daily?.query.get('time_zone')).toBe('+00:00');
    expect(screen.getByTestId('hourly-rows')).toHaveTextContent(/\d{2}:00 UTC/);
    const hourly = api.to('GET /apiw/v2/uni-loan/earn/history').find((c) => c.query.get('limit') === '25');
    expect(hourly?.query.get('start_at')).toBe(String(day));
    expect(hourly?.query.get('end_at')).toBe(String(day + 86_399));
    expect(localStorage.getItem('simple-earn.history.1')).toBe('flexible:3');
  });

  test('without flexible interest: fixed interest', async () => {
    const api = historyApi(0);
    renderWithProviders(<HistoryPage />, { route: '/simple-earn/history' });
    await waitFor(() => expect(api.to('GET /apiw/v2/fixed_earn/api/user/history').length).toBeGreaterThan(0));
    expect(api.to('GET /apiw/v2/fixed_earn/api/user/history')[0]?.query.get('type')).toBe('3');
    expect(screen.getByTestId('history-tab-fixed')).toHaveAttribute('aria-selected', 'true');
  });

  test("the user's last tab and type come back; an explicit query wins", async () => {
    localStorage.setItem('simple-earn.history.1', 'fixed:5');
    const api = historyApi(5);
    const { unmount } = renderWithProviders(<HistoryPage />, { route: '/simple-earn/history' });
    await waitFor(() =>
      expect(api.to('GET /apiw/v2/fixed_earn/api/user/history')[0]?.query.get('type')).toBe('5'),
    );
    unmount();
    renderWithProviders(<HistoryPage />, { route: '/simple-earn/history?tab=flexible&type=2' });
    await waitFor(() =>
      expect(
        api
          .to('GET /apiw/v2/uni-loan/earn/history')
          .some((c) => c.query.get('type') === '2' && c.query.get('is_daily_log') === '0'),
      ).toBe(true),
    );
  });

  test('a flexible bonus hour opens its breakdown by the holding coin, whatever coin the bonus paid', async () => {
    const api = earnApi({
      extra: {
        'GET /apiw/v2/uni-loan/earn/history': (c) =>
          c.query.get('type') === '4'
            ? {
                list: [
                  {
                    ...dailyRow,
                    type: 4,
                    asset: 'GT',
                    amount: '0.04787502',
                    time_at: day + 7200,
                    bonus_amount: '0.04787502',
                    bonus_asset: 'GT',
                    product_asset: 'BTC',
                    hours: undefined,
                  },
                ],
                total: 1,
              }
            : { list: [], total: 0 },
        'GET /apiw/v2/uni-loan/earn/history/coins': () => ({ list: ['BTC'] }),
        'GET /api/web/v1/earn/rewards/breakdown': () => ({ code: 404, status: 404, message: 'not found' }),
      },
    });
    renderWithProviders(<HistoryPage />, { route: '/simple-earn/history?tab=flexible&type=4' });
    await userEvent.click(await screen.findByRole('button', { name: /0\.04787502 GT/ }));
    await waitFor(() => expect(api.to('GET /api/web/v1/earn/rewards/breakdown').length).toBe(1));
    const q = api.to('GET /api/web/v1/earn/rewards/breakdown')[0]?.query;
    expect([q?.get('kind'), q?.get('coin'), q?.get('hour')]).toEqual([
      'flexible_bonus_hour',
      'BTC',
      String(day + 7200),
    ]);
  });
});
