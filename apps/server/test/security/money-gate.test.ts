import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyRoutesOf } from '../../src/accounts/money-gate';
import {
  type ApiResponse,
  listCoins,
  Operator,
  startTestServer,
  TestClient,
  type TestServer,
} from '../harness';
import { createProject, pool } from '../launch-pool/helpers';
import { fixedProduct, flexProduct } from '../simple-earn/helpers';
import { acceptDisclaimer, acceptStaking } from '../staking/helpers';

const PASSWORD = 'correct-horse-1';
const FUNDPASS = '246810';
const HOURS_2 = 2 * 3600;

/** Every user write that is not a money call, and why: a new write route must be named here or declare config.money. */
const MOVES_NO_MONEY: Record<string, string> = {
  'POST /api/web/v1/auth/register': 'account',
  'POST /api/web/v1/auth/login': 'account',
  'POST /api/web/v1/auth/logout': 'account',
  'POST /api/web/v1/auth/fund-password': 'security setting',
  'POST /api/web/v1/auth/fund-password/mode': 'security setting (asks for the password itself)',
  'POST /api/web/v1/auth/password': 'security setting',
  'POST /api/web/v1/auth/2fa/setup': 'security setting',
  'POST /api/web/v1/auth/2fa/enable': 'security setting',
  'POST /api/web/v1/auth/2fa/disable': 'security setting',
  'DELETE /api/web/v1/auth/sessions/{id}': 'security setting',
  'POST /api/web/v1/auth/fund-password/reset': 'security setting',
  'POST /api/web/v1/auth/fund-password/reset/confirm': 'security setting',
  'POST /apiw/v2/account/spot/asset/outable': 'a read posted as JSON',
  'POST /api/web/v1/analytics/events': 'analytics',
  'POST /apiw/v2/earn/launch-pool/check-pool-rule': 'eligibility check, reads only',
  'POST /api/web/v1/task-square/subscribe-msg': 'notification setting',
  'POST /apiw/v2/herald/switches': 'notification setting',
  'POST /apiw/v2/earn/hodler-airdrop/config': 'a read',
  'POST /apiw/v2/earn/hodler-airdrop/config_set': 'notification setting',
  'POST /apiw/v2/earn/staking/agreement': 'records an acceptance',
  'POST /apiw/v2/uni-loan/earn/redeem-callback': 'a read',
  'POST /apiw/v2/uni-loan/earn/interest-rate': 'a holding setting',
  'POST /apiw/v2/uni-loan/earn/autoivest': 'a holding setting',
  'POST /apiw/v2/earn/soft-staking/switch': 'the coins stay in spot',
  'POST /apiw/v2/earn/private-wealth/disclaimer': 'records an acceptance',
  'POST /api/web/v1/notifications/read': 'inbox',
  'POST /api/web/v1/notifications/preferences': 'inbox',
  'POST /api/web/v1/earn/apr-alerts': 'alert setting',
  'DELETE /api/web/v1/earn/apr-alerts/{id}': 'alert setting',
};
for (const base of [
  '/apiw/v2/fixed_earn/api',
  '/apiw/v2/vip/fixed_earn/api',
  '/apiw/v2/fixed_earn/api/vip',
]) {
  MOVES_NO_MONEY[`PUT ${base}/user/reinvest-status/{order_id}`] = 'an order setting';
  MOVES_NO_MONEY[`PUT ${base}/user/redeem-account-type/{order_id}`] = 'an order setting';
}

interface Call {
  url: string;
  body: Record<string, unknown>;
  form?: boolean;
}

/**
 * The money gate over every money route of every line: the funding-password rules (the first-move
 * rule, the user's setting, simple earn's fast path included) and the one order of checks (the
 * amount first, the password last), on one server with a product of each line.
 */
