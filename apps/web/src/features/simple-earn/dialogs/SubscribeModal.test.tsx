import { onlineManager } from '@tanstack/react-query';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { FundpassPrompt } from '../../../app/FundpassPrompt';
import { form, rule } from '../../../test/fakeApi';
import { detail, fixedProduct, flexEntry } from '../test/fixtures';
import { earnApi } from '../test/setupApi';
import { SubscribeModal } from './subscribe/SubscribeModal';

// Dialog data arrives over several fake calls; give each wait room on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });

const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

function open(productId: number) {
  renderWithProviders(<SubscribeModal target={{ asset: 'USDT', productId }} onClose={() => undefined} />);
}

async function typeAmount(text: string) {
  const input = await screen.findByTestId('subscribe-amount');
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  return input;
}

async function ready() {
  await screen.findByTestId('available-balance');
  await waitFor(() => expect(screen.getByTestId('available-balance')).toHaveTextContent('500 USDT'));
}

describe('subscribe dialog: section 5 messages under the input', () => {
  test('below the minimum, above available, above the personal quota', async () => {
    earnApi();
    open(2);
    await ready();
    await screen.findByTestId('remaining-quota');
    await typeAmount('9.99');
    expect(
      await screen.findByText(t('finances.simpleEarn.minPurchaseAmount', { amount: '10', coin: 'USDT' })),
    ).toBeInTheDocument();
    expect(screen.getByTestId('subscribe-submit')).toBeDisabled();
    // Above the personal quota (300) and the balance (500): the quota, in the order every line checks.
    await typeAmount('501');
    expect(
      await screen.findByText(t('finance.individualRemainingQuotaAmount', { amount: '300', coin: 'USDT' })),
    ).toBeInTheDocument();
    await typeAmount('301');
    expect(
      await screen.findByText(t('finance.individualRemainingQuotaAmount', { amount: '300', coin: 'USDT' })),
    ).toBeInTheDocument();
    await typeAmount('300');
    await waitFor(() => expect(screen.getByTestId('subscribe-submit')).toBeEnabled());
  });

  test('above the balance within every quota', async () => {
    earnApi({ available: '200' });
    open(2);
    await screen.findByTestId('remaining-quota');
    await typeAmount('250');
    expect(
      await screen.findByText(t('lend_earn.insufficient.balance', { coin: 'USDT' })),
    ).toBeInTheDocument();
  });

  test('a product quota below the amount, and below the minimum before typing', async () => {
    earnApi({
      available: '5000',
      lendable: { lendable: '350', user_remaining: '-1', product_remaining: '350' },
    });
    open(2);
    await screen.findByTestId('remaining-quota');
    await typeAmount('400');
    expect(
      await screen.findByText(
        t('simple_earn.amount.tip.remainingQuotaLessAmount', { amount: '350', coin: 'USDT' }),
      ),
    ).toBeInTheDocument();
  });

  test('remaining quota already below the minimum shows at once', async () => {
    earnApi({ lendable: { lendable: '5', user_remaining: '-1', product_remaining: '5' } });
    open(2);
    expect(
      await screen.findByText(
        t('simple_earn.amount.tip.remainingQuotaLessAmount', { amount: '5', coin: 'USDT' }),
      ),
    ).toBeInTheDocument();
  });

  test("the voucher's lower and upper purchase limits", async () => {
    earnApi({
      available: '50000',
      lendable: { lendable: '50000', user_remaining: '-1', product_remaining: '50000' },
    });
    open(2);
    await screen.findByTestId('remaining-quota');
    await userEvent.click(await screen.findByPlaceholderText(t('se.voucher.pick')));
    await userEvent.click(await screen.findByRole('option', { name: /\+2% APR for 7 days/ }));
    await typeAmount('99');
    expect(
      await screen.findByText(t('simple.min_purchase', { amount: '100', coin: 'USDT' })),
    ).toBeInTheDocument();
    await typeAmount('10001');
    expect(
      await screen.findByText(t('simple.max_purchase', { amount: '10000', coin: 'USDT' })),
    ).toBeInTheDocument();
    await typeAmount('150');
    expect(await screen.findByTestId('est-voucher')).toHaveTextContent('0.05753424 USDT');
  });

  test('Max on a fixed product is the lesser of the remaining quota and the balance', async () => {
    earnApi({ available: '123.4567891' });
    open(2);
    await screen.findByTestId('remaining-quota');
    await waitFor(() => expect(screen.getByTestId('available-balance')).toHaveTextContent('123.4567891'));
    await userEvent.click(screen.getByRole('button', { name: t('common.max') }));
    await waitFor(() => expect(screen.getByTestId('subscribe-amount')).toHaveValue('123.456789'));
  });

  test('a rule the server refuses shows under the input with its key', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/fixed_earn/api/user/lend': () => rule('simple_earn.soldOut') },
    });
    open(2);
    await ready();
    await screen.findByTestId('remaining-quota');
    await typeAmount('100');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    expect(await screen.findByText(t('simple_earn.soldOut'))).toBeInTheDocument();
    expect(api.to('POST /apiw/v2/fixed_earn/api/user/lend')).toHaveLength(1);
  });
});

