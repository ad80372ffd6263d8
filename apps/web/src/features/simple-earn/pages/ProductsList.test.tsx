import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { AuthDialogsProvider } from '../../../app/auth';
import { LocationProbe, shownQuery } from '../../../test/location';
import { renderWithProviders } from '../../../test/render';
import { detail, fixedProduct, flexEntry } from '../test/fixtures';
import { earnApi } from '../test/setupApi';
import ProductsPage from './ProductsPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const PRODUCTS = [
  detail([flexEntry({ year_rate: '0.05' }), fixedProduct({ id: 2, year_rate: '0.08', lock_up_period: 30 })]),
  detail([flexEntry({ asset: 'BTC', year_rate: '0.0121' })], { asset: 'BTC' }),
  detail([fixedProduct({ id: 5, asset: 'ETH', year_rate: '0.03', lock_up_period: 14 })], { asset: 'ETH' }),
  detail(
    [
      flexEntry({ asset: 'GT', year_rate: '0.0365' }),
      fixedProduct({ id: 8, asset: 'GT', year_rate: '0.15', lock_up_period: 60 }),
    ],
    { asset: 'GT' },
  ),
];

/** The overview's answer: GT held in fixed, BTC's flexible holding emptied. */
const OVERVIEW = {
  as_of: 0,
  total_usdt: '10',
  total_btc: null,
  yesterday_usdt: '0',
  cumulative_usdt: '0',
  lines: [
    { line: 'simple_earn_fixed', total_usdt: '10', assets: [{ asset: 'GT', amount: '5', usdt: '10' }] },
    { line: 'simple_earn_flexible', total_usdt: '0', assets: [{ asset: 'BTC', amount: '0', usdt: '0' }] },
    { line: 'staking', total_usdt: '1', assets: [{ asset: 'ETH', amount: '1', usdt: '1' }] },
  ],
  upcoming: [],
};

function renderAt(route: string) {
  return renderWithProviders(
    <AuthDialogsProvider>
      <ProductsPage />
      <LocationProbe />
    </AuthDialogsProvider>,
    { route },
  );
}

const order = () => screen.getAllByTestId(/^product-[A-Z]+$/).map((el) => el.dataset.testid?.slice(8));

describe('simple-earn list: search, sort and my positions in the URL', () => {
  test('a link with sort=term-desc opens longest term first; choosing shortest first writes the URL', async () => {
    earnApi({ products: PRODUCTS });
    renderAt('/simple-earn?sort=term-desc');
    await waitFor(() => expect(order()).toEqual(['GT', 'USDT', 'ETH', 'BTC']));
    expect(screen.getByTestId('se-list-sort')).toHaveValue('Term: longest first');
    await userEvent.click(screen.getByTestId('se-list-sort'));
    await userEvent.click(await screen.findByRole('option', { name: 'Term: shortest first' }));
    // Flexible counts as a term of 0 days; ETH's shortest is 14.
    await waitFor(() => expect(order()).toEqual(['BTC', 'GT', 'USDT', 'ETH']));
    expect(shownQuery().get('sort')).toBe('term-asc');
  });

  test('a search no coin matches says so; Clear brings every coin back and empties the URL', async () => {
    earnApi({ products: PRODUCTS });
    renderAt('/simple-earn');
    await screen.findByTestId('product-USDT');
    await userEvent.type(screen.getByTestId('se-list-search'), 'xyz', { delay: null });
    expect(await screen.findByTestId('se-list-no-match')).toHaveTextContent(
      'Nothing matches your search or filters.',
    );
    expect(shownQuery().get('q')).toBe('xyz');
    await userEvent.click(screen.getByTestId('se-list-clear'));
    await waitFor(() => expect(order()).toEqual(['GT', 'USDT', 'ETH', 'BTC']));
    expect(shownQuery().toString()).toBe('');
  });

  test('my positions only keeps the coins held in simple earn, from the overview', async () => {
    const api = earnApi({ products: PRODUCTS, extra: { 'GET /api/web/v1/earn/overview': () => OVERVIEW } });
    renderAt('/simple-earn');
    await screen.findByTestId('product-USDT');
    expect(api.to('GET /api/web/v1/earn/overview')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('se-list-mine'));
    // ETH is held in staking, BTC's holding is empty: neither is a simple-earn position.
    await waitFor(() => expect(order()).toEqual(['GT']));
    expect(shownQuery().get('mine')).toBe('1');
  });

  test('in Chinese, a visitor sees search and sort but no my-positions switch', async () => {
    const { i18next } = await import('../../../i18n');
    const { default: zh } = await import('../../../i18n/zh-CN.json');
    i18next.addResourceBundle('zh-CN', 'translation', zh, true, false);
    await i18next.changeLanguage('zh-CN');
    try {
      earnApi({
        products: PRODUCTS,
        extra: { 'GET /api/web/v1/auth/me': () => ({ status: 401, code: 401, message: 'login' }) },
      });
      renderAt('/simple-earn?q=g');
      await waitFor(() => expect(order()).toEqual(['GT']));
      expect(screen.getByTestId('se-list-search')).toHaveAttribute('placeholder', '搜索币种');
      expect(screen.getByTestId('se-list-sort')).toHaveValue('年化收益率：从高到低');
      expect(screen.queryByTestId('se-list-mine')).toBeNull();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
