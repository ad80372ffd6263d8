import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18next, setLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import type { EarnEarnings, EarnOverview } from '../api/index';
import OverviewPage from './OverviewPage';

// The chart draws on a canvas jsdom lacks: a stand-in shows the points it was given.
vi.mock('../../../components/TrendChart', () => ({
  TrendChart: ({ data, label }: { data: { time: number; value: string }[]; label: string }) => (
    <ol aria-label={label} data-testid="chart">
      {data.map((p) => (
        <li key={p.time}>{`${p.time}:${p.value}`}</li>
      ))}
    </ol>
  ),
}));

const ME = { id: 1, email: 'demo@example.com', vip_tier: 0, account_mode: 'classic', fundpass_set: true };
const OVERVIEW: EarnOverview = {
  as_of: 1_796_200_000,
  total_usdt: '9400.12345678',
  total_btc: '0.09400123',
  yesterday_usdt: '0.92054',
  cumulative_usdt: '1.84108',
  lines: [
    {
      line: 'simple_earn_flexible',
      total_usdt: '8400.12345678',
      assets: [{ asset: 'ETH', amount: '2.00043829', usdt: '8400.12345678' }],
    },
    {
      line: 'simple_earn_fixed',
      total_usdt: '1000',
      assets: [{ asset: 'USDT', amount: '1000', usdt: '1000' }],
    },
  ],
  upcoming: [
    {
      kind: 'maturity',
      line: 'simple_earn_fixed',
      asset: 'USDT',
      amount: '1000.9589041',
      at: 1_796_601_600,
      estimated: false,
    },
  ],
};
const earnings = (days: number): EarnEarnings => ({
  days: Array.from({ length: days }, (_, i) => ({
    day: `d${i}`,
    start: 1_796_000_000 + i * 86_400,
    usdt: i === days - 1 ? '0.92054' : '0',
  })),
  total_usdt: '0.92054',
});

afterEach(() => void setLanguage('en'));

describe('earn overview page', () => {
  test('shows the totals, the split by product and coin, the chart and what comes next, as the API answers', async () => {
    const api = fakeApi({
      'GET /api/web/v1/auth/me': () => ME,
      'GET /api/web/v1/earn/overview': () => OVERVIEW,
      'GET /api/web/v1/earn/earnings': (c) => earnings(Number(c.query.get('days'))),
    });
    renderWithProviders(<OverviewPage />, { width: 1400 });
    expect(await screen.findByTestId('eo-total')).toHaveTextContent('9,400.12');
    expect(screen.getByText('≈ 0.09400123 BTC')).toBeInTheDocument();
    expect(screen.getByTestId('eo-yesterday')).toHaveTextContent('0.92054');
    expect(screen.getByTestId('eo-cumulative')).toHaveTextContent('1.84108');
    const flexible = screen.getByTestId('eo-line-simple_earn_flexible');
    expect(within(flexible).getByText('Simple Earn · Flexible')).toBeInTheDocument();
    expect(within(flexible).getByText('2.00043829 ETH')).toBeInTheDocument();
    expect(screen.getByTestId('eo-line-total-simple_earn_fixed')).toHaveTextContent('1,000.00 USDT');
    const upcoming = screen.getByTestId('eo-upcoming');
    expect(within(upcoming).getByText('Maturity · Simple Earn · Fixed')).toBeInTheDocument();
    // The app's one date format for English (formatDate), always in UTC.
    expect(within(upcoming).getByText('2026-12-07 00:00 UTC')).toBeInTheDocument();
    expect(within(upcoming).getByText('1,000.9589041 USDT')).toBeInTheDocument();
    const chart = await screen.findByTestId('chart');
    await waitFor(() => expect(within(chart).getAllByRole('listitem')).toHaveLength(30));
    fireEvent.click(screen.getByText('7 days'));
    await waitFor(() => expect(within(screen.getByTestId('chart')).getAllByRole('listitem')).toHaveLength(7));
    expect(api.to('GET /api/web/v1/earn/earnings').map((c) => c.query.get('days'))).toEqual(['30', '7']);
  });

  test('in Chinese on a phone, a user with nothing in earn is invited to the products', async () => {
    await setLanguage('zh-CN');
    fakeApi({
      'GET /api/web/v1/auth/me': () => ME,
      'GET /api/web/v1/earn/overview': () => ({
        ...OVERVIEW,
        total_usdt: '0',
        total_btc: '0',
        yesterday_usdt: '0',
        cumulative_usdt: '0',
        lines: [],
        upcoming: [],
      }),
      'GET /api/web/v1/earn/earnings': () => ({
        ...earnings(30),
        days: earnings(30).days.map((d) => ({ ...d, usdt: '0' })),
        total_usdt: '0',
      }),
    });
    renderWithProviders(<OverviewPage />, { width: 375 });
    expect(await screen.findByText('理财总览')).toBeInTheDocument();
    // Nothing earned in the days shown: said in words, not an empty chart.
    expect(await screen.findByTestId('eo-chart-empty')).toHaveTextContent(
      '这段时间暂无收益：利息和奖励首次发放后将显示在这里。',
    );
    expect(await screen.findByTestId('eo-empty')).toHaveTextContent(i18next.t('eo.empty'));
    expect(screen.getByText('暂无安排。')).toBeInTheDocument();
    expect(screen.getByTestId('eo-total')).toHaveTextContent('0.00');
  });
});