describe('subscribe dialog: flows', () => {
  test('fixed with a voucher: 6 decimals down, the voucher id, reinvest and redeem-to; success dialog and subscribe more', async () => {
    const api = earnApi({ extra: { 'POST /apiw/v2/fixed_earn/api/user/lend': () => ({ id: 9 }) } });
    open(2);
    await ready();
    await screen.findByTestId('remaining-quota');
    await userEvent.click(await screen.findByPlaceholderText(t('se.voucher.pick')));
    await userEvent.click(await screen.findByRole('option', { name: /\+2% APR/ }));
    await userEvent.click(screen.getByRole('radio', { name: t('se.redeemTo.flexible') }));
    await typeAmount('150.12345678');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    const success = await screen.findByTestId('subscribe-success');
    expect(within(success).getByText(t('se.success.title'))).toBeInTheDocument();
    expect(form(api.to('POST /apiw/v2/fixed_earn/api/user/lend'))).toEqual({
      product_id: '2',
      redeem_account_type: '2',
      reinvest_status: '0',
      amount: '150.123456',
      year_rate: '0.08',
      financial_rate_id: '1',
    });
    expect(api.to('GET /apiw/v2/account/spot/trading/home')).toHaveLength(1);
    expect(localStorage.getItem('simple-earn.redeem_account_type')).toBe('2');
    await userEvent.click(within(success).getByRole('button', { name: t('se.subscribeMore') }));
    await waitFor(() => expect(screen.getByTestId('subscribe-amount')).toHaveValue(''));
  });

  test('auto-reinvest on sends redeem-to 0 and hides the selector; off restores type 1', async () => {
    const api = earnApi({ extra: { 'POST /apiw/v2/fixed_earn/api/user/lend': () => ({ id: 9 }) } });
    open(2);
    await ready();
    await screen.findByTestId('remaining-quota');
    await userEvent.click(screen.getByRole('radio', { name: t('se.redeemTo.flexible') }));
    expect(localStorage.getItem('simple-earn.redeem_account_type')).toBe('2');
    await userEvent.click(screen.getByTestId('reinvest-switch'));
    expect(screen.queryByTestId('redeem-to')).not.toBeInTheDocument();
    expect(localStorage.getItem('simple-earn.reinvest_status')).toBe('1');
    await userEvent.click(screen.getByTestId('reinvest-switch'));
    expect(screen.getByTestId('redeem-to')).toBeInTheDocument();
    expect(localStorage.getItem('simple-earn.redeem_account_type')).toBe('1');
    expect(localStorage.getItem('simple-earn.reinvest_status')).toBe('0');
    await userEvent.click(screen.getByTestId('reinvest-switch'));
    await typeAmount('100');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    await screen.findByTestId('subscribe-success');
    const body = new URLSearchParams(form(api.to('POST /apiw/v2/fixed_earn/api/user/lend')));
    expect(body.get('reinvest_status')).toBe('1');
    expect(body.get('redeem_account_type')).toBe('0');
  });

  test('flexible subscribe sends asset, amount and the rate', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/uni-loan/earn/subscribe': () => ({ asset: 'USDT', amount: '2.5' }) },
    });
    open(0);
    await ready();
    await typeAmount('0.5');
    expect(
      await screen.findByText(t('finances.simpleEarn.minPurchaseAmount', { amount: '1', coin: 'USDT' })),
    ).toBeInTheDocument();
    await typeAmount('2.5');
    expect(screen.getByTestId('est-interest')).toHaveTextContent('0.00035821 USDT');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    await screen.findByTestId('subscribe-success');
    expect(form(api.to('POST /apiw/v2/uni-loan/earn/subscribe'))).toEqual({
      asset: 'USDT',
      amount: '2.5',
      rateYear: '0.0523',
    });
  });

  test('locked funding stops the subscribe with the warning', async () => {
    const api = earnApi({ locked: true });
    open(0);
    await ready();
    await typeAmount('5');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    expect(await screen.findByText(t('lend_earn.notsubscribe.toast'))).toBeInTheDocument();
    expect(api.to('POST /apiw/v2/uni-loan/earn/subscribe')).toHaveLength(0);
  });

  test('sold out: warning, input disabled, the button reads Sold out', async () => {
    // As the server answers a sold-out product: nothing left.
    earnApi({ lendable: { lendable: '0', user_remaining: '0', product_remaining: '0', sale_status: 2 } });
    open(8);
    expect(await screen.findByTestId('sold-out-warning')).toBeInTheDocument();
    expect(screen.getByTestId('subscribe-amount')).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('subscribe-submit')).toHaveTextContent(t('se.soldOut')));
    expect(screen.getByTestId('subscribe-submit')).toBeDisabled();
    // Issue 27: no red quota error under a field the user cannot use; the warning says it all.
    await waitFor(() => expect(screen.getByTestId('remaining-quota')).toBeInTheDocument());
    expect(screen.getByTestId('subscribe-amount')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(t('simple_earn.amount.tip.remainingQuotaLessAmount'))).toBeNull();
  });

  test('VIP product: tier below the range links to the upgrade, above it to the benefits', async () => {
    const vip = fixedProduct({ id: 4, type: 2, min_vip: 2, max_vip: 4, year_rate: '0.12' });
    earnApi({ vipTier: 1, products: [detail([flexEntry(), vip])] });
    open(4);
    const link = await screen.findByTestId('vip-upgrade-prompt');
    expect(link).toHaveAttribute('href', '/vip?upTo=2');
    await typeAmount('100');
    expect(screen.getByTestId('subscribe-submit')).toBeDisabled();
  });

  test('VIP product above the range shows the benefits prompt', async () => {
    const vip = fixedProduct({ id: 4, type: 2, min_vip: 2, max_vip: 4 });
    earnApi({ vipTier: 6, products: [detail([flexEntry(), vip])] });
    open(4);
    expect(await screen.findByTestId('vip-benefits-prompt')).toHaveAttribute('href', '/vip');
  });

  test('special product, not eligible (issue 27): said when shown, not after Subscribe: no quota, no amount', async () => {
    const special = fixedProduct({ id: 5, type: 3, title: 'Newcomer special' });
    const api = earnApi({
      products: [detail([flexEntry(), special])],
      extra: { 'GET /apiw/v2/uni-loan/earn/subscribe/check': () => ({ pid: 5, is_able_subscribe: false }) },
    });
    open(5);
    await ready();
    expect(await screen.findByTestId('ineligible-notice')).toHaveTextContent(t('se.ineligible.body'));
    expect(screen.getByTestId('special-ineligible-5')).toHaveTextContent(t('se.special.ineligible'));
    expect(screen.queryByText(t('se.special'))).toBeNull();
    expect(screen.queryByTestId('remaining-quota')).toBeNull();
    expect(screen.getByTestId('subscribe-amount')).toBeDisabled();
    expect(screen.getByTestId('subscribe-submit')).toBeDisabled();
    expect(api.to('POST /apiw/v2/fixed_earn/api/user/lend')).toHaveLength(0);
  });

  test('special product, eligible: Special, its quota, and the spec’s check again at Subscribe', async () => {
    const special = fixedProduct({ id: 5, type: 3, title: 'Newcomer special' });
    const api = earnApi({
      products: [detail([flexEntry(), special])],
      extra: { 'GET /apiw/v2/uni-loan/earn/subscribe/check': () => ({ pid: 5, is_able_subscribe: true }) },
    });
    open(5);
    await ready();
    await screen.findByTestId('remaining-quota');
    expect(screen.getByText(t('se.special'))).toBeInTheDocument();
    expect(screen.queryByTestId('ineligible-notice')).toBeNull();
    await typeAmount('100');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    await waitFor(() => expect(api.to('POST /apiw/v2/fixed_earn/api/user/lend')).toHaveLength(1));
    expect(api.to('GET /apiw/v2/uni-loan/earn/subscribe/check').length).toBeGreaterThanOrEqual(2);
  });

  test('no vouchers: the picker says so', async () => {
    earnApi({ vouchers: [] });
    open(2);
    expect(await screen.findByText(t('se.voucher.none'))).toBeInTheDocument();
  });
});

