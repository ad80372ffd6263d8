import { configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import type { AprAlert } from '../components/apr-alert/api';
import LaunchPoolPage from '../features/launch-pool/pages/LaunchPoolPage';
import {
  baseRoutes,
  type Call,
  fakeServer,
  makePool,
  makeProject,
} from '../features/launch-pool/test/harness';
import SoftStakingPage from '../features/soft-staking/pages/SoftStakingPage';
import StakingPage from '../features/staking/pages/StakingPage';
import { product } from '../features/staking/test/fixtures';
import { i18next, setLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { AuthDialogsProvider } from './auth';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const ALERTS = '/api/web/v1/earn/apr-alerts';

const alert = (over: Partial<AprAlert>): AprAlert => ({
  id: 1,
  line: 'flexible',
  asset: 'USDT',
  product_id: null,
  direction: 'above',
  apr: '8',
  current_apr: '5',
  fired: 0,
  last_fired_at: null,
  created_at: 1,
  ...over,
});

/**
 * The alerts API: GET lists `others` (alerts of other products, which a product's dialog must not
 * show) and whatever was posted; POST records the body and answers the new alert.
 */
function alertRoutes(others: AprAlert[]) {
  const posted: AprAlert[] = [];
  const bodies: unknown[] = [];
  const route = (call: Call) => {
    if (call.method === 'POST') {
      const body = JSON.parse(call.body ?? '{}') as Pick<AprAlert, 'line' | 'asset' | 'direction' | 'apr'> & {
        product_id?: number;
      };
      bodies.push(body);
      posted.push(alert({ id: 100 + posted.length, ...body, product_id: body.product_id ?? null }));
      return posted.at(-1);
    }
    const list = [...others, ...posted];
    return { list, total: list.length };
  };
  return { route, bodies };
}

/** A pool's derived APR (percent) as the server sends it; null with a reason when it cannot be derived. */
const derived = (rate: string | null) => ({
  rate_year: rate,
  shown_rate_year: rate,
  shown: rate === null ? ('none' as const) : ('live' as const),
  missing: rate === null ? ('no_stake' as const) : null,
  missing_prices: [],
  staked_total: rate === null ? '0' : '200',
  stake_price: '18.42',
  coins: [{ coin: 'NOVA', reward_per_hour: '0.45', price: '0.42', rate_year: rate }],
});

// The card shows (and the alert watches) the derived APR, not the configured 45.5 %.
const PROJECTS = [
  makeProject([makePool({ rid: 11, pid: 1, rate_year: '45.5', derived_apr: derived('44.9413680781') })], {
    pid: 1,
  }),
  makeProject([makePool({ rid: 31, pid: 3, reward_coin: 'ZET', derived_apr: derived(null) })], {
    pid: 3,
    name: 'Zeta',
    coin: 'ZET',
  }),
];

const softCoin = (coin: string, apr: string) => ({
  coin,
  rate: apr,
  apr,
  min_amount: '1',
  max_amount: '-1',
  status: 'online',
  eligible_amount: '10',
  estimated_daily: '0',
});

function renderPage(page: ReactNode, routes: Record<string, unknown>, others: AprAlert[]) {
  const api = alertRoutes(others);
  fakeServer({ ...baseRoutes(), ...routes, [ALERTS]: api.route });
  renderWithProviders(<AuthDialogsProvider>{page}</AuthDialogsProvider>, { route: '/' });
  return api;
}

/** Opens a product's alert dialog, sets "below 3 %", and answers the dialog. */
async function setBelow3(buttonTestId: string, title: string) {
  await userEvent.click(await screen.findByTestId(buttonTestId));
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(dialog).getByText(i18next.t('aprAlert.below')));
  await userEvent.type(within(dialog).getByLabelText(i18next.t('aprAlert.apr')), '3');
  await userEvent.click(within(dialog).getByRole('button', { name: i18next.t('aprAlert.add') }));
  return dialog;
}

const rows = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByTestId('alert-row')
    .map((r) => r.textContent);

describe('APR alerts on staking, launch pools and soft staking (issue 18 §6)', () => {
  test('staking: a product with protocols lets the user pick one; the alert names its pid', async () => {
    const api = renderPage(
      <StakingPage />,
      {
        '/apiw/v2/earn/staking/products': { list: [product()], total: 1 },
        '/apiw/v2/earn/staking/lock-balances': { list: [], redeeming: [], total: 0 },
      },
      // Lido's alert, another coin's with Rocket Pool's pid, and a flexible ETH alert.
      [
        alert({ id: 1, line: 'staking', asset: 'ETH', product_id: 1, direction: 'above', apr: '5' }),
        alert({ id: 2, line: 'staking', asset: 'SOL', product_id: 2 }),
        alert({ id: 3, asset: 'ETH' }),
      ],
    );
    await userEvent.click(await screen.findByTestId('apr-alert-ETH'));
    // The first protocol is picked at first, with its own rate and alerts.
    let dialog = await screen.findByRole('dialog', { name: 'APR alert for ETH · Lido' });
    expect(within(dialog).getByTestId('alert-current')).toHaveTextContent('Current APR: 3.2 %');
    await waitFor(() => expect(rows(dialog)).toEqual(['≥ 5 %']));
    const choice = within(dialog).getByRole('radiogroup', { name: 'Protocol' });
    await userEvent.click(within(choice).getByText('Rocket Pool'));
    dialog = await screen.findByRole('dialog', { name: 'APR alert for ETH · Rocket Pool' });
    expect(within(dialog).getByTestId('alert-current')).toHaveTextContent('Current APR: 2.9 %');
    expect(within(dialog).getByText('Your alerts on ETH · Rocket Pool')).toBeInTheDocument();
    expect(rows(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByText(i18next.t('aprAlert.below')));
    await userEvent.type(within(dialog).getByLabelText(i18next.t('aprAlert.apr')), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: i18next.t('aprAlert.add') }));
    await waitFor(() =>
      expect(api.bodies).toEqual([
        { line: 'staking', asset: 'ETH', product_id: 2, direction: 'below', apr: '3' },
      ]),
    );
    await waitFor(() => expect(rows(dialog)).toEqual(['< 3 %']));
  });

  test('staking at its own rate: the coin alone names it', async () => {
    const gt = product({ id: 2, coin: 'GT', mortgage_coin: 'GT', apr: '6.5', defi: [], income_days: 0 });
    const api = renderPage(
      <StakingPage />,
      {
        '/apiw/v2/earn/staking/products': { list: [gt], total: 1 },
        '/apiw/v2/earn/staking/lock-balances': { list: [], redeeming: [], total: 0 },
      },
      [],
    );
    const dialog = await setBelow3('apr-alert-GT', 'APR alert for GT');
    expect(within(dialog).getByTestId('alert-current')).toHaveTextContent('Current APR: 6.5 %');
    await waitFor(() =>
      expect(api.bodies).toEqual([{ line: 'staking', asset: 'GT', direction: 'below', apr: '3' }]),
    );
  });

  test('launch pool: a pool alerts by its rid under the project name with its derived APR; a pool without one offers none', async () => {
    const api = renderPage(
      <LaunchPoolPage />,
      {
        '/apiw/v2/earn/launch-pool/projects': { list: PROJECTS, total: PROJECTS.length },
        '/apiw/v2/earn/launch-pool/user-project-statistics': [],
        '/apiw/v2/earn/launch-pool/my-stakes': { list: [], total: 0 },
        '/apiw/v2/earn/launch-pool/my-rewards': { list: [], total: 0 },
      },
      [
        alert({ id: 1, line: 'launchpool', asset: 'GT', product_id: 11, direction: 'above', apr: '50' }),
        alert({ id: 2, line: 'launchpool', asset: 'GT', product_id: 12, direction: 'above', apr: '9' }),
      ],
    );
    await screen.findByTestId('pool-31');
    expect(screen.queryByTestId('apr-alert-31')).not.toBeInTheDocument();
    const dialog = await setBelow3('apr-alert-11', 'APR alert for GT · Nova Protocol');
    expect(within(dialog).getByTestId('alert-current')).toHaveTextContent('Current APR: 44.9413 %');
    await waitFor(() =>
      expect(api.bodies).toEqual([
        { line: 'launchpool', asset: 'GT', product_id: 11, direction: 'below', apr: '3' },
      ]),
    );
    await waitFor(() => expect(rows(dialog)).toEqual(['≥ 50 %', '< 3 %']));
  });

  test('soft staking: a coin alerts by the coin, in Chinese too', async () => {
    await setLanguage('zh-CN');
    try {
      const api = renderPage(
        <SoftStakingPage />,
        {
          '/apiw/v2/earn/soft-staking/status': { status: true, enabled_at: 1_799_000_000, total_payout: [] },
          '/apiw/v2/earn/soft-staking/products': { list: [softCoin('GT', '3.5')], total: 1 },
          '/apiw/v2/earn/soft-staking/payout-history': { list: [], total: 0 },
        },
        [alert({ id: 1, line: 'soft_staking', asset: 'SOL' })],
      );
      const dialog = await setBelow3('apr-alert-GT', 'GT 年化收益率提醒');
      expect(within(dialog).getByTestId('alert-current')).toHaveTextContent('当前年化收益率：3.5%');
      await waitFor(() =>
        expect(api.bodies).toEqual([{ line: 'soft_staking', asset: 'GT', direction: 'below', apr: '3' }]),
      );
      await waitFor(() => expect(rows(dialog)).toEqual(['< 3%']));
    } finally {
      await setLanguage('en');
    }
  });
});
