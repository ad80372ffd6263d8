import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { form } from '../../../test/fakeApi';
import { flexHolding } from '../test/fixtures';
import { earnApi } from '../test/setupApi';
import { RedeemModal, redeemError } from './redeem/RedeemModal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

describe('flexible redeem rules (section 5)', () => {
  test('text starting with 0.000000 is below the minimum; the redeemable amount caps', () => {
    expect(redeemError('0.000000', '10', 'USDT')?.key).toBe('redeem.number.minLimit');
    expect(redeemError('0.0000009', '10', 'USDT')?.key).toBe('redeem.number.minLimit');
    expect(redeemError('0.000001', '10', 'USDT')).toBeNull();
    expect(redeemError('10.00000001', '10', 'USDT')?.key).toBe('simple_earn.redeem.maxLimit');
    expect(redeemError('', '10', 'USDT')).toBeNull();
  });
});

describe('redeem dialog', () => {
  const holding = flexHolding({
    curr_amount: '100',
    frozen_amount: '20',
    frozen_status: 1,
    margin_frozen_amount: '5',
  });

  test('redeemable = available − frozen − margin frozen; above it is refused with the reason, never capped; zero disables confirm', async () => {
    earnApi();
    renderWithProviders(<RedeemModal holding={holding} lendRatio="0.5" onClose={() => undefined} />);
    expect(await screen.findByTestId('redeemable')).toHaveTextContent('75 USDT');
    const input = screen.getByTestId('redeem-amount');
    expect(screen.getByTestId('redeem-confirm')).toBeDisabled();
    fireEvent.change(input, { target: { value: '80' } });
    expect(input).toHaveValue('80');
    expect(
      await screen.findByText(t('simple_earn.redeem.maxLimit', { amount: '75', coin: 'USDT' })),
    ).toBeInTheDocument();
    expect(screen.getByTestId('redeem-confirm')).toBeDisabled();
    fireEvent.change(input, { target: { value: '0.0000001' } });
    expect(
      await screen.findByText(t('redeem.number.minLimit', { amount: '0.000001', coin: 'USDT' })),
    ).toBeInTheDocument();
    expect(screen.getByTestId('redeem-confirm')).toBeDisabled();
    expect(screen.queryByTestId('lend-ratio-notice')).not.toBeInTheDocument();
  });

  test('the lend-ratio notice from 0.8; the cancel icon only while frozen_status is 1', async () => {
    earnApi();
    const { unmount } = renderWithProviders(
      <RedeemModal holding={holding} lendRatio="0.8" onClose={() => undefined} />,
    );
    expect(await screen.findByTestId('lend-ratio-notice')).toBeInTheDocument();
    expect(screen.getByTestId('cancel-redeem')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <RedeemModal holding={{ ...holding, frozen_status: 0 }} lendRatio="0.79" onClose={() => undefined} />,
    );
    expect(await screen.findByTestId('redeeming-row')).toBeInTheDocument();
    expect(screen.queryByTestId('cancel-redeem')).not.toBeInTheDocument();
    expect(screen.queryByTestId('lend-ratio-notice')).not.toBeInTheDocument();
  });

  test('redeem sends asset, amount, curr_amount and lend_amount; the success dialog says it is all in spot now (issue 27)', async () => {
    const api = earnApi({
      extra: {
        'GET /api/health': () => ({ now: 1_795_239_000 }),
        'POST /apiw/v2/uni-loan/earn/redeem': () => ({ asset: 'USDT', amount: '30', frozen_amount: '0' }),
      },
    });
    renderWithProviders(<RedeemModal holding={holding} lendRatio="0.5" onClose={() => undefined} />);
    fireEvent.change(await screen.findByTestId('redeem-amount'), { target: { value: '30' } });
    await userEvent.click(screen.getByTestId('redeem-confirm'));
    const success = await screen.findByTestId('redeem-success');
    expect(success).toHaveTextContent(t('redeem.success'));
    expect(success).toHaveTextContent(t('se.redeem.arrived'));
    // The whole 30 USDT, at once, with the server's time of the answer.
    expect(screen.getByTestId('redeem-paid-now')).toHaveTextContent(
      /^30 USDT · At once \(2026-11-\d\d \d\d:\d\d UTC\)$/,
    );
    expect(screen.queryByTestId('redeem-waiting')).toBeNull();
    expect(form(api.to('POST /apiw/v2/uni-loan/earn/redeem'))).toEqual({
      asset: 'USDT',
      amount: '30',
      curr_amount: '100',
      lend_amount: '80',
    });
  });

  test('a part frozen under the earlier rule: both parts, each with its time', async () => {
    earnApi({
      extra: {
        'POST /apiw/v2/uni-loan/earn/redeem': () => ({ asset: 'USDT', amount: '30', frozen_amount: '12.5' }),
        'GET /api/web/v1/earn/redeem-arrival': () => ({
          rule: 'flexible_settlement',
          arrives_at: 1_795_240_800,
          estimated: false,
          term_payout_at: null,
        }),
      },
    });
    renderWithProviders(<RedeemModal holding={holding} lendRatio="0.5" onClose={() => undefined} />);
    fireEvent.change(await screen.findByTestId('redeem-amount'), { target: { value: '30' } });
    await userEvent.click(screen.getByTestId('redeem-confirm'));
    const success = await screen.findByTestId('redeem-success');
    expect(success).toHaveTextContent(t('se.redeem.waiting', { amount: '12.5', coin: 'USDT' }));
    expect(screen.getByTestId('redeem-paid-now')).toHaveTextContent(/^17.5 USDT · At once/);
    expect(await screen.findByTestId('redeem-waiting')).toHaveTextContent('12.5 USDT · 2026-11-21 06:00 UTC');
  });

  test('locked funding stops the redeem with its warning', async () => {
    const api = earnApi({ locked: true });
    renderWithProviders(<RedeemModal holding={holding} lendRatio="0.5" onClose={() => undefined} />);
    fireEvent.change(await screen.findByTestId('redeem-amount'), { target: { value: '30' } });
    await userEvent.click(screen.getByTestId('redeem-confirm'));
    expect(await screen.findByText(t('lend_earn.notredeem.toast'))).toBeInTheDocument();
    expect(api.to('POST /apiw/v2/uni-loan/earn/redeem')).toHaveLength(0);
  });

  test('cancel redemption posts the frozen amount and toasts orderCancelled', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/uni-loan/earn/redeem/cancel': () => ({ asset: 'USDT', amount: '20' }) },
    });
    renderWithProviders(<RedeemModal holding={holding} lendRatio="0.5" onClose={() => undefined} />);
    await userEvent.click(await screen.findByTestId('cancel-redeem'));
    await userEvent.click(await screen.findByTestId('cancel-redeem-confirm'));
    expect(await screen.findByText(t('orderCancelled'))).toBeInTheDocument();
    await waitFor(() =>
      expect(form(api.to('POST /apiw/v2/uni-loan/earn/redeem/cancel'))).toEqual({
        asset: 'USDT',
        amount: '20',
      }),
    );
  });
});