/** USDT flexible as in the demo catalogue: 5.23 % plus 10 % on the first 500 and 3 % on the next 1,500. */
const LADDER = [
  { left: '0', right: '500', apr: '0.1' },
  { left: '500', right: '2000', apr: '0.03' },
];
const ladderFlex = () =>
  flexEntry({
    ladder_apr: LADDER,
    bonus_tiers: LADDER,
    apr_up_to: { apr: '0.1523', amount: '500' },
    bonus_asset: 'GT',
    bonus_asset_price: '20',
  });

describe('subscribe dialog: the APR for the amount typed (issue 17)', () => {
  test('without an amount: up to 15.23 % on the first 500; 5,000 USDT: 7.13 % with its breakdown', async () => {
    earnApi({ available: '10000', products: [detail([ladderFlex()])] });
    open(0);
    await waitFor(() => expect(screen.getByTestId('available-balance')).toHaveTextContent('10,000 USDT'));
    expect(screen.getByTestId('est-apr')).toHaveTextContent(t('se.apr.upTo', { apr: '15.23%' }));
    expect(screen.getByTestId('apr-up-to')).toHaveTextContent(
      t('se.apr.upToFirst', { apr: '15.23%', amount: '500', coin: 'USDT' }),
    );
    expect(screen.getByTestId('term-0')).toHaveTextContent(t('se.apr.upTo', { apr: '15.23%' }));

    await typeAmount('5000');
    await waitFor(() => expect(screen.getByTestId('est-apr')).toHaveTextContent('7.13%'));
    const stretches = screen.getAllByTestId('apr-stretch').map((e) => e.textContent);
    expect(stretches).toEqual([
      `${t('se.apr.first', { amount: '500', coin: 'USDT' })}15.23%${t('se.apr.stretchYour', { amount: '500', interest: '76.15', coin: 'USDT' })}`,
      `${t('se.apr.next', { amount: '1,500', coin: 'USDT' })}8.23%${t('se.apr.stretchYour', { amount: '1,500', interest: '123.45', coin: 'USDT' })}`,
      `${t('se.apr.above', { amount: '2,000', coin: 'USDT' })}5.23%${t('se.apr.stretchYour', { amount: '3,000', interest: '156.9', coin: 'USDT' })}`,
    ]);
    // A day's interest on the whole amount, and a day's bonus in GT at 1/20 of its value.
    expect(screen.getByTestId('est-interest')).toHaveTextContent('0.71643835 USDT');
    expect(screen.getByTestId('est-bonus')).toHaveTextContent('0.01301369 GT');

    // 300 USDT stays inside the first tier.
    await typeAmount('300');
    await waitFor(() => expect(screen.getByTestId('est-apr')).toHaveTextContent('15.23%'));
  });

  test('a holding of 2,000 already: 500 more earn 5.23 %; the success dialog shows the holding’s APR the server answered', async () => {
    const api = earnApi({
      available: '10000',
      products: [detail([ladderFlex()])],
      extra: {
        'GET /apiw/v2/uni-loan/earn/subscribe': () => ({
          list: [
            {
              asset: 'USDT',
              principal: '1900',
              pending_amount: '100',
              min_lend_rate_year: '0',
              blended_apr: '0.0998',
            },
          ],
          total: 1,
        }),
        'POST /apiw/v2/uni-loan/earn/subscribe': () => ({
          asset: 'USDT',
          amount: '500',
          blended_apr: '0.09030000',
        }),
      },
    });
    open(0);
    await ready10k();
    await waitFor(() => expect(api.to('GET /apiw/v2/uni-loan/earn/subscribe').length).toBeGreaterThan(0));
    await typeAmount('500');
    await waitFor(() => expect(screen.getByTestId('est-apr')).toHaveTextContent('5.23%'));
    // 2,500 USDT: (2,500 × 5.23 % + 50 + 45) / 2,500 = 9.03 %
    expect(screen.getByTestId('apr-held-note')).toHaveTextContent(
      `${t('se.apr.held', { amount: '2,000', coin: 'USDT' })} ${t('se.apr.holdingAfter', { apr: '9.03%' })}`,
    );
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    const success = await screen.findByTestId('subscribe-success');
    expect(within(success).getByText(t('se.apr.holding'))).toBeInTheDocument();
    expect(within(success).getByText('9.03%')).toBeInTheDocument();
  });

  test('fixed with a voucher: the voucher is spread over the term and named', async () => {
    earnApi({
      available: '50000',
      lendable: { lendable: '50000', user_remaining: '-1', product_remaining: '50000' },
    });
    open(2);
    await screen.findByTestId('remaining-quota');
    await userEvent.click(await screen.findByPlaceholderText(t('se.voucher.pick')));
    await userEvent.click(await screen.findByRole('option', { name: /\+2% APR for 7 days/ }));
    await typeAmount('1000');
    // 8 % + 2 % × 7 / 30 = 8.4666… %
    await waitFor(() => expect(screen.getByTestId('est-apr')).toHaveTextContent('8.47%'));
    expect(screen.getByTestId('apr-voucher-note')).toHaveTextContent(
      t('se.apr.voucherNote', { ratio: '2%', days: 7, apr: '0.4667%' }),
    );
  });
});

