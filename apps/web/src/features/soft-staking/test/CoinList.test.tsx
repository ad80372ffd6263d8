import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch, SIGNED_IN } from '../../../test/fakeFetch';
import { LocationProbe, shownQuery } from '../../../test/location';
import { renderWithProviders } from '../../../test/render';
import SoftStakingPage from '../pages/SoftStakingPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const coin = (c: string, apr: string, eligible: string) => ({
  coin: c,
  rate: apr,
  apr,
  min_amount: '1',
  max_amount: '-1',
  status: 'online',
  eligible_amount: eligible,
  estimated_daily: '0',
});

function renderAt(route: string) {
  fakeFetch({
    '/api/web/v1/auth/me': SIGNED_IN,
    '/api/health': { now: 1_800_000_000, clock: 'test' },
    '/apiw/v2/earn/soft-staking/status': { status: true, enabled_at: 1_799_000_000, total_payout: [] },
    '/apiw/v2/earn/soft-staking/products': {
      list: [coin('GT', '3.5', '120'), coin('ETH', '2.25', '0'), coin('SOL', '6', '4')],
      total: 3,
    },
    '/apiw/v2/earn/soft-staking/payout-history': { list: [], total: 0 },
  });
  return renderWithProviders(
    <>
      <SoftStakingPage />
      <LocationProbe />
    </>,
    { route },
  );
}

/** The coins in the coin table, in order (the table's first column). */
const coins = () =>
  [...document.querySelectorAll('[data-testid="soft-coins"] tbody tr')].map(
    (tr) => tr.querySelector('td p')?.textContent,
  );

describe('soft-staking coin list', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('APR high to low by default, low to high and by coin from the URL', async () => {
    const view = renderAt('/soft-staking');
    await waitFor(() => expect(coins()).toEqual(['SOL', 'GT', 'ETH']));
    view.unmount();
    renderAt('/soft-staking?sort=apr-asc');
    await waitFor(() => expect(coins()).toEqual(['ETH', 'GT', 'SOL']));
    await userEvent.click(screen.getByTestId('soft-list-sort'));
    await userEvent.click(await screen.findByRole('option', { name: 'Coin: A to Z' }));
    await waitFor(() => expect(coins()).toEqual(['ETH', 'GT', 'SOL']));
    expect(shownQuery().get('sort')).toBe('coin');
  });

  test('my positions only keeps the coins whose balance earns; a search then narrows them', async () => {
    renderAt('/soft-staking');
    await waitFor(() => expect(coins()).toHaveLength(3));
    await userEvent.click(await screen.findByTestId('soft-list-mine'));
    await waitFor(() => expect(coins()).toEqual(['SOL', 'GT']));
    await userEvent.type(screen.getByTestId('soft-list-search'), 'eth');
    expect(await screen.findByTestId('soft-list-no-match')).toHaveTextContent(
      'Nothing matches your search or filters.',
    );
  });

  test('every APR with two decimals, every range and balance with its coin', async () => {
    renderAt('/soft-staking');
    await waitFor(() => expect(coins()).toHaveLength(3));
    const row = (c: string) =>
      [...document.querySelectorAll('[data-testid="soft-coins"] tbody tr')]
        .find((tr) => tr.querySelector('td p')?.textContent === c)
        ?.querySelectorAll('td');
    const sol = [...(row('SOL') ?? [])].map((td) => td.textContent);
    expect(sol.slice(1, 4)).toEqual(['6.00%', 'From 1 SOL', '4 SOL']);
    expect(row('ETH')?.[1]?.textContent).toBe('2.25%');
    expect(row('GT')?.[1]?.textContent).toBe('3.50%');
  });

  test('no payout yet reads "None yet", not a bare 0 without a coin', async () => {
    renderAt('/soft-staking');
    await waitFor(() => expect(screen.getByTestId('soft-total')).toHaveTextContent('None yet'));
  });
});