describe('the money gate: every money move of every line', { timeout: 600_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let flexMin: string;
  let fixedId: number;
  let pid: number;
  let rid: number;
  let wealthPid: number;
  let dual = { id: 0, quote_id: '' };

  beforeAll(async () => {
    server = await startTestServer({ config: { fundpassFirstMove: true } });
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
    flexMin = '1';
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05', min_lend_amount: flexMin });
    fixedId = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 30,
      year_rate: '0.06',
      min_lend_amount: '10',
      user_max_lend_volume: '500',
    });
    const project = await createProject(op, {
      start: (await op.now()) - 3600,
      hours: 24 * 30,
      pools: [pool('USDT', { personal_min_amount: '10', personal_max_amount: '1000' })],
    });
    pid = project.pid;
    rid = project.reward_pools[0]?.rid ?? 0;
    const staking = await op.call('POST', '/admin/api/staking/products', {
      coin: 'USDC',
      type: 2,
      reward_coin: 'USDC',
      rate: '4',
      min_mortgage_amount: '1',
      personal_mortgage_limit: '1000',
    });
    expect(staking.body.code, JSON.stringify(staking.body)).toBe(0);
    // A private-wealth product (type 4): the spec's client still sends project_type=5.
    const wealth = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 4,
      name: 'Private USDT',
      coin: 'USDT',
      min_purchase: '100',
      nav: '1',
    });
    expect(wealth.body.code, JSON.stringify(wealth.body)).toBe(0);
    wealthPid = wealth.body.data.pid;
    const settle = Math.ceil((await op.now()) / 3600) * 3600 + 30 * 86_400;
    const product = await op.call<{ id: number; quote_id: string }>('POST', '/admin/api/dual/products', {
      invest_coin: 'USDT',
      exercise_coin: 'BTC',
      direction: 'buy_low',
      target_price: '90000',
      settle_time: settle,
      min_amount: '1',
      total_quota: '1000000',
      apr: '20',
    });
    expect(product.body.code, JSON.stringify(product.body)).toBe(0);
    dual = product.body.data;
  });
  afterAll(() => server.dispose());

  async function newUser() {
    const c = new TestClient(server);
    const id = await c.register(undefined, PASSWORD);
    await op.deposit(id, 'USDT', '10000');
    await op.deposit(id, 'USDC', '1000');
    await acceptStaking(c, 'USDC');
    await acceptDisclaimer(c, wealthPid);
    return { c, id };
  }

  async function balances(id: number) {
    const res = await op.call<{ balances: { asset: string; purpose: string; balance: string }[] }>(
      'GET',
      `/admin/api/users/${id}`,
    );
    return res.body.data.balances
      .filter((b) => Number(b.balance) !== 0)
      .map((b) => `${b.purpose}:${b.asset}:${b.balance}`)
      .sort();
  }
  const untouched = ['spot:USDC:1000', 'spot:USDT:10000'];

  /** Money going in, one call per route, each valid: only the funding password stands in its way. */
  const subscriptions = (amount = '20'): Record<string, Call> => ({
    'POST /apiw/v2/uni-loan/earn/subscribe': {
      url: '/apiw/v2/uni-loan/earn/subscribe',
      body: { asset: 'USDT', amount },
      form: true,
    },
    'POST /apiw/v2/fixed_earn/api/user/lend': {
      url: '/apiw/v2/fixed_earn/api/user/lend',
      body: { product_id: fixedId, amount },
      form: true,
    },
    'POST /apiw/v2/vip/fixed_earn/api/user/lend': {
      url: '/apiw/v2/vip/fixed_earn/api/user/lend',
      body: { product_id: fixedId, amount },
      form: true,
    },
    'POST /apiw/v2/fixed_earn/api/vip/user/lend': {
      url: '/apiw/v2/fixed_earn/api/vip/user/lend',
      body: { product_id: fixedId, amount },
      form: true,
    },
    'POST /apiw/v2/earn/launch-pool/create-order': {
      url: '/apiw/v2/earn/launch-pool/create-order',
      body: { pid, rid, amount },
      form: true,
    },
    'POST /apiw/v2/earn/staking/coin-swap-verify': {
      url: '/apiw/v2/earn/staking/coin-swap-verify',
      body: { side: 0, coin: 'USDC', amount },
    },
    'POST /apiw/v2/earn/private-wealth/purchase': {
      url: '/apiw/v2/earn/private-wealth/purchase',
      body: { pid: wealthPid, amount: String(Number(amount) * 10), project_type: 5 },
      form: true,
    }, // Its quote_id is the one listed when the call is sent (`current`).
    'POST /apiw/v2/earn/dual/subscribe': {
      url: '/apiw/v2/earn/dual/subscribe',
      body: { product_id: dual.id, amount, quote_id: dual.quote_id },
    },
  });
  /** Money going out or back into a holding: asked by the user's setting where the line says so. */
  const others = (): Record<string, Call> => ({
    'POST /apiw/v2/uni-loan/earn/redeem': {
      url: '/apiw/v2/uni-loan/earn/redeem',
      body: { asset: 'USDT', amount: '1' },
      form: true,
    },
    'POST /apiw/v2/uni-loan/earn/redeem/cancel': {
      url: '/apiw/v2/uni-loan/earn/redeem/cancel',
      body: { asset: 'USDT' },
      form: true,
    },
    'POST /apiw/v2/fixed_earn/api/user/pre-redeem': {
      url: '/apiw/v2/fixed_earn/api/user/pre-redeem',
      body: { order_id: 999_999 },
    },
    'POST /apiw/v2/vip/fixed_earn/api/user/pre-redeem': {
      url: '/apiw/v2/vip/fixed_earn/api/user/pre-redeem',
      body: { order_id: 999_999 },
    },
    'POST /apiw/v2/fixed_earn/api/vip/user/pre-redeem': {
      url: '/apiw/v2/fixed_earn/api/vip/user/pre-redeem',
      body: { order_id: 999_999 },
    },
    'POST /apiw/v2/earn/launch-pool/redeem': {
      url: '/apiw/v2/earn/launch-pool/redeem',
      body: { pid, rid, amount: '1' },
    },
    'POST /apiw/v2/earn/staking/coin-redeem': {
      url: '/apiw/v2/earn/staking/coin-redeem',
      body: { coin: 'USDC', amount: '1' },
    },
    'POST /apiw/v2/earn/private-wealth/redeem': {
      url: '/apiw/v2/earn/private-wealth/redeem',
      body: { pid: wealthPid, unit: '1' },
    },
  });

  /**
   * A quote lives 60 s, fixed APR or not, and the tests move the clock by hours: the dual call carries
   * the quote the list shows now, as the app's dialog would.
   */
  async function current(c: TestClient, call: Call): Promise<Call> {
    if (call.url !== '/apiw/v2/earn/dual/subscribe') return call;
    const list = await c.get<{ list: { id: number; quote_id: string }[] }>('/apiw/v2/earn/dual/products');
    const quote = list.body.data.list.find((p) => p.id === dual.id)?.quote_id;
    expect(quote, JSON.stringify(list.body)).toBeDefined();
    return { ...call, body: { ...call.body, quote_id: quote ?? '' } };
  }

  const send = async (c: TestClient, call: Call, headers: Record<string, string> = {}) => {
    const now = await current(c, call);
    return c.post<{ key?: string; params?: Record<string, string> } & Record<string, unknown>>(
      now.url,
      now.body,
      { form: now.form, headers },
    );
  };

  it('knows every user write: each money call is walked here, every other write moves no money', async () => {
    const money = moneyRoutesOf(server.app).map((r) => `${r.method} ${r.url}`);
    expect([...money].sort()).toEqual(Object.keys({ ...subscriptions(), ...others() }).sort());
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['post', 'put', 'delete', 'patch'].includes(m))
        .filter(() => path.startsWith('/apiw/') || path.startsWith('/api/web/'))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const unnamed = writes.filter((w) => !money.includes(w) && !(w in MOVES_NO_MONEY));
    expect(unnamed).toEqual([]);
  });

  it('a new user without a funding password is sent to set one by every subscription, stake and purchase, and nothing is booked', async () => {
    const { c, id } = await newUser();
    for (const [name, call] of Object.entries(subscriptions())) {
      const res = await send(c, call);
      expect({ name, status: res.status, body: res.body }).toMatchObject({
        name,
        status: 403,
        body: {
          code: Code.FUNDPASS_NOT_SET,
          data: { key: 'fundpass.setupRequired', setup_fundpass: true },
        },
      });
    }
    // Money going out never sets the rule off: each answers its own refusal (nothing is held).
    for (const [name, call] of Object.entries(others())) {
      const res = await send(c, call);
      expect({ name, key: res.body.data?.key }).not.toEqual({ name, key: 'fundpass.setupRequired' });
      expect({ name, code: res.body.code }).not.toEqual({ name, code: Code.FUNDPASS_NOT_SET });
    }
    expect(await balances(id)).toEqual(untouched);

    // Set, every one goes through (the verification of setting it counts for 2 hours).
    const set = await c.post('/api/web/v1/auth/fund-password', {
      fundpass: FUNDPASS,
      login_password: PASSWORD,
    });
    expect(set.body.code).toBe(0);
    for (const [name, call] of Object.entries(subscriptions())) {
      const res = await send(c, call);
      expect({ name, code: res.body.code }).toEqual({ name, code: 0 });
    }
    expect(await balances(id)).toEqual([
      'dual:USDT:20',
      'fixed:USDT:60',
      'flexible:USDT:20',
      'launchpool:USDT:20',
      'spot:USDC:980',
      'spot:USDT:9680',
      'staking:USDC:20',
      'wealth:USDT:200',
    ]);
  });

  it('past the 2-hour grace every subscription asks for the password (10010111, require_fundpass), the fast path too, and books nothing until it is given', async () => {
    const { c, id } = await newUser();
    await c.post('/api/web/v1/auth/fund-password', { fundpass: FUNDPASS, login_password: PASSWORD });
    await op.advance(HOURS_2 + 1);
    for (const [name, call] of Object.entries(subscriptions())) {
      const res = await send(c, call);
      expect({ name, status: res.status, body: res.body }).toMatchObject({
        name,
        body: { code: Code.FUNDPASS_REQUIRED, data: { require_fundpass: true } },
      });
    }
    expect(await balances(id)).toEqual(untouched);
    const flexible = subscriptions()['POST /apiw/v2/uni-loan/earn/subscribe'] as Call;
    const given = await send(c, flexible, { 'x-fund-password': FUNDPASS });
    expect(given.body.code).toBe(0);
    expect(await balances(id)).toContain('spot:USDT:9980');
  });

  it('checks the amount before asking for the password: below the minimum is told the minimum, on every line', async () => {
    const { c, id } = await newUser();
    const expected: Record<string, string> = {
      'POST /apiw/v2/uni-loan/earn/subscribe': 'finances.simpleEarn.minPurchaseAmount',
      'POST /apiw/v2/fixed_earn/api/user/lend': 'finances.simpleEarn.minPurchaseAmount',
      'POST /apiw/v2/vip/fixed_earn/api/user/lend': 'finances.simpleEarn.minPurchaseAmount',
      'POST /apiw/v2/fixed_earn/api/vip/user/lend': 'finances.simpleEarn.minPurchaseAmount',
      'POST /apiw/v2/earn/launch-pool/create-order': 'finances.startupMining.stake.min.tip',
      'POST /apiw/v2/earn/staking/coin-swap-verify': 'stake.number.minLimit',
      'POST /apiw/v2/earn/private-wealth/purchase': 'less.minimum.amount',
      'POST /apiw/v2/earn/dual/subscribe': 'dual.subscribe.belowMin',
    };
    // 0.5: below every product's minimum (1, 10, 10, 1, 100 for wealth at ×10).
    const check = async (who: string) => {
      for (const [name, call] of Object.entries(subscriptions('0.5'))) {
        const res = await send(c, call);
        expect({ who, name, status: res.status, key: res.body.data?.key }).toEqual({
          who,
          name,
          status: 422,
          key: expected[name],
        });
      }
    };
    await check('no funding password yet');
    await c.post('/api/web/v1/auth/fund-password', { fundpass: FUNDPASS, login_password: PASSWORD });
    await op.advance(HOURS_2 + 1);
    await check('past the grace');
    expect(await balances(id)).toEqual(untouched);
  });

  it('a fixed subscription above the personal quota and the balance is told the quota', async () => {
    const { c } = await newUser();
    await c.post('/api/web/v1/auth/fund-password', { fundpass: FUNDPASS, login_password: PASSWORD });
    await op.advance(HOURS_2 + 1);
    const res = await send(c, {
      url: '/apiw/v2/fixed_earn/api/user/lend',
      body: { product_id: fixedId, amount: '20000' },
      form: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      key: 'finance.individualRemainingQuotaAmount',
      params: { amount: '500', coin: 'USDT' },
    });
  });

  it('a replay of a booked call answers its first response without asking again', async () => {
    const { c, id } = await newUser();
    await c.post('/api/web/v1/auth/fund-password', { fundpass: FUNDPASS, login_password: PASSWORD });
    await op.advance(HOURS_2 + 1);
    const call = subscriptions()['POST /apiw/v2/earn/staking/coin-swap-verify'] as Call;
    const key = { 'idempotency-key': `gate-${id}` };
    const first: ApiResponse = await send(c, call, { ...key, 'x-fund-password': FUNDPASS });
    expect(first.body.code).toBe(0);
    // Another session of the user, never verified: the replay moves nothing, so nothing to ask.
    const email = (await c.get<{ email: string }>('/api/web/v1/auth/me')).body.data.email;
    const other = new TestClient(server);
    await other.post('/api/web/v1/auth/login', { email, password: PASSWORD });
    const replay = await send(other, call, key);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balances(id)).toContain('staking:USDC:20');
  });
});
