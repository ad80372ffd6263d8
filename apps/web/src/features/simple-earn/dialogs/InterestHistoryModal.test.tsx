import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { flexHolding } from '../test/fixtures';
import { earnApi, NOW } from '../test/setupApi';
import { AprDetailModal } from './AprDetailModal';
import { InterestHistoryModal } from './InterestHistoryModal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

describe('interest history dialog (screen 9)', () => {
  test('7 a page for the coin over the last 30 days of the server clock; the type is remembered', async () => {
    // The demo's test clock runs 10 days ahead of the browser.
    const serverNow = NOW + 10 * 86_400;
    const api = earnApi({
      extra: {
        'GET /api/health': () => ({ now: serverNow, clock: 'test' }),
        'GET /apiw/v2/uni-loan/earn/history': () => ({ list: [], total: 0 }),
      },
    });
    renderWithProviders(<InterestHistoryModal asset="USDT" onClose={() => undefined} />);
    expect(await screen.findByText(t('noRecord'))).toBeInTheDocument();
    await waitFor(() => {
      const last = api.to('GET /apiw/v2/uni-loan/earn/history').at(-1);
      expect(last?.query.get('asset')).toBe('USDT');
      expect(last?.query.get('limit')).toBe('7');
      expect(last?.query.get('type')).toBe('3');
      // The range ends with the server's day, not the browser's.
      expect(Number(last?.query.get('end_at'))).toBeGreaterThanOrEqual(serverNow);
      expect(Number(last?.query.get('start_at'))).toBeLessThanOrEqual(serverNow - 30 * 86_400);
    });
    await userEvent.click(screen.getByRole('radio', { name: t('se.type.4') }));
    expect(localStorage.getItem('simple-earn.user_interest_history_type')).toBe('4');
    await waitFor(() =>
      expect(api.to('GET /apiw/v2/uni-loan/earn/history').at(-1)?.query.get('type')).toBe('4'),
    );
  });
});

describe('APR detail dialog (screen 8)', () => {
  test('the trend says no data when the chart is empty; the edit tab holds the minimum APR form', async () => {
    earnApi();
    renderWithProviders(
      <AprDetailModal holding={flexHolding({ min_lend_rate_year: '0.02' })} onClose={() => undefined} />,
    );
    expect(await screen.findByText(t('finances.noData'))).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('apr-edit-tab'));
    expect(await screen.findByTestId('min-apr-input')).toHaveValue('2');
  });
});
