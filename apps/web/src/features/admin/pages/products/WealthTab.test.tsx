import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WealthProduct } from '../../api/types';
import { fakeApi, renderConsole } from '../../test/harness';
import { WealthTab } from './WealthTab';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });

const product = (pid: number, coin: string, name: string): WealthProduct => ({
  pid,
  project_type: 4,
  name,
  coin,
  min_purchase: '100',
  vip_min_tier: 0,
  net_value_ratio: '1.01815644',
  net_value_time: 1_795_737_600,
  recent_30_days_rate: '3.0684',
  run_days: 180,
  show_interest: 1,
  disclaimer: '/asset-management/institution/disclaimer',
  description: `${name}: a managed fund.`,
  status: 'online',
  i18n: {},
});

describe('the wealth tab', () => {
  test("a NAV is typed and reviewed in the product's coin", async () => {
    const calls = fakeApi({
      'GET /admin/api/wealth/products': () => [
        200,
        { list: [product(1, 'USDT', 'Stable Yield'), product(2, 'BTC', 'BTC Quant')], total: 2 },
      ],
      'POST /admin/api/wealth/products/2/nav': () => [200, {}],
    });
    renderConsole(<WealthTab />);
    await userEvent.click(await screen.findByTestId('wealth-2-nav'));
    const dialog = await screen.findByTestId('nav-form');
    const input = within(dialog).getByRole('textbox', { name: /NAV/ });
    // The unit beside the input: the product's coin.
    expect(input.closest('.mantine-Input-wrapper')?.textContent).toContain('BTC');
    await userEvent.type(input, '1.05', { delay: null });
    await userEvent.click(within(dialog).getByTestId('form-review'));
    expect((await within(dialog).findByTestId('review-after')).textContent).toBe('1.05 BTC');
    await userEvent.click(within(dialog).getByTestId('form-save'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ nav: '1.05' });
  });
});
