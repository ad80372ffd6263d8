import { configure, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { form } from '../../../test/fakeApi';
import { AutoEarnModal } from '../dialogs/AutoEarnModal';
import { EarlyRedeemModal, ReinvestModal } from '../dialogs/FixedOrderDialogs';
import { fixedOrder, flexHolding } from '../test/fixtures';
import { earnApi } from '../test/setupApi';
import { FixedHoldingCard, FlexHoldingCard } from './HoldingCards';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

const noop = { onEarlyRedeem: vi.fn(), onReinvest: vi.fn(), onRedeemTo: vi.fn(), onSubscribeAgain: vi.fn() };

describe('fixed holding card (screen 7, section 4)', () => {
  test('shows term, VIP tag, principal, APR with the bonus tag and estimated interest', () => {
    earnApi();
    renderWithProviders(
      <FixedHoldingCard
        o={fixedOrder({
          product_type: 2,
          coupon_info: { rate_ratio: '2', rate_day: 7, coupon_interest: '0' },
          total_year_rate_percent: '10',
        })}
        now={1_500_000}
        actions={noop}
      />,
    );
    const card = screen.getByTestId('fixed-holding-7');
    expect(card).toHaveTextContent(t('se.days', { count: 30 }));
    expect(card).toHaveTextContent('VIP');
    expect(within(card).getByTestId('principal')).toHaveTextContent(/^100 USDT$/);
    expect(card).toHaveTextContent('10.00%');
    expect(card).toHaveTextContent(t('se.bonus'));
    expect(within(card).getByTestId('est-interest')).toHaveTextContent('0.65753424');
    expect(within(card).getByTestId('early-redeem')).toBeEnabled();
  });

  test('within an hour of maturity every change is disabled; subscribe again stays', () => {
    earnApi();
    renderWithProviders(
      <FixedHoldingCard o={fixedOrder({ finish_time: 1_500_000 + 1800 })} now={1_500_000} actions={noop} />,
    );
    expect(screen.getByTestId('early-redeem')).toBeDisabled();
    expect(screen.getByTestId('reinvest-toggle')).toBeDisabled();
    expect(screen.getByTestId('change-redeem-to')).toBeDisabled();
    expect(screen.getByTestId('subscribe-again')).toBeEnabled();
    // Each greyed action says why.
    const near = t('simple_earn.order.nearMaturity');
    expect(screen.getByTestId('early-redeem')).toHaveAccessibleDescription(near);
    expect(screen.getByTestId('reinvest-toggle')).toHaveAccessibleDescription(near);
    expect(screen.getByTestId('change-redeem-to')).toHaveAccessibleDescription(near);
  });

  test('on a phone the reasons are written out: not offered by the product, auto-reinvest on', () => {
    earnApi();
    renderWithProviders(
      <FixedHoldingCard
        o={fixedOrder({
          product_info: { pre_redeem: 0, reinvest: 1, redeem_account: 1 },
          reinvest_status: 1,
        })}
        now={1_000_000}
        actions={noop}
      />,
      { width: 375 },
    );
    expect(screen.getByTestId('early-redeem')).toBeDisabled();
    expect(screen.getByTestId('early-redeem-reason')).toHaveTextContent(t('se.notSupported'));
    expect(screen.getByTestId('reinvest-toggle')).toBeEnabled();
    expect(screen.queryByTestId('reinvest-reason')).not.toBeInTheDocument();
    expect(screen.getByTestId('change-redeem-to')).toBeDisabled();
    expect(screen.getByTestId('redeem-to-reason')).toHaveTextContent(t('se.redeemTo.whileReinvest'));
  });

  test('a product without pre-redeem or reinvest disables those actions; a redeeming order reads Redeeming', () => {
    earnApi();
    renderWithProviders(
      <FixedHoldingCard
        o={fixedOrder({
          product_info: { pre_redeem: 0, reinvest: 0, redeem_account: 1 },
          finish_time: 1_400_000,
        })}
        now={1_500_000}
        actions={noop}
      />,
    );
    expect(screen.getByTestId('early-redeem')).toBeDisabled();
    expect(screen.getByTestId('reinvest-toggle')).toBeDisabled();
    expect(screen.getByTestId('order-state')).toHaveTextContent(t('se.state.redeeming'));
  });
});

describe('flexible holding card', () => {
  test('a holding not yet lent says from when, not a bare 0', () => {
    earnApi();
    const actions = {
      onSubscribe: vi.fn(),
      onRedeem: vi.fn(),
      onAprDetail: vi.fn(),
      onInterestHistory: vi.fn(),
      onAutoEarn: vi.fn(),
    };
    renderWithProviders(
      <FlexHoldingCard h={flexHolding({ lend_amount: '0', pending_amount: '100' })} actions={actions} />,
    );
    expect(screen.getByTestId('lent-amount')).toHaveTextContent(
      t('se.lentNow.fromNextHour', { amount: '100', coin: 'USDT' }),
    );
  });

  test('principal, amount lent, APR, cumulative return and the bonus tag', async () => {
    earnApi();
    const actions = {
      onSubscribe: vi.fn(),
      onRedeem: vi.fn(),
      onAprDetail: vi.fn(),
      onInterestHistory: vi.fn(),
      onAutoEarn: vi.fn(),
    };
    renderWithProviders(
      <FlexHoldingCard
        h={flexHolding({ is_open_award_pool: 1, bonus_asset: 'GT', frozen_amount: '3' })}
        actions={actions}
      />,
    );
    const card = screen.getByTestId('flex-holding-USDT');
    expect(within(card).getByTestId('lent-amount')).toHaveTextContent('80');
    expect(within(card).getByTestId('holding-amount')).toHaveTextContent(/^100 USDT$/);
    expect(within(card).getByTestId('lent-amount')).toHaveTextContent('80');
    expect(within(card).getByTestId('cumulative')).toHaveTextContent(/^10 USDT$/);
    expect(card).toHaveTextContent('5.00%');
    expect(card).toHaveTextContent(t('se.bonusTag', { coin: 'GT' }));
    expect(within(card).getByTestId('card-redeeming')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('auto-earn-USDT'));
    expect(actions.onAutoEarn).toHaveBeenCalled();
  });

  test('the APR is the holding’s blended APR the server answers, the figure its subscription showed', () => {
    earnApi();
    const actions = {
      onSubscribe: vi.fn(),
      onRedeem: vi.fn(),
      onAprDetail: vi.fn(),
      onInterestHistory: vi.fn(),
      onAutoEarn: vi.fn(),
    };
    renderWithProviders(
      <FlexHoldingCard
        h={flexHolding({ next_time_rate_year: '0.0523', blended_apr: '0.0713' })}
        actions={actions}
      />,
    );
    expect(screen.getByTestId('flex-holding-apr')).toHaveTextContent('7.13%');
  });
});

describe('fixed holding APR (issue 17)', () => {
  test('the order’s blended APR over its term: rate, bonus and voucher', () => {
    earnApi();
    renderWithProviders(
      <FixedHoldingCard
        o={fixedOrder({ total_year_rate_percent: '10', blended_apr: '0.084666666666666666' })}
        now={1_500_000}
        actions={noop}
      />,
    );
    expect(screen.getByTestId('fixed-holding-apr')).toHaveTextContent('8.47%');
  });
});

describe('auto-earn confirmation (screen 12)', () => {
  test('enable sends status 1 and toasts enabled; the upgraded account shows the risk text', async () => {
    const api = earnApi({
      accountMode: 'multi_currency',
      extra: { 'POST /apiw/v2/uni-loan/earn/autoivest': () => ({ assets: ['USDT'], status: 1 }) },
    });
    const close = vi.fn();
    renderWithProviders(<AutoEarnModal target={{ asset: 'USDT', status: 0 }} onClose={close} />);
    expect(await screen.findByTestId('auto-earn-risk')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('auto-earn-confirm'));
    expect(await screen.findByText(t('cryptoloan.enabledSuccessfully'))).toBeInTheDocument();
    expect(form(api.to('POST /apiw/v2/uni-loan/earn/autoivest'))).toEqual({ assets: 'USDT', status: '1' });
    expect(close).toHaveBeenCalled();
  });

  test('the all-coins variant disables with status 0 and a classic account has no risk text', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/uni-loan/earn/autoivest': () => ({ assets: ['ALL'], status: 0 }) },
    });
    renderWithProviders(<AutoEarnModal target={{ asset: 'ALL', status: 1 }} onClose={() => undefined} />);
    await screen.findByText(t('se.autoEarn.disableTitle', { coin: 'ALL' }));
    expect(screen.queryByTestId('auto-earn-risk')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('auto-earn-confirm'));
    expect(await screen.findByText(t('cryptoloan.disabledSuccessfully'))).toBeInTheDocument();
    expect(form(api.to('POST /apiw/v2/uni-loan/earn/autoivest')).status).toBe('0');
  });

  test('enable-for-all-coins text', async () => {
    earnApi();
    renderWithProviders(<AutoEarnModal target={{ asset: 'ALL', status: 0 }} onClose={() => undefined} />);
    expect(await screen.findByText(t('se.autoEarn.enableAllTitle'))).toBeInTheDocument();
    expect(screen.getByText(t('se.autoEarn.enableAllBody'))).toBeInTheDocument();
  });
});

