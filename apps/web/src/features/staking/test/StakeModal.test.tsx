import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import * as errors from '../../../api/errors';
import { StakeModal } from '../dialogs/stake/StakeModal';
import { campaign, ME, product, userInfo } from './fixtures';
import { type Call, installDomStubs, type Routes, renderUi, stubApi } from './harness';

const BASE = '/apiw/v2/earn/staking';

function routes(over: Partial<Routes> = {}): Routes {
  return {
    'GET /api/web/v1/auth/me': () => ME,
    [`GET ${BASE}/product`]: () => product(),
    [`GET ${BASE}/coin-user-info`]: () => userInfo(),
    [`GET ${BASE}/balances`]: () => [
      {
        coin: 'ETH',
        pid: 1,
        protocol_name: 'Lido',
        mortgage_amount: '2',
        accrued_reward: '0',
        reward_coin: 'ETH',
      },
    ],
    [`GET ${BASE}/coin-ask`]: () => ({
      list: [
        { ask: 'What do I earn?', answer: 'The APR.', cate: 'faq', unfold: true },
        { ask: 'Where from?', answer: 'Protocols.', cate: 'sources', unfold: false },
      ],
      total: 2,
    }),
    [`GET ${BASE}/coin-lines`]: () => ({ list: [], total: 0 }),
    [`POST ${BASE}/agreement`]: () => ({
      kind: 'staking_agreement',
      document: '/docs/staking_user_agreement.pdf',
      accepted: 1,
      accepted_at: 1_700_000_000,
    }),
    ...over,
  };
}

async function openModal(r: Routes = routes(), props: { pid?: number } = {}) {
  const calls = stubApi(r);
  renderUi(<StakeModal coin="ETH" opened onClose={() => undefined} {...props} />);
  await screen.findByTestId('stake-amount');
  return calls;
}

const amountInput = () => screen.getByTestId('stake-amount');
const submit = () => screen.getByTestId('stake-submit');

