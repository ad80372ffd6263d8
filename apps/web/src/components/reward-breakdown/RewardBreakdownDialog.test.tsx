import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/render';
import type { RewardBreakdown } from './api';
import RewardBreakdownDialog from './RewardBreakdownDialog';

const BASE: RewardBreakdown = {
  kind: 'staking_day',
  coin: 'GT',
  principal: '12.34567891',
  principal_coin: 'ETH',
  rate_percent: '1.25391648',
  period_start: 1_796_083_200,
  period_end: 1_796_169_600,
  formula: '(5 × 2 % + 7.34567891 × 0.75 %) × 85166 ÷ 31536000 = 0.000418862158355594',
  gross: '0.000418862158355594',
  carry_in: '0',
  total: '0.000418862158355594',
  paid: '0.00041886',
  carry_out: '0.000000002158355594',
  recorded: '0.00041886',
  carried: true,
  extras: [],
  pool: null,
  tiered: {
    tiers: [
      { from: '0', to: '5', amount: '5', rate_percent: '2', per_year: '0.1' },
      { from: '5', to: null, amount: '7.34567891', rate_percent: '0.75', per_year: '0.055092591825' },
    ],
    per_year: '0.155092591825',
    seconds: 85_166,
    price_ratio: null,
  },
  interest: null,
};

describe('why this reward: tiered and auto-earn interest', () => {
  test('a staking campaign day lists its tiers, the seconds it ran and the paid amount it matches', async () => {
    const api = fakeApi({ 'GET /api/web/v1/earn/rewards/breakdown': () => BASE });
    renderWithProviders(
      <RewardBreakdownDialog targets={[{ kind: 'staking_day', id: 7 }]} onClose={() => {}} />,
    );
    expect(await screen.findByTestId('why-tier-0')).toHaveTextContent('5 ETH × 2% = 0.1 ETH a year');
    expect(screen.getByTestId('why-tier-1')).toHaveTextContent(
      '7.34567891 ETH × 0.75% = 0.055092591825 ETH a year',
    );
    expect(screen.getByText('Above 5 ETH')).toBeInTheDocument();
    expect(screen.getByTestId('why-per-year')).toHaveTextContent('0.155092591825 ETH');
    expect(screen.getByTestId('why-seconds')).toHaveTextContent('85166');
    expect(screen.getByText('Annual rate (tiers blended)')).toBeInTheDocument();
    expect(screen.queryByTestId('why-price-ratio')).toBeNull();
    expect(screen.getByTestId('why-verdict')).toHaveTextContent('Equals the amount credited: 0.00041886 GT');
    expect(api.to('GET /api/web/v1/earn/rewards/breakdown')[0]?.query.get('id')).toBe('7');
  });

  test('a flexible bonus in another coin shows the price ratio; a launch-pool interest hour its mode and index', async () => {
    const bonus: RewardBreakdown = {
      ...BASE,
      kind: 'flexible_bonus_hour',
      principal: '1.234567',
      principal_coin: 'BTC',
      tiered: {
        tiers: [{ from: '0', to: '1', amount: '1', rate_percent: '5', per_year: '0.05' }],
        per_year: '0.05',
        seconds: 3600,
        price_ratio: '4978.41463414634146341463',
      },
    };
    const api = fakeApi({ 'GET /api/web/v1/earn/rewards/breakdown': () => bonus });
    const first = renderWithProviders(
      <RewardBreakdownDialog
        targets={[{ kind: 'flexible_bonus_hour', coin: 'BTC', hour: 1_796_180_400 }]}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByTestId('why-price-ratio')).toHaveTextContent('4978.41463414634146341463');
    expect(screen.getByText('Price ratio (BTC ÷ GT)')).toBeInTheDocument();
    const q = api.to('GET /api/web/v1/earn/rewards/breakdown')[0]?.query;
    expect([q?.get('kind'), q?.get('coin'), q?.get('hour')]).toEqual([
      'flexible_bonus_hour',
      'BTC',
      '1796180400',
    ]);
    first.unmount();

    const interest: RewardBreakdown = {
      ...BASE,
      kind: 'launchpool_interest_hour',
      coin: 'GT',
      principal: '200',
      principal_coin: 'GT',
      rate_percent: '3.65',
      tiered: null,
      formula: '200 × 0.0000015 + 0.000416 = 0.000716',
      interest: {
        mode: 'flexible',
        acc_step: '0.0000015',
        earlier: '0.000416',
        stake_interest: '0.0003',
        steady: false,
      },
    };
    fakeApi({ 'GET /api/web/v1/earn/rewards/breakdown': () => interest });
    renderWithProviders(
      <RewardBreakdownDialog
        targets={[{ kind: 'launchpool_interest_hour', rid: 3, hour: 1_796_180_400 }]}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('why-mode')).toHaveTextContent('Flexible'));
    expect(screen.getByTestId('why-index-step')).toHaveTextContent('0.0000015 GT');
    expect(screen.getByTestId('why-earlier')).toHaveTextContent('0.000416 GT');
    expect(screen.getByTestId('why-rate')).toHaveTextContent('3.65%');
    expect(screen.getByTestId('why-unsteady')).toHaveTextContent(/auto-earn rate changed/);
  });

  test("a staking day's payment of two records shows each one's figures, each matching what it paid", async () => {
    const base: RewardBreakdown = {
      ...BASE,
      principal: '1234.56789',
      principal_coin: 'GT',
      rate_percent: '5',
      formula: '1234.56789 × 5 % ÷ 365 = 0.169118889041095890',
      gross: '0.16911888904109589',
      total: '0.16911888904109589',
      paid: '0.16911888',
      carry_out: '0.00000000904109589',
      recorded: '0.16911888',
      tiered: null,
    };
    const api = fakeApi({
      'GET /api/web/v1/earn/rewards/breakdown': (call) => (call.query.get('id') === '8' ? BASE : base),
    });
    renderWithProviders(
      <RewardBreakdownDialog
        targets={[
          { kind: 'staking_day', id: 7 },
          { kind: 'staking_day', id: 8 },
        ]}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByTestId('why-parts')).toHaveTextContent(
      'This payment adds up 2 rewards of the same day and coin, each worked out on its own:',
    );
    expect(screen.getByTestId('why-part-1')).toHaveTextContent('Reward 1 of 2');
    expect(screen.getByTestId('why-part-2')).toHaveTextContent('Reward 2 of 2');
    await waitFor(() => expect(screen.getAllByTestId('why-verdict')).toHaveLength(2));
    expect(screen.getAllByTestId('why-verdict').map((v) => v.textContent)).toEqual([
      'Equals the amount credited: 0.16911888 GT',
      'Equals the amount credited: 0.00041886 GT',
    ]);
    expect(screen.getAllByTestId('why-rate').map((v) => v.textContent)).toEqual(['5%', '1.25391648%']);
    expect(api.to('GET /api/web/v1/earn/rewards/breakdown').map((c) => c.query.get('id'))).toEqual([
      '7',
      '8',
    ]);
  });
});
