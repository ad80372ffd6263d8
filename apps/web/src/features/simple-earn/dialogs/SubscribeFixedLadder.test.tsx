import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { detail, fixedProduct, flexEntry } from '../test/fixtures';
import { earnApi } from '../test/setupApi';
import { SubscribeModal } from './subscribe/SubscribeModal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

/** The demo's USDT 90 days: 10 % base, a 2 % GT bonus on the first 1,000 of each order. */
const ninetyDays = () =>
  fixedProduct({
    id: 3,
    lock_up_period: 90,
    year_rate: '0.1',
    min_lend_amount: '10',
    bonus_asset: 'GT',
    bonus_asset_price: '20',
    ladder_apr: [{ left: '0', right: '1000', apr: '0.02' }],
  });

/**
 * Walk (issue 27): with 2,015 USDT in flexible, the 90-day form said "APR on 100 USDT: 10.00 %",
 * the 100 placed above 1,000 on the ladder, while its own bonus estimate, the server and the success
 * dialog all said 12.00 %: a fixed order's tiers do not start above the flexible holding.
 */
describe('fixed subscribe beside a flexible holding', () => {
  test('opened on Flexible, then 90 days: 100 USDT earns the first tier: 12.00 %, whatever is held in flexible', async () => {
    const api = earnApi({
      available: '10000',
      products: [detail([flexEntry(), ninetyDays()])],
      extra: {
        'GET /apiw/v2/uni-loan/earn/subscribe': () => ({
          list: [{ asset: 'USDT', principal: '2015', pending_amount: '0', min_lend_rate_year: '0' }],
          total: 1,
        }),
      },
    });
    renderWithProviders(
      <SubscribeModal target={{ asset: 'USDT', productId: 0 }} onClose={() => undefined} />,
    );
    await waitFor(() => expect(screen.getByTestId('available-balance')).toHaveTextContent('10,000 USDT'));
    await waitFor(() => expect(api.to('GET /apiw/v2/uni-loan/earn/subscribe').length).toBeGreaterThan(0));
    // As a trader does: the dialog opens on Flexible (its holding loads), then the 90-day term.
    await userEvent.click(await screen.findByTestId('term-3'));
    await screen.findByTestId('remaining-quota');
    const input = await screen.findByTestId('subscribe-amount');
    await userEvent.type(input, '100');
    await waitFor(() =>
      expect(screen.getByText(t('se.apr.forAmount', { amount: '100', coin: 'USDT' }))).toBeInTheDocument(),
    );
    expect(screen.getByTestId('est-apr')).toHaveTextContent('12.00%');
    const stretches = screen.getAllByTestId('apr-stretch').map((e) => e.textContent);
    expect(stretches[0]).toContain('12.00%');
    expect(stretches[0]).toContain(t('se.apr.stretchYour', { amount: '100', interest: '12', coin: 'USDT' }));
    expect(screen.queryByTestId('apr-held-note')).toBeNull();
    // 100 × 10 % × 90 / 365 and the bonus 100 × 2 % × 90 / 365 = 0.4931… USDT in GT at 20.
    expect(screen.getByTestId('est-interest')).toHaveTextContent('2.46575342 USDT');
    expect(screen.getByTestId('est-bonus')).toHaveTextContent('GT');
  });
});
