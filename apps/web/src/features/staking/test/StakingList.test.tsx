import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LocationProbe, shownQuery } from '../../../test/location';
import { renderWithProviders } from '../../../test/render';
import type { StakingProduct } from '../api/index';
import StakingPage from '../pages/StakingPage';
import { campaign, ME, product } from './fixtures';
import { installDomStubs, stubApi } from './harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const BASE = '/apiw/v2/earn/staking';

function withRedeem(base: StakingProduct, minday: number, maxday: number): StakingProduct {
  return { ...base, extra: { ...base.extra, redeem_minday: minday, redeem_maxday: maxday } };
}

// ETH arrives after its first protocol's 3 income days; GT within 7 days; SOL at once. GT runs a
// campaign: 8 % more on the first 500 GT, 3 % on the next 1,500.
const PRODUCTS = [
  product(),
  withRedeem(
    product({
      id: 2,
      coin: 'GT',
      mortgage_coin: 'GT',
      rate: '6.5',
      apr: '14.5',
      defi: [],
      income_days: 0,
      extra_interest: campaign(),
    }),
    1,
    7,
  ),
  withRedeem(
    product({ id: 3, coin: 'SOL', mortgage_coin: 'SOL', rate: '0.9', apr: '0.9', defi: [], income_days: 0 }),
    0,
    0,
  ),
];

const coins = () =>
  screen.getAllByTestId(/^trend-[A-Z]+$/).map((el) => el.getAttribute('data-testid')?.slice('trend-'.length));

function stub(signedIn = true) {
  return stubApi({
    'GET /api/web/v1/auth/me': () => (signedIn ? ME : { status: 401, code: 401, message: 'login' }),
    'GET /api/health': () => ({ now: 1_800_000_000, clock: 'test' }),
    [`GET ${BASE}/products`]: () => ({ list: PRODUCTS, total: PRODUCTS.length }),
    [`GET ${BASE}/lock-balances`]: () => ({
      list: [
        {
          coin: 'GT',
          pid: -1,
          protocol_name: '',
          mortgage_amount: '100',
          accrued_reward: '0.5',
          reward_coin: 'GT',
          receipt_coin: '',
          receipt_amount: '0',
        },
      ],
      redeeming: [],
      total: 1,
    }),
  });
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <StakingPage />
      <LocationProbe />
    </>,
    { route },
  );
}

describe('staking product list', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  test('sorts by APR by default and by redemption period from a link, both ways', async () => {
    stub();
    const view = renderAt('/staking');
    await waitFor(() => expect(coins()).toEqual(['GT', 'ETH', 'SOL']));
    view.unmount();
    renderAt('/staking?sort=redeem-desc');
    await waitFor(() => expect(coins()).toEqual(['GT', 'ETH', 'SOL']));
    await userEvent.click(screen.getByTestId('staking-list-sort'));
    await userEvent.click(await screen.findByRole('option', { name: 'Redemption period: shortest first' }));
    await waitFor(() => expect(coins()).toEqual(['SOL', 'ETH', 'GT']));
    expect(shownQuery().get('sort')).toBe('redeem-asc');
  });

  test('the APR says "up to" with the amount a campaign needs, the rate alone without one, in both languages', async () => {
    stub(false);
    const view = renderAt('/staking');
    // 6.5 % + 8 % on the first 500 GT (stakingAprUpTo); ETH: its best protocol, Lido's 3.2 %.
    expect(await screen.findByTestId('staking-apr-GT')).toHaveTextContent(
      /^Up to 14\.50% on the first 500 GT$/,
    );
    expect(screen.getByTestId('staking-apr-ETH')).toHaveTextContent(/^3\.20%$/);
    expect(screen.getByTestId('staking-apr-SOL')).toHaveTextContent(/^0\.90%$/);
    view.unmount();
    const { i18next } = await import('../../../i18n');
    const { default: zh } = await import('../../../i18n/zh-CN.json');
    i18next.addResourceBundle('zh-CN', 'translation', zh, true, false);
    await i18next.changeLanguage('zh-CN');
    try {
      renderAt('/staking');
      expect(await screen.findByTestId('staking-apr-GT')).toHaveTextContent(/^最高 14\.50% （前 500 GT）$/);
      expect(screen.getByTestId('staking-apr-SOL')).toHaveTextContent(/^0\.90%$/);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  test('my positions only shows the coins staked; a search on top that matches none says so', async () => {
    stub();
    renderAt('/staking');
    await waitFor(() => expect(coins()).toHaveLength(3));
    await userEvent.click(await screen.findByTestId('staking-list-mine'));
    await waitFor(() => expect(coins()).toEqual(['GT']));
    await userEvent.type(screen.getByTestId('staking-list-search'), 'sol');
    expect(await screen.findByTestId('staking-list-no-match')).toHaveTextContent(
      'Nothing matches your search or filters.',
    );
    expect([shownQuery().get('q'), shownQuery().get('mine')]).toEqual(['sol', '1']);
    await userEvent.click(screen.getByTestId('staking-list-clear'));
    await waitFor(() => expect(coins()).toEqual(['GT', 'ETH', 'SOL']));
  });

  test('a protocol name finds its coin; a visitor has no my-positions switch and no records link', async () => {
    stub(false);
    renderAt('/staking?q=rocket');
    await waitFor(() => expect(coins()).toEqual(['ETH']));
    expect(screen.queryByTestId('staking-list-mine')).toBeNull();
    expect(screen.queryByTestId('staking-records-link')).toBeNull();
  });
});
