import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { toast } from '../../../api/errors';
import { baseRoutes, fakeServer, makePool, makeProject, renderWithApp, SIMPLE_EARN } from '../test/harness';
import { StakeForm } from './stake-form/StakeForm';

vi.mock('../../../api/errors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../api/errors')>();
  return { ...original, toast: vi.fn() };
});

const amountInput = () => screen.getByTestId('stake-amount') as HTMLInputElement;
const confirm = () => screen.getByTestId('stake-confirm');

async function ready() {
  await waitFor(() => expect(screen.getByTestId('stake-available')).toBeInTheDocument());
}

/** The user presses Max once the balance is in (the field never fills itself, issue 19). */
async function pressMax(shown: string) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Max' })).toBeEnabled());
  fireEvent.click(screen.getByRole('button', { name: 'Max' }));
  await waitFor(() => expect(amountInput().value).toBe(shown));
}

async function typeAmount(text: string) {
  const user = userEvent.setup({ delay: null });
  await user.clear(amountInput());
  if (text) await user.type(amountInput(), text);
  return user;
}

describe('stake form rules', () => {
  test('the field starts empty even with a balance; Max fills it cut to the precision; clearing keeps it empty', async () => {
    fakeServer(baseRoutes({ available: '350.567' }));
    renderWithApp(<StakeForm project={makeProject([makePool()])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    await new Promise((r) => setTimeout(r, 50));
    expect(amountInput().value).toBe('');
    expect(confirm()).toBeDisabled();
    await pressMax('350.56');
    await typeAmount('');
    await new Promise((r) => setTimeout(r, 50));
    expect(amountInput().value).toBe('');
    expect(confirm()).toBeDisabled();
  });

  test('no automatic Max when the balance does not exceed the minimum', async () => {
    fakeServer(baseRoutes({ available: '1' }));
    renderWithApp(<StakeForm project={makeProject([makePool()])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    expect(amountInput().value).toBe('');
  });

  test('below the minimum: finances.startupMining.stake.min.tip with the minimum and coin', async () => {
    fakeServer(baseRoutes({ available: '0.5' }));
    renderWithApp(
      <StakeForm
        project={makeProject([makePool({ personal_min_amount: '1' })])}
        onSuccess={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await ready();
    await typeAmount('0.5');
    expect(await screen.findByText('The minimum stake is 1 GT')).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
  });

  test('entered plus staked above the personal maximum: finances.startupMining.stake.max.tip', async () => {
    fakeServer(baseRoutes({ available: '0.5' }));
    const pool = makePool({
      user: {
        staked: '19900',
        personal_max_amount: '20000',
        remaining_quota: '100',
        staking_cap: '-1',
        is_vip_quota: 0,
      },
    });
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    await typeAmount('100.01');
    // What is staked already is why 100.01 is refused under a maximum of 20,000: the message says so.
    const refused =
      'The maximum stake per user is 20,000 GT. You have 19,900 GT staked: at most 100 GT more.';
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
    await typeAmount('100');
    await waitFor(() => expect(screen.queryByText(refused)).toBeNull());
  });

  test('above the available balance: finances.inadequateBalance', async () => {
    fakeServer(baseRoutes({ available: '0.8' }));
    renderWithApp(<StakeForm project={makeProject([makePool()])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    await typeAmount('5');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
  });

  test("quota used up: Confirm reads 'Used up' and is disabled", async () => {
    fakeServer(baseRoutes({ available: '500' }));
    const pool = makePool({
      user: {
        staked: '20000',
        personal_max_amount: '20000',
        remaining_quota: '0',
        staking_cap: '-1',
        is_vip_quota: 0,
      },
    });
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    expect(confirm()).toHaveTextContent('Used up');
    expect(confirm()).toBeDisabled();
    expect(amountInput().value).toBe('');
  });

  test("the pool's remaining total limits the quota and Max", async () => {
    fakeServer(baseRoutes({ available: '500' }));
    const pool = makePool({ left_buy_total_amount: '42.5', buy_total_amount: '3000000' });
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await pressMax('42.5');
    expect(screen.getByTestId('stake-quota')).toHaveTextContent('42.5 GT');
  });

  test('tabs leave out multi mining; a tab change clears the amount and resets the mode to flexible', async () => {
    fakeServer(baseRoutes({ available: '300' }));
    const gt = makePool({ rid: 11, simple_earn: SIMPLE_EARN });
    const usdt = makePool({
      rid: 12,
      coin: 'USDT',
      simple_earn: { ...SIMPLE_EARN, fixed_period: 0 },
      limit_rule: 30,
    });
    const multi = makePool({ rid: 13, coin: 'BTC', reward_pool_type: 1 });
    renderWithApp(
      <StakeForm project={makeProject([gt, usdt, multi])} onSuccess={vi.fn()} onCancel={vi.fn()} />,
    );
    await pressMax('300');
    expect(screen.getByTestId('stake-tab-11')).toBeInTheDocument();
    expect(screen.getByTestId('stake-tab-12')).toBeInTheDocument();
    expect(screen.queryByTestId('stake-tab-13')).toBeNull();
    // Newcomers tag on the new-user pool's tab.
    expect(within(screen.getByTestId('stake-tab-12')).getByText('Newcomers')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('mode-fixed'));
    expect(screen.getByTestId('mode-fixed')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByTestId('stake-tab-12'));
    await waitFor(() => expect(screen.getByTestId('stake-form')).toHaveAttribute('data-rid', '12'));
    expect(amountInput().value).toBe('');
    expect(screen.getByTestId('mode-flexible')).toHaveAttribute('aria-checked', 'true');
    // USDT without a fixed period: no fixed option.
    expect(screen.queryByTestId('mode-fixed')).toBeNull();
    expect(screen.getByTestId('newcomers-tag')).toBeInTheDocument();
  });

  test('a multi-mining pool opens on its own, without tabs', async () => {
    fakeServer(baseRoutes());
    const gt = makePool({ rid: 11 });
    const multi = makePool({ rid: 13, coin: 'BTC', reward_pool_type: 1, decimal_place: 4 });
    renderWithApp(
      <StakeForm project={makeProject([gt, multi])} rid={13} onSuccess={vi.fn()} onCancel={vi.fn()} />,
    );
    await ready();
    expect(screen.getByTestId('stake-form')).toHaveAttribute('data-rid', '13');
    expect(screen.queryByTestId('stake-tab-11')).toBeNull();
  });

  test.each([
    ['BTC', 30, true],
    ['ETH', 30, true],
    ['GT', 30, true],
    ['USDT', 30, true],
    ['NOVA', 30, false],
    ['GT', 0, false],
  ])('fixed is offered for %s with fixed period %i: %s', async (coin, period, offered) => {
    fakeServer(baseRoutes());
    const pool = makePool({ coin, simple_earn: { ...SIMPLE_EARN, fixed_period: period } });
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    expect(screen.getByTestId('auto-earn')).toBeInTheDocument();
    expect(screen.queryByTestId('mode-fixed') !== null).toBe(offered);
  });

  test("an existing fixed period: fixed preselected, spot disabled, clicking flexible shows 'launch.earn.tip3'", async () => {
    fakeServer(baseRoutes());
    const pool = makePool({ simple_earn: { ...SIMPLE_EARN, user_period: 30 } });
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    expect(screen.getByTestId('mode-fixed')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('mode-flexible')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('mode-spot')).toBeDisabled();
    const tip =
      'You already hold a fixed-term auto-earn position, so flexible is not available for this pool';
    expect(screen.getByTestId('flexible-disabled-tip')).toHaveTextContent(tip);
    await userEvent.setup({ delay: null }).click(screen.getByTestId('mode-flexible'));
    expect(toast).toHaveBeenCalledWith('info', tip);
    expect(screen.getByTestId('mode-fixed')).toHaveAttribute('aria-checked', 'true');
  });

  test('a flexible pool the user has applied to starts at spot', async () => {
    fakeServer(baseRoutes());
    const pool = makePool({ simple_earn: SIMPLE_EARN, isApply: 1 });
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    expect(screen.getByTestId('mode-spot')).toBeChecked();
    expect(screen.getByTestId('mode-flexible')).toHaveAttribute('aria-checked', 'false');
  });

  test('the compliance menu with lend_earn hides auto-earn, and the stake goes to spot', async () => {
    const { calls } = fakeServer({
      ...baseRoutes({ available: '50', menu: ['lend_earn'] }),
      '/apiw/v2/earn/launch-pool/create-order': { order_id: 1 },
    });
    const onSuccess = vi.fn();
    renderWithApp(
      <StakeForm
        project={makeProject([makePool({ simple_earn: SIMPLE_EARN })])}
        onSuccess={onSuccess}
        onCancel={vi.fn()}
      />,
    );
    await pressMax('50');
    expect(screen.queryByTestId('auto-earn')).toBeNull();
    await userEvent.setup({ delay: null }).click(confirm());
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const order = calls.find((c) => c.path.endsWith('/create-order'));
    expect(new URLSearchParams(order?.body).get('simpleEarnStatus')).toBe('0');
  });

  test('VIP marker on a VIP quota and the start notice before the start', async () => {
    fakeServer(baseRoutes());
    const pool = makePool({
      vip_config: { min_vip: 1, personal_max_amount: '20000', vip_only: false },
      user: {
        staked: '0',
        personal_max_amount: '20000',
        remaining_quota: '20000',
        staking_cap: '-1',
        is_vip_quota: 1,
      },
    });
    renderWithApp(
      <StakeForm project={makeProject([pool], { state: 2 })} onSuccess={vi.fn()} onCancel={vi.fn()} />,
    );
    await ready();
    expect(screen.getByTestId('vip-marker')).toHaveTextContent('VIP');
    expect(screen.getByTestId('start-notice')).toHaveTextContent('Rewards start at');
  });

  test('no start notice once the project runs', async () => {
    fakeServer(baseRoutes());
    renderWithApp(
      <StakeForm project={makeProject([makePool()], { state: 1 })} onSuccess={vi.fn()} onCancel={vi.fn()} />,
    );
    await ready();
    expect(screen.queryByTestId('start-notice')).toBeNull();
    expect(screen.queryByTestId('vip-marker')).toBeNull();
  });

  test('Confirm sends pid, rid, amount, the fixed mode with its period and a device token', async () => {
    const { calls } = fakeServer({
      ...baseRoutes({ available: '120' }),
      '/apiw/v2/earn/launch-pool/create-order': { order_id: 9 },
    });
    const onSuccess = vi.fn();
    const pool = makePool({ simple_earn: SIMPLE_EARN });
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={onSuccess} onCancel={vi.fn()} />);
    await pressMax('120');
    const user = await typeAmount('25.5');
    await user.click(screen.getByTestId('mode-fixed'));
    await user.click(confirm());
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const order = calls.find((c) => c.path === '/apiw/v2/earn/launch-pool/create-order');
    const body = new URLSearchParams(order?.body);
    expect(Object.fromEntries(body)).toEqual({
      pid: '1',
      rid: '11',
      amount: '25.5',
      simpleEarnStatus: '1',
      simpleEarnPeriod: '30',
    });
    expect(order?.headers['device-token']).toBeTruthy();
    expect(order?.headers['Idempotency-Key']).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith({
      pid: 1,
      rid: 11,
      coin: 'GT',
      amount: '25.5',
      mode: 'fixed',
      period: 30,
    });
  });

  test('a new-user pool is checked with check-pool-rule first; a refusal stops the stake', async () => {
    const { calls } = fakeServer({
      ...baseRoutes({ available: '100' }),
      '/apiw/v2/earn/launch-pool/check-pool-rule': {
        __status: 422,
        code: 42200,
        message: 'This pool is for new users only',
        data: { key: 'finances.startupMining.newUser.tip', params: { days: '30' } },
      },
      '/apiw/v2/earn/launch-pool/create-order': { order_id: 1 },
    });
    const onSuccess = vi.fn();
    renderWithApp(
      <StakeForm
        project={makeProject([makePool({ limit_rule: 30 })])}
        onSuccess={onSuccess}
        onCancel={vi.fn()}
      />,
    );
    await pressMax('100');
    await userEvent.setup({ delay: null }).click(confirm());
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/check-pool-rule'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path.endsWith('/create-order'))).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  test.each([
    [1, '80 USDT'],
    [0, '50 USDT'],
  ])(
    'unified account: borrowed funds count only when the coin supports launch pools (%i → %s)',
    async (support, shown) => {
      const { calls } = fakeServer({
        ...baseRoutes(),
        '/apiw/v2/account/spot/asset/outable': [
          {
            asset: 'USDT',
            outable: '50',
            lend_earn_available: '50',
            available: '80',
            mode: 'multi_currency',
          },
        ],
        '/apiw/v2/earn/borrow-coin-settings': [
          { coin: 'USDT', is_support_launchpool: support, is_support_staking: 0 },
        ],
      });
      renderWithApp(
        <StakeForm
          project={makeProject([makePool({ coin: 'USDT' })])}
          onSuccess={vi.fn()}
          onCancel={vi.fn()}
        />,
      );
      // Both answers in (the coin setting decides), then the figure must be the expected one.
      await waitFor(() => expect(calls.some((c) => c.path.endsWith('/borrow-coin-settings'))).toBe(true));
      await new Promise((r) => setTimeout(r, 100));
      await waitFor(() => expect(screen.getByTestId('stake-available')).toHaveTextContent(shown));
      expect(screen.getByTestId('stake-available')).toHaveTextContent(shown);
      expect(screen.getByText('Available in unified account')).toBeInTheDocument();
    },
  );
});

describe('auto-earn offers are simple earn’s live products (issue 17)', () => {
  test('only the fixed term on sale: no flexible choice, fixed preselected; flexible with its "up to"', async () => {
    fakeServer(baseRoutes({ available: '1' }));
    const onlyFixed = makePool({
      simple_earn: { ...SIMPLE_EARN, status: 1, flexible_offered: 0, fixed_period: 30, fixed_rate: '4' },
    });
    const { unmount } = renderWithApp(
      <StakeForm project={makeProject([onlyFixed])} onSuccess={vi.fn()} onCancel={vi.fn()} />,
    );
    await ready();
    expect(screen.queryByTestId('mode-flexible')).not.toBeInTheDocument();
    expect(screen.getByTestId('mode-fixed')).toHaveAttribute('aria-checked', 'true');
    unmount();

    const flexible = makePool({
      simple_earn: {
        ...SIMPLE_EARN,
        fixed_period: 0,
        rate: '5.23',
        flexible_offered: 1,
        flexible_up_to: { rate_year: '15.23', amount: '500' },
      },
      coin: 'USDT',
    });
    renderWithApp(<StakeForm project={makeProject([flexible])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    expect(screen.getByTestId('mode-flexible')).toHaveTextContent('5.23%');
    expect(screen.getByTestId('flexible-after')).toHaveTextContent(
      'After redeem, Simple Earn flexible pays up to 15.23% on the first 500 USDT.',
    );
  });
});

describe('the pool APR in the stake dialog (issue 17)', () => {
  test('derived, and what it becomes with the typed amount counted', async () => {
    const pool = makePool({
      derived_apr: {
        rate_year: '44.941368078175895765',
        shown_rate_year: '44.941368078175895765',
        shown: 'live',
        missing: null,
        missing_prices: [],
        staked_total: '200',
        stake_price: '18.42',
        coins: [{ coin: 'NOVA', reward_per_hour: '0.45', price: '0.42', rate_year: '44.941368078175895765' }],
      },
      user: {
        staked: '0',
        personal_max_amount: '20000',
        remaining_quota: '20000',
        staking_cap: '-1',
        is_vip_quota: 0,
      },
    });
    fakeServer(baseRoutes({ available: '1000' }));
    renderWithApp(<StakeForm project={makeProject([pool])} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    await ready();
    expect(screen.getByTestId('stake-apr')).toHaveTextContent('44.94%');
    // Max fills the balance: 1,000 GT on 200 staked is 7.49 %.
    await pressMax('1,000');
    expect(screen.getByTestId('stake-apr-yours')).toHaveTextContent('With your 1,000 GT: 7.49%');
    await typeAmount('100');
    // 0.45 × 0.42 × 8760 ÷ (300 × 18.42) = 29.96 %
    await waitFor(() =>
      expect(screen.getByTestId('stake-apr-yours')).toHaveTextContent('With your 100 GT: 29.96%'),
    );
  });

  test('offline: Confirm is off with the reason in the form, Enter sends nothing, and back online it sends once', async () => {
    const { calls } = fakeServer({
      ...baseRoutes({ available: '50' }),
      '/apiw/v2/earn/launch-pool/create-order': { order_id: 1 },
    });
    const onSuccess = vi.fn();
    renderWithApp(<StakeForm project={makeProject([makePool()])} onSuccess={onSuccess} onCancel={vi.fn()} />);
    await pressMax('50');
    await waitFor(() => expect(confirm()).toBeEnabled());
    act(() => onlineManager.setOnline(false));
    try {
      expect(await screen.findByTestId('offline-notice')).toHaveTextContent(
        'You are offline: nothing has been sent. Connect again, then confirm.',
      );
      expect(confirm()).toBeDisabled();
      const user = userEvent.setup({ delay: null });
      await user.click(amountInput());
      await user.keyboard('{Enter}');
      await new Promise((r) => setTimeout(r, 50));
      expect(calls.filter((c) => c.path.endsWith('/create-order'))).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    await userEvent.setup({ delay: null }).click(confirm());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path.endsWith('/create-order'))).toHaveLength(1);
  });
});