describe('fixed order dialogs', () => {
  test('early redeem posts the order id and toasts redeem.success', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/fixed_earn/api/user/pre-redeem': () => fixedOrder({ status: 2 }) },
    });
    const close = vi.fn();
    renderWithProviders(<EarlyRedeemModal order={fixedOrder()} onClose={close} />);
    await userEvent.click(screen.getByTestId('early-redeem-confirm'));
    expect(await screen.findByText(t('redeem.success'))).toBeInTheDocument();
    expect(form(api.to('POST /apiw/v2/fixed_earn/api/user/pre-redeem')).order_id).toBe('7');
    expect(close).toHaveBeenCalled();
  });

  test('a VIP order uses the VIP path', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/vip/fixed_earn/api/user/pre-redeem': () => fixedOrder({ status: 2 }) },
    });
    renderWithProviders(
      <EarlyRedeemModal order={fixedOrder({ product_type: 2 })} onClose={() => undefined} />,
    );
    await userEvent.click(screen.getByTestId('early-redeem-confirm'));
    expect(await screen.findByText(t('redeem.success'))).toBeInTheDocument();
    expect(api.to('POST /apiw/v2/vip/fixed_earn/api/user/pre-redeem')).toHaveLength(1);
  });

  test('reinvest sends the opposite of the current state with PUT', async () => {
    const api = earnApi({
      extra: {
        'PUT /apiw/v2/fixed_earn/api/user/reinvest-status/7': () => fixedOrder({ reinvest_status: 1 }),
      },
    });
    renderWithProviders(
      <ReinvestModal order={fixedOrder({ reinvest_status: 0 })} onClose={() => undefined} />,
    );
    expect(screen.getByText(t('se.reinvest.onTitle'))).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('reinvest-confirm'));
    expect(await screen.findByText(t('modified'))).toBeInTheDocument();
    expect(form(api.to('PUT /apiw/v2/fixed_earn/api/user/reinvest-status/7')).reinvest_status).toBe('1');
  });
});