describe('stake modal rules', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  test('blank amount: no message and the button disabled', async () => {
    await openModal();
    expect(submit()).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(amountInput()).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('below the minimum: stake.number.minLimit with the number', async () => {
    await openModal();
    await userEvent.type(amountInput(), '0.001');
    expect(await screen.findByText('The minimum stake is 0.01 ETH')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    // The rule shows under the amount; the button adds nothing of its own.
    expect(screen.queryByTestId('stake-submit-reason')).toBeNull();
  });

  test('above the available balance: stake.maxLimit.insufficientBalance with number and coin', async () => {
    await openModal();
    await userEvent.type(amountInput(), '5.5');
    expect(await screen.findByText('Insufficient balance: at most 5 ETH available')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  test('a valid amount still needs the agreement ticked, and the greyed button says which is missing', async () => {
    await openModal();
    const reason = () => screen.getByTestId('stake-submit-reason');
    expect(reason()).toHaveAttribute('data-reason', 'Enter an amount first.');
    await userEvent.type(amountInput(), '1.5');
    expect(submit()).toBeDisabled();
    expect(reason()).toHaveAttribute('data-reason', 'Tick the agreement first.');
    expect(submit()).toHaveAccessibleDescription('Tick the agreement first.');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByTestId('stake-submit-reason')).toBeNull();
  });

  test('ticking the agreement records the acceptance on the server, once per tick', async () => {
    const calls = await openModal();
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.path === `${BASE}/agreement`).map((c) => c.body),
      ).toEqual([{ coin: 'ETH' }]),
    );
    // Unticking records nothing; the stake needs the box again.
    await userEvent.click(screen.getByTestId('stake-agree'));
    expect(screen.getByTestId('stake-agree')).not.toBeChecked();
    expect(calls.filter((c) => c.path === `${BASE}/agreement`)).toHaveLength(1);
  });

  test('an acceptance the server refuses unticks the box and warns', async () => {
    const warn = vi.spyOn(errors, 'toast').mockImplementation(() => undefined);
    await openModal(
      routes({
        [`POST ${BASE}/agreement`]: () => ({
          code: 40400,
          status: 404,
          message: 'staking product for ETH not found',
          data: { key: 'common.notFound', params: {} },
        }),
      }),
    );
    await userEvent.type(amountInput(), '1.5');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(screen.getByTestId('stake-agree')).not.toBeChecked());
    expect(submit()).toBeDisabled();
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });

  test("a stake the server refuses for a missing acceptance shows the rule's text", async () => {
    const warn = vi.spyOn(errors, 'toast').mockImplementation(() => undefined);
    await openModal(
      routes({
        [`POST ${BASE}/coin-swap-verify`]: () => ({
          code: 42210,
          status: 422,
          message: 'Please read and accept the staking user agreement first',
          data: {
            key: 'staking.stake.agreementRequired',
            params: { document: '/docs/staking_user_agreement.pdf' },
          },
        }),
      }),
    );
    await userEvent.type(amountInput(), '1.5');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('warning', 'Please read and accept the staking user agreement first'),
    );
  });

  test('offline: nothing is sent, the dialog says why; back online the stake can go', async () => {
    const calls = await openModal();
    await userEvent.type(amountInput(), '1.5');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(submit()).toBeEnabled());
    act(() => onlineManager.setOnline(false));
    try {
      expect(await screen.findByTestId('offline-notice')).toHaveTextContent(
        'You are offline: nothing has been sent. Connect again, then confirm.',
      );
      expect(submit()).toBeDisabled();
      await userEvent.type(amountInput(), '{Enter}');
      expect(calls.filter((c) => c.path === `${BASE}/coin-swap-verify`)).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  test('precision: a ninth decimal is not taken, as the spec filters it (issue 27)', async () => {
    await openModal();
    await userEvent.type(amountInput(), '1.123456789');
    expect(amountInput()).toHaveValue('1.12345678');
    expect(screen.queryByText('At most 8 decimal places.')).toBeNull();
  });

  test('Max fills what is available, within the personal cap left', async () => {
    // Personal cap 1000 less 2 held leaves 998; available 5 is the smaller.
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    await waitFor(() => expect(amountInput()).toHaveValue('5'));
  });

  test("the protocol's own cap: staking.stake.personalLimit with what is left", async () => {
    await openModal(
      routes({
        [`GET ${BASE}/coin-user-info`]: () => userInfo({ available: '500', hold_amount: '150' }),
        [`GET ${BASE}/balances`]: () => [
          {
            coin: 'ETH',
            pid: 2,
            protocol_name: 'Rocket Pool',
            mortgage_amount: '150',
            accrued_reward: '0',
            reward_coin: 'ETH',
          },
        ],
      }),
      { pid: 2 },
    );
    await userEvent.type(amountInput(), '60');
    expect(await screen.findByText('Above your staking limit: at most 50 ETH more')).toBeInTheDocument();
  });

  test('crowd products: the crowd cap applies and the VIP tiers are hidden', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () =>
          product({
            is_crowd: 1,
            crowd_mortgage_limit: '20',
            personal_mortgage_limit: '50000',
            defi: [],
            is_defi: 0,
          }),
        [`GET ${BASE}/coin-user-info`]: () => userInfo({ available: '100', hold_amount: '15' }),
      }),
    );
    await userEvent.type(amountInput(), '6');
    expect(await screen.findByText('Above the limited offering cap: at most 5 ETH more')).toBeInTheDocument();
    expect(screen.queryByTestId('vip-discount')).toBeNull();
  });

  test('VIP discount tier: the row holding the user tier', async () => {
    await openModal();
    expect(screen.getByTestId('vip-discount')).toHaveTextContent('VIP 1 - 5: 20% off');
  });

  test('VIP discount tier: none when no row holds the tier', async () => {
    await openModal(routes({ [`GET ${BASE}/coin-user-info`]: () => userInfo({ tier: 0 }) }));
    expect(screen.getByTestId('vip-discount')).toHaveTextContent('None');
  });

  test('protocol preselection: the first protocol by default', async () => {
    await openModal();
    expect(screen.getByTestId('open-defi')).toHaveTextContent('Lido');
  });

  test('protocol preselection honours ?pid=, and the selector changes it', async () => {
    await openModal(routes(), { pid: 2 });
    expect(screen.getByTestId('open-defi')).toHaveTextContent('Rocket Pool');
    await userEvent.click(screen.getByTestId('open-defi'));
    expect(screen.getByTestId('stake-modal')).toHaveAttribute('data-view', 'defi');
    await userEvent.click(screen.getByTestId('defi-1'));
    await waitFor(() => expect(screen.getByTestId('open-defi')).toHaveTextContent('Lido'));
  });

  test('stake: sends side 0, coin, amount, pid and src=1 for a VIP user, then shows success', async () => {
    let sent: Call | undefined;
    await openModal(
      routes({
        [`POST ${BASE}/coin-swap-verify`]: (c) => {
          sent = c;
          return {
            order_id: 9,
            coin: 'ETH',
            pid: 1,
            amount: '1.5',
            interest_start: 1_700_006_400,
            first_distribution_time: 1_700_092_800,
            reward_paid_at_redeem: false,
          };
        },
      }),
    );
    await userEvent.type(amountInput(), '1.5');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(screen.getByTestId('stake-submit')).toBeEnabled());
    await userEvent.click(submit());
    expect(await screen.findByText('Staked successfully')).toBeInTheDocument();
    expect(sent?.body).toEqual({ side: 0, coin: 'ETH', amount: '1.5', pid: 1, src: 1 });
    expect(sent?.headers['Idempotency-Key']).toMatch(/.+/);
    expect(screen.getByTestId('success-amount')).toHaveTextContent('1.5 ETH');
    // Continue staking: back to main with the amount cleared.
    await userEvent.click(screen.getByTestId('stake-continue'));
    expect(screen.getByTestId('stake-modal')).toHaveAttribute('data-view', 'main');
    expect(amountInput()).toHaveValue('');
  });

  test('a double click stakes once and tracks one submit click', async () => {
    const calls = await openModal(
      routes({
        [`POST ${BASE}/coin-swap-verify`]: () => ({
          order_id: 9,
          coin: 'ETH',
          pid: 1,
          amount: '1.5',
          interest_start: 1_700_006_400,
          first_distribution_time: 1_700_092_800,
          reward_paid_at_redeem: false,
        }),
      }),
    );
    await userEvent.type(amountInput(), '1.5');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(submit()).toBeEnabled());
    // Both clicks before React renders again.
    act(() => {
      submit().click();
      submit().click();
    });
    expect(await screen.findByText('Staked successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `${BASE}/coin-swap-verify`)).toHaveLength(1);
    const tracked = calls
      .filter((c) => c.path === '/api/web/v1/analytics/events' && c.body?.name === 'staking.stake.submit')
      .map((c) => c.body);
    expect(tracked).toEqual([
      { kind: 'click', name: 'staking.stake.submit', payload: { coin: 'ETH', pid: 1 } },
    ]);
  });

  test('a server refusal leaves the modal on main (no success)', async () => {
    const toastSpy = vi.spyOn(errors, 'toast').mockImplementation(() => undefined);
    await openModal(
      routes({
        [`POST ${BASE}/coin-swap-verify`]: () => ({
          code: 42200,
          status: 422,
          message: 'Stake amount refused',
          data: { key: 'stake.maxLimit.insufficientBalance', params: { number: '1', coin: 'ETH' } },
        }),
      }),
    );
    await userEvent.type(amountInput(), '1.5');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(screen.getByTestId('stake-submit')).toBeEnabled());
    await userEvent.click(submit());
    await waitFor(() => expect(submit()).not.toHaveAttribute('data-loading'));
    expect(screen.getByTestId('stake-modal')).toHaveAttribute('data-view', 'main');
    // The warning toast words the rule with the server's values.
    expect(toastSpy).toHaveBeenCalledWith('warning', 'Insufficient balance: at most 1 ETH available');
  });

  test('order confirmation comes first for a receipt-token product', async () => {
    const calls = await openModal(
      routes({
        [`GET ${BASE}/product`]: () => product({ exchange_type: 'asset', exchange_rate: '0.99412' }),
      }),
    );
    await userEvent.type(amountInput(), '2');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(screen.getByTestId('stake-submit')).toBeEnabled());
    await userEvent.click(submit());
    expect(screen.getByTestId('stake-modal')).toHaveAttribute('data-view', 'confirm');
    expect(screen.getByText('≈ 1.98824')).toBeInTheDocument();
    // Only the acceptance was recorded: the stake waits for the confirmation.
    expect(calls.some((c) => c.path === `${BASE}/coin-swap-verify`)).toBe(false);
  });

  test('a receipt-token product names its token in the confirmation and the success view', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () =>
          product({ exchange_type: 'asset', exchange_coin: 'GTETH', exchange_rate: '0.99412345' }),
        [`POST ${BASE}/coin-swap-verify`]: () => ({
          order_id: 3,
          coin: 'ETH',
          pid: 1,
          amount: '1.23456789',
          interest_start: 1_700_006_400,
          first_distribution_time: 1_700_092_800,
          reward_paid_at_redeem: false,
          receipt_coin: 'GTETH',
          receipt_amount: '1.22731289',
        }),
      }),
    );
    await userEvent.type(amountInput(), '1.23456789');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    // 1.23456789 × 0.99412345 = 1.22731289006…, 8 decimals down, as the server credits it.
    expect(screen.getByTestId('confirm-receipt')).toHaveTextContent('≈ 1.22731289 GTETH');
    await userEvent.click(screen.getByTestId('confirm-stake'));
    expect(await screen.findByTestId('success-receipt')).toHaveTextContent('1.22731289 GTETH');
  });

  test('faq has three tabs; the unfolded answer shows', async () => {
    await openModal();
    await userEvent.click(screen.getByTestId('open-faq'));
    const tabs = within(screen.getByTestId('faq-view')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Sources of return', 'FAQ']);
    await userEvent.click(tabs[2] as HTMLElement);
    expect(await screen.findByText('The APR.')).toBeVisible();
    await userEvent.click(screen.getByTestId('modal-back'));
    expect(screen.getByTestId('stake-modal')).toHaveAttribute('data-view', 'main');
  });

  test('no bonus tab without a campaign, and the header says the APR alone', async () => {
    await openModal();
    expect(screen.queryByTestId('tab-bonus')).toBeNull();
    // Lido, preselected: 3.2 % on any amount.
    expect(screen.getByTestId('stake-apr')).toHaveTextContent(/^3\.20%$/);
  });

  test('a running campaign: the header says "up to" and the amount it needs, with a bonus tab and six rules', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () => product({ defi: [], is_defi: 0, extra_interest: campaign() }),
      }),
    );
    // 3.1 base + 8 % on the first 500 ETH (then 3 % up to 2,000): the most any amount gets.
    expect(screen.getByTestId('stake-apr')).toHaveTextContent(/^Up to 11\.10% on the first 500 ETH$/);
    expect(screen.getByTestId('tab-bonus')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('open-bonus'));
    expect(screen.getByTestId('stake-modal')).toHaveAttribute('data-view', 'extra_bonus');
    await userEvent.click(screen.getByTestId('bonus-event-rules'));
    expect(within(screen.getByTestId('bonus-rules')).getAllByRole('listitem')).toHaveLength(6);
    // Back from the rules returns to the bonus view, then to main.
    await userEvent.click(screen.getByTestId('modal-back'));
    expect(screen.getByTestId('stake-modal')).toHaveAttribute('data-view', 'extra_bonus');
  });

  test('estimated rewards: 365-day year, 8 decimals down, tiered bonus', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () => product({ defi: [], is_defi: 0, extra_interest: campaign() }),
        'GET /apiw/v2/market/tickers': () => [
          { pair: 'ETH_USDT', rate: '3000' },
          { pair: 'GT_USDT', rate: '10' },
        ],
      }),
    );
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    // The bonus is paid in GT, the rewards in ETH: the daily row names both.
    expect(screen.getByTestId('open-estimate')).toHaveTextContent('0.0849315 ETH + 0.15068493 GT');
    await userEvent.click(screen.getByTestId('open-estimate'));
    // 1000 × 3.1% / 365 = 0.08493150684…; bonus 500×0.08 + 500×0.03 = 55 / 365 = 0.15068493150…
    expect(screen.getByTestId('estimate-base')).toHaveTextContent('0.0849315 ETH');
    expect(screen.getByTestId('estimate-bonus')).toHaveTextContent('0.15068493 GT');
    // 1000 × 3.1 % = 31 ETH and 55 GT a year; valued at 3000 and 10 USDT: 93,550 USDT.
    expect(screen.getByTestId('estimate-yearly')).toHaveTextContent('31 ETH + 55 GT');
    expect(await screen.findByTestId('estimate-usdt')).toHaveTextContent('≈ 93,550 USDT');
    // The APR of these 1,000: 3.1 % + 55 ÷ 1,000 = 8.60 %, not the first unit's 11.10 %.
    expect(screen.getByTestId('estimate-apr')).toHaveTextContent('8.60%');
  });

  test('the confirmation names the APR of the amount staked, the campaign tiers on their parts only', async () => {
    await openModal(
      routes({
        [`GET ${BASE}/product`]: () =>
          product({
            defi: [],
            is_defi: 0,
            extra_interest: campaign(),
            exchange_type: 'asset',
            exchange_rate: '1',
            personal_mortgage_limit: '-1',
          }),
        [`GET ${BASE}/coin-user-info`]: () => userInfo({ available: '3000' }),
      }),
    );
    expect(screen.getByTestId('stake-apr')).toHaveTextContent(/^Up to 11\.10% on the first 500 ETH$/);
    await userEvent.type(amountInput(), '2500');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    // 3.1 % + (500 × 8 % + 1,500 × 3 %) ÷ 2,500 = 3.1 % + 3.4 %.
    expect(screen.getByTestId('confirm-apr')).toHaveTextContent('6.50%');
  });

  test('in Chinese the header says "最高" with the amount, as simple earn\'s cards do', async () => {
    const { i18next } = await import('../../../i18n');
    const { default: zh } = await import('../../../i18n/zh-CN.json');
    i18next.addResourceBundle('zh-CN', 'translation', zh, true, false);
    await i18next.changeLanguage('zh-CN');
    try {
      await openModal(
        routes({
          [`GET ${BASE}/product`]: () =>
            product({
              defi: [],
              is_defi: 0,
              extra_interest: campaign({
                interest: [{ money_min: '0', money_max: '1000', money_rate: '0.08' }],
              }),
            }),
        }),
      );
      expect(screen.getByTestId('stake-apr')).toHaveTextContent(/^最高 11\.10% （前 1,000 ETH）$/);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  test('rate, about and the APR trend with a one-year default', async () => {
    const calls = await openModal();
    await userEvent.click(screen.getByTestId('open-rate'));
    expect(screen.getByTestId('rate-base')).toHaveTextContent('3.20%');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/coin-lines'))).toBe(true));
    const line = calls.find((c) => c.path.endsWith('/coin-lines'));
    expect(line?.query.get('limit')).toBe('365');
    expect(line?.query.get('pid')).toBe('1');
    expect(await screen.findByTestId('chart-empty')).toHaveTextContent('No data');
    await userEvent.click(screen.getByTestId('modal-back'));
    await userEvent.click(screen.getByTestId('open-about'));
    expect(screen.getByTestId('about-view')).toBeInTheDocument();
  });
});
