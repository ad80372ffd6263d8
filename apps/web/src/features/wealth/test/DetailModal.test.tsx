import '../i18n/register';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
// The test harness (fetch stub, providers) is shared with the staking screens' tests.
import { installDomStubs, renderUi, stubApi } from '../../../test/harness';
import type { WealthOrder } from '../api/index';
import { DetailModal } from '../dialogs/DetailModal';

const BASE = '/apiw/v2/earn/private-wealth';

const order: WealthOrder = {
  order_id: 7,
  pid: 2,
  project_type: 5,
  name: 'BTC Quant Strategy',
  coin: 'BTC',
  amount: '0.52039078',
  unit: '0.5',
  redeeming_unit: '0',
  cost: '0.5',
  show_interest: 1,
  income_amount: '0.02039078',
  net_value_ratio: '1.04078156',
  net_value_ratio_buy: '1',
  recent_30_days_rate: '6.8261',
  run_days: 180,
  client_id: '42',
};

describe('wealth product detail modal', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  test('personal and product info; the assets trend over 30 days first, then the change chart', async () => {
    const calls = stubApi({
      [`GET ${BASE}/order-detail`]: () => order,
      [`GET ${BASE}/lines`]: (c) => ({
        lines: [],
        change: c.query.get('type') === 'rate' ? '4.0781' : '0.02039078',
      }),
    });
    renderUi(<DetailModal order={order} opened onClose={() => undefined} />);
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('+0.02039078 BTC')).toBeInTheDocument();
    expect(screen.getByText('Asset management')).toBeInTheDocument();
    // The buy NAV carries its coin like the NAV, the 30-day rate two decimals like every rate.
    expect(screen.getByText('1 BTC')).toBeInTheDocument();
    expect(screen.getByText('1.04078156 BTC')).toBeInTheDocument();
    expect(screen.getByText('6.83%')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('wealth-change')).toHaveTextContent('Change: +0.02039078 BTC'),
    );
    const first = calls.find((c) => c.path.endsWith('/lines'));
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      type: 'balance',
      order_id: '7',
      range: '30',
      project_type: '5',
    });
    expect(await screen.findByTestId('chart-empty')).toHaveTextContent('No data');
    await userEvent.click(screen.getByTestId('wealth-chart-rate'));
    await waitFor(() => expect(screen.getByTestId('wealth-change')).toHaveTextContent('Change: +4.0781%'));
    await userEvent.click(screen.getByRole('radio', { name: '2 years' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path.endsWith('/lines') && c.query.get('range') === '730')).toBe(true),
    );
  });

  test('income is hidden when the product does not show interest', async () => {
    stubApi({
      [`GET ${BASE}/order-detail`]: () => ({ ...order, show_interest: 0 }),
      [`GET ${BASE}/lines`]: () => ({ lines: [], change: '0' }),
    });
    renderUi(<DetailModal order={{ ...order, show_interest: 0 }} opened onClose={() => undefined} />);
    await screen.findByTestId('wealth-change');
    expect(screen.queryByText('Income')).toBeNull();
  });
});
