import { onlineManager } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import DualOrdersPage from '../features/dual/pages/DualOrdersPage';
import LaunchPoolPage from '../features/launch-pool/pages/LaunchPoolPage';
import ProductsPage from '../features/simple-earn/pages/ProductsPage';
import SoftStakingPage from '../features/soft-staking/pages/SoftStakingPage';
import StakingPage from '../features/staking/pages/StakingPage';
import WealthPage from '../features/wealth/pages/WealthPage';
import { renderWithProviders } from '../test/render';
import { AuthDialogsProvider } from './auth';

// Pages with their list controls take longer than a second to settle on a loaded machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const NOW = 1_795_237_200;
const ME = {
  id: 1,
  email: 'demo@example.com',
  vip_tier: 0,
  account_mode: 'classic',
  fundpass_set: true,
  fundpass_mode: 'every_2h',
  created_at: NOW,
};
const NETWORKERR = 'Network error, please try again later';
const OFFLINE = 'You are offline. The page loads again when your connection is back.';

interface PageCase {
  name: string;
  page: ReactElement;
  route: string;
  /** The call whose answer decides the state under test. */
  path: string;
  empty: unknown;
  emptyText: string;
  signedIn?: boolean;
}

const PAGES: PageCase[] = [
  {
    name: 'simple earn',
    page: <ProductsPage />,
    route: '/simple-earn',
    path: '/apiw/v2/uni-loan/earn/coin-info',
    empty: { list: [] },
    emptyText: 'No records',
  },
  {
    name: 'launch pool',
    page: <LaunchPoolPage />,
    route: '/launchpool',
    path: '/apiw/v2/earn/launch-pool/projects',
    empty: { list: [], total: 0 },
    emptyText: 'No project is running right now.',
  },
  {
    name: 'staking',
    page: <StakingPage />,
    route: '/staking',
    path: '/apiw/v2/earn/staking/products',
    empty: { list: [], total: 0 },
    emptyText: 'No records',
  },
  {
    name: 'soft staking',
    page: <SoftStakingPage />,
    route: '/soft-staking',
    path: '/apiw/v2/earn/soft-staking/products',
    empty: { list: [], total: 0 },
    emptyText: 'No records',
  },
  {
    name: 'wealth',
    page: <WealthPage />,
    route: '/wealth',
    path: '/apiw/v2/earn/private-wealth/products',
    empty: { list: [], total: 0 },
    emptyText: 'No records',
  },
  {
    name: 'dual',
    page: <DualOrdersPage />,
    route: '/dual/orders',
    path: '/apiw/v2/earn/dual/orders',
    empty: { list: [], total: 0 },
    emptyText: 'No records',
    signedIn: true,
  },
];

type Mode = 'pending' | 'fail' | 'empty';

function envelope(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Every other call answers an empty list; the page's own call answers as `mode` says (changeable). */
function stubServer(c: PageCase, start: Mode) {
  const state = { mode: start };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/web/v1/auth/session')
        return envelope(200, { code: 0, message: 'success', data: { user: c.signedIn ? ME : null } });
      if (path === '/api/health') return envelope(200, { code: 0, message: 'ok', data: { now: NOW } });
      if (path !== c.path)
        return envelope(200, { code: 0, message: 'success', data: { list: [], total: 0 } });
      if (state.mode === 'pending') return new Promise<Response>(() => undefined);
      if (state.mode === 'fail') return envelope(500, { code: 50000, message: 'boom', data: {} });
      return envelope(200, { code: 0, message: 'success', data: c.empty });
    }),
  );
  return state;
}

function show(c: PageCase) {
  return renderWithProviders(<AuthDialogsProvider>{c.page}</AuthDialogsProvider>, { route: c.route });
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe.each(PAGES)('$name: the states of its list', (c) => {
  test('loading: a busy skeleton and no message', async () => {
    stubServer(c, 'pending');
    const { container } = show(c);
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(c.emptyText)).toBeNull();
  });

  test('empty: the empty text', async () => {
    stubServer(c, 'empty');
    show(c);
    expect(await screen.findByText(c.emptyText)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test("error: the specs' Networkerr with a Retry that loads the list", async () => {
    const server = stubServer(c, 'fail');
    show(c);
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORKERR);
    server.mode = 'empty';
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(c.emptyText)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('offline: says so with Retry, and loads once back online', async () => {
    stubServer(c, 'empty');
    onlineManager.setOnline(false);
    show(c);
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    onlineManager.setOnline(true);
    expect(await screen.findByText(c.emptyText)).toBeInTheDocument();
  });
});