async function ready10k() {
  await waitFor(() => expect(screen.getByTestId('available-balance')).toHaveTextContent('10,000 USDT'));
}

describe('subscribe dialog: the amount in USDT', () => {
  test('the typed amount is valued under the amount, not under the daily interest', async () => {
    const eth = {
      asset: 'ETH',
      product_asset_price: '3000',
      min_lend_amount: '0.001',
      title: 'ETH Flexible',
    };
    earnApi({
      products: [detail([flexEntry(eth)], { asset: 'ETH' })],
      extra: {
        'POST /apiw/v2/account/spot/asset/outable': () => [
          { asset: 'ETH', outable: '10', lend_earn_available: '10', available: '10', mode: 'classic' },
        ],
      },
    });
    renderWithProviders(<SubscribeModal target={{ asset: 'ETH', productId: 0 }} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('available-balance')).toHaveTextContent('10 ETH'));
    await typeAmount('2');
    // 2 ETH at 3,000 USDT: the amount's value, with the amount it values.
    expect(await screen.findByTestId('subscribe-usdt-hint')).toHaveTextContent('2 ETH ≈ 6,000 USDT');
    // The estimates speak of the interest only: no USDT figure beside a day's interest in ETH.
    expect(screen.getByTestId('estimates')).not.toHaveTextContent('USDT');
    // A refused amount is not valued.
    await typeAmount('11');
    expect(await screen.findByText(t('lend_earn.insufficient.balance', { coin: 'ETH' }))).toBeInTheDocument();
    expect(screen.queryByTestId('subscribe-usdt-hint')).toBeNull();
  });
});

