import '@testing-library/jest-dom/vitest';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { createQueryClient } from '../../../api/queryClient';
import { AuthDialogsProvider } from '../../../app/auth';
import { Providers } from '../../../app/providers';
import '../i18n/register';
import { answerSessionFromMe } from '../../../test/session';
import type { PoolSimpleEarn, Project, RewardPool } from '../api/index';

/** jsdom lacks what Mantine measures with. */
beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF token from this cookie, as in a browser
  document.cookie = 'csrftoken=test-csrf';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string | undefined;
  headers: Record<string, string>;
}

type Answer = unknown | ((call: Call) => unknown);

/**
 * A fake server: answers by path with `{code: 0, data}` (or the envelope a function returns with a
 * `__status`), and records every call.
 */
export function fakeServer(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? init.body : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[url.pathname];
    if (route === undefined) {
      return new Response(JSON.stringify({ code: 404, message: 'not found', data: {} }), { status: 404 });
    }
    const answer = typeof route === 'function' ? (route as (c: Call) => unknown)(call) : route;
    if (answer && typeof answer === 'object' && '__status' in answer) {
      const { __status, ...envelope } = answer as { __status: number };
      return new Response(JSON.stringify(envelope), { status: __status });
    }
    return new Response(JSON.stringify({ code: 0, message: 'ok', data: answer }), { status: 200 });
  });
  vi.stubGlobal('fetch', answerSessionFromMe(fetchMock));
  return { calls, fetchMock };
}

export const ME = {
  id: 7,
  email: 'demo@example.com',
  vip_tier: 1,
  account_mode: 'classic',
  fundpass_set: true,
  fundpass_mode: 'every_2h',
  created_at: 1_700_000_000,
};

export function baseRoutes(
  opts: { available?: string; menu?: string[]; coin?: string } = {},
): Record<string, Answer> {
  return {
    '/api/web/v1/auth/me': ME,
    '/api/health': { now: 1_800_000_000, clock: 'test' },
    '/api/web/v1/compliance/check': { business: [], menu: opts.menu ?? [] },
    '/apiw/v2/account/spot/asset/outable': (call: Call) => {
      const assets = (JSON.parse(call.body ?? '{}') as { assets: string[] }).assets;
      return assets.map((asset) => ({
        asset,
        outable: opts.available ?? '1000',
        lend_earn_available: opts.available ?? '1000',
        available: opts.available ?? '1000',
        mode: 'classic',
      }));
    },
    '/apiw/v2/earn/borrow-coin-settings': (call: Call) => [
      { coin: call.query.get('coin'), is_support_launchpool: 1, is_support_staking: 1 },
    ],
    '/apiw/v2/earn/launch-pool/earn-more': { list: [] },
  };
}

export const SIMPLE_EARN: PoolSimpleEarn = {
  status: 0,
  user_period: 0,
  fixed_period: 30,
  fixed_rate: '4.2',
  rate: '2.1',
  ext_rate: '0',
};

export function makePool(overrides: Partial<RewardPool> = {}): RewardPool {
  return {
    rid: 11,
    pid: 1,
    coin: 'GT',
    reward_coin: 'NOVA',
    personal_max_amount: '20000',
    personal_min_amount: '1',
    decimal_place: 2,
    left_buy_total_amount: '-1',
    buy_total_amount: '-1',
    rate_year: '45.5',
    rate_year_type: 2,
    reward_pool_type: 0,
    vip_config: null,
    simple_earn: null,
    isApply: 0,
    transaction_config: [],
    limit_rule: 0,
    reward_per_hour: '2500',
    total_reward_amount: '900000',
    staked_total: '120000',
    // An empty list reads as the lock pool's one coin (rules.ts poolRewardCoins).
    reward_coins: [],
    maxLimit: '20000',
    minLimit: '1',
    precision: 2,
    decimalPlace: 2,
    leftTotalAmount: '-1',
    buyTotalAmount: '-1',
    user: {
      staked: '0',
      personal_max_amount: '20000',
      remaining_quota: '20000',
      staking_cap: '-1',
      is_vip_quota: 0,
    },
    ...overrides,
  };
}

export function makeProject(pools: RewardPool[], overrides: Partial<Project> = {}): Project {
  return {
    pid: 1,
    name: 'Nova Protocol',
    coin: 'NOVA',
    icon: '',
    start_timest: 1_700_000_000,
    end_timest: 1_900_000_000,
    state: 1,
    reward_pools: pools,
    ...overrides,
  };
}

export function renderWithApp(ui: ReactNode) {
  const client = createQueryClient();
  // Tests want an answer, not ten retries.
  client.setDefaultOptions({ queries: { retry: false, refetchInterval: false } });
  return render(
    <Providers client={client} env="test">
      <MemoryRouter>
        <AuthDialogsProvider>{ui}</AuthDialogsProvider>
      </MemoryRouter>
    </Providers>,
  );
}
