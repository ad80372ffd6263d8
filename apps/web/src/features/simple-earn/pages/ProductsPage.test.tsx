import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { AuthDialogsProvider, useAuthDialogs } from '../../../app/auth';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { detail, fixedProduct, flexEntry } from '../test/fixtures';
import { earnApi } from '../test/setupApi';
import ProductsPage from './ProductsPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const PRODUCTS = [
  detail([
    flexEntry({ year_rate: '0.05' }),
    fixedProduct({ id: 2, year_rate: '0.08' }),
    fixedProduct({ id: 4, type: 2, min_vip: 1, max_vip: 16, year_rate: '0.12' }),
  ]),
  detail([flexEntry({ asset: 'BTC', year_rate: '0.0121' })], { asset: 'BTC' }),
  detail(
    [
      flexEntry({ asset: 'GT', year_rate: '0.0365' }),
      fixedProduct({ id: 8, asset: 'GT', year_rate: '0.15', sale_status: 2 }),
    ],
    { asset: 'GT' },
  ),
];

function RegisterProbe() {
  const { registerOpened } = useAuthDialogs();
  return <div data-testid="register-state">{registerOpened ? 'open' : 'closed'}</div>;
}

function renderPage() {
  return renderWithProviders(
    <AuthDialogsProvider>
      <ProductsPage />
      <RegisterProbe />
    </AuthDialogsProvider>,
    { route: '/simple-earn' },
  );
}

const order = () => screen.getAllByTestId(/^product-[A-Z]+$/).map((el) => el.getAttribute('data-testid'));

describe('product list', () => {
  test('sorted by best APR, reversible and by coin; search filters by coin; VIP and sold-out marks', async () => {
    earnApi({ products: PRODUCTS });
    renderPage();
    await screen.findByTestId('product-USDT');
    expect(order()).toEqual(['product-GT', 'product-USDT', 'product-BTC']);
    expect(screen.getByTestId('chip-USDT-4')).toHaveTextContent('VIP');
    expect(screen.getByTestId('chip-GT-8')).toHaveTextContent('Sold out');
    await userEvent.click(screen.getByTestId('se-list-sort'));
    await userEvent.click(await screen.findByRole('option', { name: 'APR: low to high' }));
    await waitFor(() => expect(order()).toEqual(['product-BTC', 'product-USDT', 'product-GT']));
    fireEvent.change(screen.getByTestId('se-list-search'), { target: { value: 'us' } });
    await waitFor(() => expect(order()).toEqual(['product-USDT']));
    fireEvent.change(screen.getByTestId('se-list-search'), { target: { value: 'XYZ' } });
    expect(await screen.findByTestId('se-list-no-match')).toHaveTextContent(
      'Nothing matches your search or filters.',
    );
  });

  test('a term chip opens the subscribe dialog on that term', async () => {
    earnApi({ products: PRODUCTS });
    renderPage();
    await userEvent.click(await screen.findByTestId('chip-USDT-2'));
    const term = await screen.findByTestId('term-2');
    expect(term).toHaveAttribute('aria-checked', 'true');
  });

  test('a visitor switching auto-earn for all coins is asked to register', async () => {
    const api = earnApi({
      products: PRODUCTS,
      extra: { 'GET /api/web/v1/auth/me': () => ({ status: 401, code: 401, message: 'login' }) },
    });
    renderPage();
    await screen.findByTestId('product-USDT');
    await userEvent.click(screen.getByTestId('auto-earn-all'));
    expect(screen.getByTestId('register-state')).toHaveTextContent('open');
    expect(api.to('POST /apiw/v2/uni-loan/earn/autoivest')).toHaveLength(0);
  });
});

describe('product list APRs (issue 17)', () => {
  test('a card says "up to" with the amount it needs; a term chip too', async () => {
    const ladder = [
      { left: '0', right: '500', apr: '0.1' },
      { left: '500', right: '2000', apr: '0.03' },
    ];
    earnApi({
      products: [
        detail([
          flexEntry({ ladder_apr: ladder, bonus_tiers: ladder, apr_up_to: { apr: '0.1523', amount: '500' } }),
          fixedProduct({ id: 2, year_rate: '0.08' }),
        ]),
      ],
    });
    renderPage();
    const card = await screen.findByTestId('product-USDT');
    expect(card).toHaveTextContent(
      `${i18next.t('se.upTo')} 15.23% ${i18next.t('se.apr.onFirst', { amount: '500', coin: 'USDT' })}`,
    );
    expect(screen.getByTestId('chip-USDT-0')).toHaveTextContent(i18next.t('se.apr.upTo', { apr: '15.23%' }));
    expect(screen.getByTestId('chip-USDT-0')).toHaveAttribute(
      'title',
      i18next.t('se.apr.upToFirst', { apr: '15.23%', amount: '500', coin: 'USDT' }),
    );
    expect(screen.getByTestId('chip-USDT-2')).toHaveTextContent('8.00%');
  });
});
