import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import OverviewPage from '../features/earn-overview/pages/OverviewPage';
import InboxPage from '../features/notifications/pages/InboxPage';
import PreferencesPage from '../features/notifications/pages/PreferencesPage';
import ProofPage from '../features/proof-of-liabilities/pages/ProofPage';
import ProductsPage from '../features/simple-earn/pages/ProductsPage';
import SoftStakingPage from '../features/soft-staking/pages/SoftStakingPage';
import { fakeFetch, SIGNED_IN } from '../test/fakeFetch';
import { renderWithProviders } from '../test/render';
import { AuthDialogsProvider } from './auth';
import HomePage from './HomePage';

/**
 * Issue 27: the pages that showed a state they did not know when their call failed. Each call here
 * fails first: the page shows the shared Networkerr with Retry and none of the guesses it used to
 * show; after Retry, with the server back, it shows what the server holds.
 */

const NETWORKERR = 'Network error, please try again later';
const FAIL = { __status: 500, code: 50000 };
const NOW = 1_795_237_200;

interface Case {
  name: string;
  page: ReactElement;
  route: string;
  /** The call that fails, and its answer once the server is back. */
  path: string;
  answer: unknown;
  /** Texts of the guess the page must not show while it does not know. */
  absent: (string | RegExp)[];
  /** What the page shows once it knows. */
  loaded: string | RegExp;
}

const OVERVIEW = {
  as_of: NOW,
  total_usdt: '1234.5',
  total_btc: null,
  yesterday_usdt: '0',
  cumulative_usdt: '0',
  lines: [],
  upcoming: [],
};

const REFERRAL = { encrypted_uid: 'u1', kol_code: 'K1' };

const CASES: Case[] = [
  {
    name: 'soft staking: no Activate to a user whose soft staking may be on',
    page: <SoftStakingPage />,
    route: '/soft-staking',
    path: '/apiw/v2/earn/soft-staking/status',
    answer: { status: true, enabled_at: NOW - 86_400, total_payout: [] },
    absent: ['Activate', 'Turn off', 'Off'],
    loaded: 'Turn off',
  },
  {
    name: 'earn overview: the error, not a skeleton forever',
    page: <OverviewPage />,
    route: '/earn',
    path: '/api/web/v1/earn/overview',
    answer: OVERVIEW,
    absent: [],
    loaded: '1,234.50',
  },
  {
    name: 'inbox: the error, not a spinner or "nothing unread"',
    page: <InboxPage />,
    route: '/notifications',
    path: '/api/web/v1/notifications',
    answer: { list: [], unread: 0, next_cursor: null },
    absent: [/Nothing unread/, 'No notifications yet.'],
    loaded: /Nothing unread/,
  },
  {
    name: 'notification preferences: no form of defaults that Save would write over the real ones',
    page: <PreferencesPage />,
    route: '/notifications/preferences',
    path: '/api/web/v1/notifications/preferences',
    answer: { language: 'zh-CN', kinds: [{ kind: 'rewards', mail: true }] },
    absent: ['Save'],
    loaded: 'Save',
  },
  {
    name: 'proof of liabilities: the error, not "no snapshot yet"',
    page: <ProofPage />,
    route: '/earn/proof-of-liabilities',
    path: '/api/web/v1/earn/liabilities/root',
    answer: null,
    absent: [/No snapshot has been published/],
    loaded: /No snapshot has been published/,
  },
  {
    name: 'home: the error, not "No offer yet" on every line',
    page: <HomePage />,
    route: '/',
    path: '/api/web/v1/earn/home',
    answer: { lines: [{ line: 'simple-earn', asset: 'USDT', apr: '15.23', up_to_amount: null }] },
    absent: ['No offer yet'],
    loaded: '15.23%',
  },
  {
    name: 'simple earn: no auto-earn switch shown off to a user who may have it on',
    page: <ProductsPage />,
    route: '/simple-earn',
    path: '/apiw/v2/uni-loan/earn/autoivest',
    answer: { global_status: 1 },
    absent: ['Auto-earn for all coins'],
    loaded: 'Auto-earn for all coins',
  },
];

/** A signed-in user; `c.path` fails until `back()`; every other list is empty. */
function server(c: Case) {
  const routes: Record<string, unknown> = {
    '/api/web/v1/auth/me': SIGNED_IN,
    '/api/health': { now: NOW },
    '/api/web/v1/earn/earnings': { days: [] },
    '/api/web/v1/earn/liabilities/proof': { root: null, leaf: null },
    '/apiw/v2/earn/soft-staking/products': { list: [], total: 0 },
    '/apiw/v2/earn/soft-staking/payout-history': { list: [], total: 0 },
    '/apiw/v2/uni-loan/earn/coin-info': { list: [] },
    // The home page's lazy widgets (the header's earnings, the referral card) call these once their
    // chunks are in: a run that had already loaded them rendered them at once.
    '/api/web/v1/earn/overview': OVERVIEW,
    '/api/web/v1/rebate/get_user_info': REFERRAL,
    [c.path]: FAIL,
  };
  fakeFetch(routes);
  return { back: () => (routes[c.path] = c.answer) };
}

afterEach(() => vi.unstubAllGlobals());

describe.each(CASES)('$name', (c) => {
  test('failing: Networkerr with Retry and no guess; Retry with the server back shows its answer', {
    timeout: 30_000,
  }, async () => {
    const s = server(c);
    renderWithProviders(<AuthDialogsProvider>{c.page}</AuthDialogsProvider>, { route: c.route });
    const alert = await waitFor(() => {
      const found = screen.queryAllByRole('alert').find((a) => a.textContent?.includes(NETWORKERR));
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    for (const text of c.absent) expect(screen.queryByText(text)).toBeNull();

    s.back();
    const panel = alert.parentElement as HTMLElement;
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(c.loaded)).toBeInTheDocument();
    expect(screen.queryAllByRole('alert').some((a) => a.textContent?.includes(NETWORKERR))).toBe(false);
  });
});
