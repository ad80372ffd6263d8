import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { StakeSuccessContent } from '../components/StakeSuccess';
import { baseRoutes, fakeServer, makePool, makeProject, renderWithApp } from '../test/harness';
import { EligibilityDialog } from './EligibilityDialog';

const TIERS = [
  { transaction_amount: '0', mortgage_limit: '500' },
  { transaction_amount: '10000', mortgage_limit: '5000' },
  { transaction_amount: '100000', mortgage_limit: '50000' },
];

describe('success card', () => {
  test("the CandyDrop 'want more' card highlights popup_high_light in popup_msg and shows the volume notice", async () => {
    fakeServer({
      ...baseRoutes(),
      '/apiw/v2/earn/launch-pool/earn-more': {
        list: [
          {
            id: 3,
            popup_msg: 'Want more? Join CandyDrop and share 50,000 NOVA',
            popup_high_light: ['50,000 NOVA'],
            url: '/candydrop',
          },
        ],
      },
    });
    const project = makeProject([makePool({ transaction_config: TIERS })]);
    renderWithApp(
      <StakeSuccessContent
        project={project}
        result={{ pid: 1, rid: 11, coin: 'GT', amount: '1234.5', mode: 'fixed', period: 30 }}
        onDone={vi.fn()}
        onViewStakes={vi.fn()}
      />,
    );
    const card = await screen.findByTestId('want-more');
    const marks = card.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['50,000 NOVA']);
    expect(card).toHaveTextContent('Want more? Join CandyDrop and share 50,000 NOVA');
    expect(screen.getByTestId('stake-success')).toHaveTextContent('1,234.5 GT');
    expect(screen.getByTestId('stake-success')).toHaveTextContent('Fixed earn, 30 days');
    expect(screen.getByTestId('volume-notice')).toBeInTheDocument();
  });

  test('no card when the server has none for the coin, and no volume notice without tiers', async () => {
    const { calls } = fakeServer(baseRoutes());
    renderWithApp(
      <StakeSuccessContent
        project={makeProject([makePool()])}
        result={{ pid: 1, rid: 11, coin: 'GT', amount: '5', mode: 'spot', period: 0 }}
        onDone={vi.fn()}
        onViewStakes={vi.fn()}
      />,
    );
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/earn-more'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/earn-more'))?.query.get('coin')).toBe('GT');
    expect(screen.queryByTestId('want-more')).toBeNull();
    expect(screen.queryByTestId('volume-notice')).toBeNull();
    expect(screen.getByTestId('stake-success')).toHaveTextContent('Spot account');
  });
});

describe('eligibility dialog', () => {
  test('a tab per stake coin, the tier list, and the tier the 60-day volume reaches', async () => {
    fakeServer({
      ...baseRoutes(),
      '/apiw/v2/earn/launch-pool/user-stat': { user_60_day_transaction_amount: '25000' },
    });
    const gt = makePool({ rid: 11, coin: 'GT', transaction_config: TIERS });
    const usdt = makePool({ rid: 12, coin: 'USDT', personal_max_amount: '100000' });
    const usdtNew = makePool({ rid: 13, coin: 'USDT', limit_rule: 30 });
    renderWithApp(<EligibilityDialog project={makeProject([gt, usdt, usdtNew])} opened onClose={vi.fn()} />);
    expect(await screen.findByTestId('eligibility-tab-GT')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['GT', 'USDT']);
    await waitFor(() => expect(screen.getByTestId('eligibility-volume')).toHaveTextContent('25,000 USD'));
    const rows = within(screen.getByTestId('tiers-GT')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '≥ 0500 GT',
      '≥ 10,000Your tier5,000 GT',
      '≥ 100,00050,000 GT',
    ]);
    await userEvent.setup({ delay: null }).click(screen.getByTestId('eligibility-tab-USDT'));
    expect(
      await screen.findByText(
        'This pool has no volume requirement: anyone may stake up to the personal maximum.',
      ),
    ).toBeVisible();
    expect(screen.getByText('100,000 USDT')).toBeVisible();
  });
});