describe('subscribe dialog: offline', () => {
  test('Subscribe is off with the reason in the dialog and nothing is sent; back online it goes once', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/uni-loan/earn/subscribe': () => ({ asset: 'USDT', amount: '5' }) },
    });
    open(0);
    await ready();
    await typeAmount('5');
    await waitFor(() => expect(screen.getByTestId('subscribe-submit')).toBeEnabled());
    act(() => onlineManager.setOnline(false));
    try {
      expect(await screen.findByTestId('offline-notice')).toHaveTextContent(t('action.offline'));
      expect(screen.getByTestId('subscribe-submit')).toBeDisabled();
      await userEvent.type(screen.getByTestId('subscribe-amount'), '{Enter}');
      await new Promise((r) => setTimeout(r, 50));
      expect(api.to('POST /apiw/v2/uni-loan/earn/subscribe')).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(screen.getByTestId('subscribe-submit')).toBeEnabled());
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    expect(await screen.findByTestId('subscribe-success')).toBeInTheDocument();
    expect(api.to('POST /apiw/v2/uni-loan/earn/subscribe')).toHaveLength(1);
  });
});

describe('subscribe dialog: the funding password, as every line asks for it', () => {
  const FUNDPASS = '246810';
  const required = {
    status: 403,
    code: 10010111,
    message: 'Please enter your funding password',
    data: { key: 'fundpass.required', params: {}, require_fundpass: true },
  };

  test('flexible: the server asks (10010111), the prompt opens, the same call goes again with the password and its key', async () => {
    const api = earnApi({
      extra: {
        'POST /apiw/v2/uni-loan/earn/subscribe': (c) =>
          c.headers.get('X-Fund-Password') === FUNDPASS ? { asset: 'USDT', amount: '2.5' } : required,
      },
    });
    renderWithProviders(
      <>
        <FundpassPrompt />
        <SubscribeModal target={{ asset: 'USDT', productId: 0 }} onClose={() => undefined} />
      </>,
    );
    await ready();
    await typeAmount('2.5');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    const input = await screen.findByLabelText(
      t('fundpass.label'),
      { selector: 'input' },
      { timeout: 15_000 },
    );
    await userEvent.type(input, FUNDPASS);
    await userEvent.click(screen.getByRole('button', { name: t('common.confirm') }));
    await screen.findByTestId('subscribe-success');
    const sent = api.to('POST /apiw/v2/uni-loan/earn/subscribe');
    expect(sent.map((c) => c.headers.get('X-Fund-Password'))).toEqual([null, FUNDPASS]);
    const keys = sent.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  test('fixed, a first move without a funding password (10010107): the set-password dialog opens', async () => {
    earnApi({
      extra: {
        'POST /apiw/v2/fixed_earn/api/user/lend': () => ({
          status: 403,
          code: 10010107,
          message: 'Set a funding password before your first subscription, stake or purchase',
          data: { key: 'fundpass.setupRequired', params: {}, setup_fundpass: true },
        }),
      },
    });
    renderWithProviders(
      <>
        <FundpassPrompt />
        <SubscribeModal target={{ asset: 'USDT', productId: 2 }} onClose={() => undefined} />
      </>,
    );
    await ready();
    await screen.findByTestId('remaining-quota');
    await typeAmount('100');
    await userEvent.click(screen.getByTestId('subscribe-submit'));
    expect(await screen.findByTestId('fundpass-setup-intro', {}, { timeout: 15_000 })).toHaveTextContent(
      'Before your first subscription, set a funding password.',
    );
  });
});
