import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../core/util';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

/**
 * Issue 15, point 4: every operator write appends exactly one audit record, in the change's own
 * transaction, naming the action, the target, and the fields before and after; a refused write
 * appends none. One row per write route, run in order (later rows use what earlier ones created).
 */

interface AuditRecord {
  id: number;
  actor: string;
  role: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
  address: string | null;
}

type Method = 'POST' | 'PUT';
interface Call {
  method: Method;
  url: string;
  body?: unknown;
}

interface Row {
  /** The route as the server registers it, e.g. `PUT /admin/api/users/:user`. */
  route: string;
  prepare?: () => Promise<void>;
  call: () => Call;
  action: string;
  target: () => string;
  /** null for a creation; else the changed fields exactly. */
  before: Record<string, unknown> | null;
  /** A subset of the record's after (exactly, for edits). */
  after: Record<string, unknown>;
  /** Further checks of the record. */
  check?: (record: AuditRecord) => void;
  /** What the route answered, for the rows after it. */
  keep?: (data: Record<string, unknown>) => void;
  /** A call to the same route that is refused, with its status and message key. */
  refused?: { call: () => Call; status: number; key?: string };
}

/** Write routes audited by other helpers' work (operator accounts, background clock advances). */
const ELSEWHERE = new Set([
  'POST /admin/api/auth/login',
  'POST /admin/api/auth/logout',
  'POST /admin/api/operators',
  'PUT /admin/api/operators/:id',
  'POST /admin/api/clock/advances',
]);

describe('every operator write route appends one audit record; a refused one none', () => {
  let server: TestServer;
  let op: Operator;
  const ctx: Record<string, number> = {};
  let u1 = 0;
  let u2 = 0;
  let t0 = 0;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    u1 = await new TestClient(server).register();
    u2 = await new TestClient(server).register();
    t0 = await op.now();
  });
  afterAll(() => server.dispose());

  const flexible = {
    asset: 'USDT',
    min_lend_amount: '1',
    next_time_rate_year: '0.05',
    borrow_demand: '1000',
    ladder_apr: [
      { left: '0', right: '500', apr: '0.1' },
      { left: '500', right: '', apr: '0.03' },
    ],
    max_lend_rate_year: '8',
  };
  const pool = {
    coin: 'USDT',
    personal_min_amount: '1',
    personal_max_amount: '5000',
    decimal_place: 2,
    buy_total_amount: '-1',
    reward_per_hour: '10',
    rate_year: '12.5',
    rate_year_type: 1,
    reward_pool_type: 0,
    transaction_config: [{ transaction_amount: '0', mortgage_limit: '500' }],
  };
  const projectBody = () => {
    const start = Math.ceil(t0 / 3600) * 3600 + 7200;
    return {
      reward_coin: 'GT',
      name: 'Audit',
      start_timest: start,
      end_timest: start + 24 * 3600,
      pools: [pool],
    };
  };
  const campaign = () => ({
    reward_coin: 'GT',
    start_time: t0,
    end_time: t0 + 86_400,
    interest: [
      { money_min: '0', money_max: '10', money_rate: '0.02' },
      { money_min: '10', money_max: '-1', money_rate: '0.01' },
    ],
  });

  const rows: Row[] = [
    {
      route: 'POST /admin/api/deposits',
      call: () => ({
        method: 'POST',
        url: '/admin/api/deposits',
        body: { user: u1, asset: 'USDT', amount: '100' },
      }),
      action: 'funds.deposit.create',
      target: () => `user:${u1}`,
      before: null,
      after: { asset: 'USDT', amount: '100' },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/deposits',
          body: { user: 999_999, asset: 'USDT', amount: '1' },
        }),
        status: 404,
      },
    },
    {
      route: 'POST /admin/api/withdrawals',
      call: () => ({
        method: 'POST',
        url: '/admin/api/withdrawals',
        body: { user: u1, asset: 'USDT', amount: '30' },
      }),
      action: 'funds.withdrawal.create',
      target: () => `user:${u1}`,
      before: null,
      after: { asset: 'USDT', amount: '30' },
      // Refused by the ledger inside the transaction, after the withdrawal's own writes began.
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/withdrawals',
          body: { user: u1, asset: 'USDT', amount: '71' },
        }),
        status: 422,
      },
    },
    {
      route: 'PUT /admin/api/users/:user',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/users/${u2}`,
        body: { account_mode: 'multi_currency' },
      }),
      action: 'users.settings.update',
      target: () => `user:${u2}`,
      before: { account_mode: 'classic' },
      after: { account_mode: 'multi_currency' },
      refused: {
        call: () => ({ method: 'PUT', url: `/admin/api/users/${u2}`, body: { vip_tier: 99 } }),
        status: 400,
      },
    },
    {
      route: 'POST /admin/api/loans',
      call: () => ({
        method: 'POST',
        url: '/admin/api/loans',
        body: { user: u2, asset: 'USDT', amount: '50' },
      }),
      action: 'funds.loan.create',
      target: () => `user:${u2}`,
      before: null,
      after: { asset: 'USDT', amount: '50' },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/loans',
          body: { user: u1, asset: 'USDT', amount: '5' },
        }),
        status: 422,
        key: 'account.borrowNeedsUnified',
      },
    },
    {
      route: 'POST /admin/api/loans/repay',
      call: () => ({
        method: 'POST',
        url: '/admin/api/loans/repay',
        body: { user: u2, asset: 'USDT', amount: '20' },
      }),
      action: 'funds.loan.repay',
      target: () => `user:${u2}`,
      before: null,
      after: { asset: 'USDT', amount: '20' },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/loans/repay',
          body: { user: u2, asset: 'USDT', amount: '31' },
        }),
        status: 422,
        key: 'account.repayAboveLoan',
      },
    },
    {
      route: 'PUT /admin/api/prices/:asset',
      call: () => ({ method: 'PUT', url: '/admin/api/prices/GT', body: { usdt: '21' } }),
      action: 'market.price.update',
      target: () => 'asset:GT',
      before: { usdt: '20' },
      after: { usdt: '21' },
      refused: {
        call: () => ({ method: 'PUT', url: '/admin/api/prices/GT', body: { usdt: '-1' } }),
        status: 400,
      },
    },
    {
      route: 'PUT /admin/api/settings/security',
      // The test harness starts with the first-move rule off (FUNDPASS_FIRST_MOVE's default is on).
      call: () => ({
        method: 'PUT',
        url: '/admin/api/settings/security',
        body: { fundpass_before_first_move: true },
      }),
      action: 'settings.security.update',
      target: () => 'settings:security',
      before: { fundpass_before_first_move: false },
      after: { fundpass_before_first_move: true },
      refused: {
        call: () => ({
          method: 'PUT',
          url: '/admin/api/settings/security',
          body: { fundpass_before_first_move: 'yes' },
        }),
        status: 400,
      },
    },
    {
      route: 'PUT /admin/api/settings/rates',
      call: () => ({
        method: 'PUT',
        url: '/admin/api/settings/rates',
        body: { rate_ceiling_percent: '150' },
      }),
      action: 'settings.rates.update',
      target: () => 'settings:rates',
      before: { rate_ceiling_percent: '100' },
      after: { rate_ceiling_percent: '150' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: '/admin/api/settings/rates',
          body: { rate_ceiling_percent: '0' },
        }),
        status: 400,
      },
    },
    {
      route: 'POST /admin/api/simple-earn/flexible-products',
      call: () => ({ method: 'POST', url: '/admin/api/simple-earn/flexible-products', body: flexible }),
      action: 'simple_earn.flexible_product.create',
      target: () => 'flexible_product:USDT',
      before: null,
      after: { borrow_demand: '1000', ladder_apr: flexible.ladder_apr, max_lend_rate_year: '8', status: 1 },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/simple-earn/flexible-products',
          body: {
            ...flexible,
            asset: 'BTC',
            ladder_apr: [
              { left: '0', right: '500', apr: '0.1' },
              { left: '600', right: '', apr: '0.03' },
            ],
          },
        }),
        status: 400,
        key: 'product.ladder.notContiguous',
      },
    },
    {
      route: 'PUT /admin/api/simple-earn/flexible-products/:asset',
      call: () => ({
        method: 'PUT',
        url: '/admin/api/simple-earn/flexible-products/USDT',
        body: { borrow_demand: '20' },
      }),
      action: 'simple_earn.flexible_product.update',
      target: () => 'flexible_product:USDT',
      before: { borrow_demand: '1000' },
      after: { borrow_demand: '20' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: '/admin/api/simple-earn/flexible-products/USDT',
          body: { limit_min_lend_rate_year: '9' },
        }),
        status: 400,
        key: 'product.range.minAboveMax',
      },
    },
    {
      route: 'POST /admin/api/simple-earn/fixed-products',
      call: () => ({
        method: 'POST',
        url: '/admin/api/simple-earn/fixed-products',
        body: {
          asset: 'BTC',
          type: 2,
          min_vip: 2,
          max_vip: 5,
          lock_up_period: 30,
          year_rate: '0.04',
          total_quota: '100',
          min_lend_amount: '0.01',
          start_time: t0,
        },
      }),
      action: 'simple_earn.fixed_product.create',
      target: () => `fixed_product:${ctx.fixed}`,
      keep: (d) => {
        ctx.fixed = d.id as number;
      },
      before: null,
      after: { asset: 'BTC', type: 2, min_vip: 2, max_vip: 5, year_rate: '0.04', end_time: null },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/simple-earn/fixed-products',
          body: {
            asset: 'BTC',
            lock_up_period: 30,
            year_rate: '0.04',
            total_quota: '100',
            min_lend_amount: '0.01',
            start_time: t0,
            ladder_apr: [
              { left: '0', right: '', apr: '0.1' },
              { left: '10', right: '20', apr: '0.03' },
            ],
          },
        }),
        status: 400,
        key: 'product.ladder.openEndNotLast',
      },
    },
    {
      route: 'PUT /admin/api/simple-earn/fixed-products/:id',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/simple-earn/fixed-products/${ctx.fixed}`,
        body: { year_rate: '0.05' },
      }),
      action: 'simple_earn.fixed_product.update',
      target: () => `fixed_product:${ctx.fixed}`,
      before: { year_rate: '0.04' },
      after: { year_rate: '0.05' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: `/admin/api/simple-earn/fixed-products/${ctx.fixed}`,
          body: { min_vip: 9 },
        }),
        status: 400,
        key: 'product.range.minAboveMax',
      },
    },
    {
      route: 'POST /admin/api/simple-earn/vouchers',
      call: () => ({
        method: 'POST',
        url: '/admin/api/simple-earn/vouchers',
        body: { user: u1, title: '+2%', rate_day: 7, rate_ratio: '2', expired_timest: t0 + 86_400 },
      }),
      action: 'simple_earn.voucher.grant',
      target: () => `voucher:${ctx.voucher}`,
      keep: (d) => {
        ctx.voucher = d.id as number;
      },
      before: null,
      get after() {
        return { user: u1, title: '+2%', rate_day: 7, rate_ratio: '2' };
      },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/simple-earn/vouchers',
          body: { user: 999_999, title: 'x', rate_day: 7, rate_ratio: '2', expired_timest: t0 + 86_400 },
        }),
        status: 404,
      },
    },
    {
      route: 'POST /admin/api/launch-pool/projects',
      call: () => ({ method: 'POST', url: '/admin/api/launch-pool/projects', body: projectBody() }),
      action: 'launch_pool.project.create',
      target: () => `project:${ctx.project}`,
      keep: (d) => {
        ctx.project = d.pid as number;
        ctx.pool = (d.reward_pools as { rid: number }[])[0]?.rid ?? 0;
      },
      before: null,
      after: { name: 'Audit', reward_coin: 'GT' },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/launch-pool/projects',
          body: { ...projectBody(), pools: [{ ...pool, personal_min_amount: '6000' }] },
        }),
        status: 400,
        key: 'product.range.minAboveMax',
      },
    },
    {
      route: 'POST /admin/api/launch-pool/projects/:pid/pools',
      call: () => ({
        method: 'POST',
        url: `/admin/api/launch-pool/projects/${ctx.project}/pools`,
        body: {
          ...pool,
          reward_pool_type: 1,
          reward_coins: [{ coin: 'ETH', reward_per_hour: '1', rate_year: '4' }],
        },
      }),
      action: 'launch_pool.pool.create',
      target: () => `pool:${ctx.multi}`,
      keep: (d) => {
        ctx.multi = d.rid as number;
      },
      before: null,
      after: { reward_pool_type: 1, rate_year: '12.5', buy_total_amount: '-1' },
      refused: {
        call: () => ({
          method: 'POST',
          url: `/admin/api/launch-pool/projects/${ctx.project}/pools`,
          body: {
            ...pool,
            transaction_config: [
              { transaction_amount: '100', mortgage_limit: '5' },
              { transaction_amount: '10', mortgage_limit: '50' },
            ],
          },
        }),
        status: 400,
        key: 'product.steps.notAscending',
      },
    },
    {
      route: 'PUT /admin/api/launch-pool/pools/:rid',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/launch-pool/pools/${ctx.pool}`,
        body: { rate_year: '15' },
      }),
      action: 'launch_pool.pool.update',
      target: () => `pool:${ctx.pool}`,
      before: { rate_year: '12.5' },
      after: { rate_year: '15' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: `/admin/api/launch-pool/pools/${ctx.pool}`,
          body: { personal_min_amount: '9999' },
        }),
        status: 400,
        key: 'product.range.minAboveMax',
      },
    },
    {
      route: 'POST /admin/api/launch-pool/pools/:rid/reward-coins',
      call: () => ({
        method: 'POST',
        url: `/admin/api/launch-pool/pools/${ctx.multi}/reward-coins`,
        body: { coin: 'BTC', reward_per_hour: '0.001', rate_year: '2' },
      }),
      action: 'launch_pool.reward_coin.create',
      target: () => `pool_coin:${ctx.multi}:BTC`,
      before: null,
      after: { reward_per_hour: '0.001', rate_year: '2' },
      refused: {
        call: () => ({
          method: 'POST',
          url: `/admin/api/launch-pool/pools/${ctx.multi}/reward-coins`,
          body: { coin: 'GT', reward_per_hour: '1', rate_year: '2' },
        }),
        status: 400,
      },
    },
    {
      route: 'PUT /admin/api/launch-pool/pools/:rid/reward-coins/:coin',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/launch-pool/pools/${ctx.multi}/reward-coins/ETH`,
        body: { rate_year: '6' },
      }),
      action: 'launch_pool.reward_coin.update',
      target: () => `pool_coin:${ctx.multi}:ETH`,
      before: { rate_year: '4' },
      after: { rate_year: '6' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: `/admin/api/launch-pool/pools/${ctx.multi}/reward-coins/USDC`,
          body: { rate_year: '6' },
        }),
        status: 404,
      },
    },
    {
      route: 'POST /admin/api/launch-pool/earn-more',
      call: () => ({
        method: 'POST',
        url: '/admin/api/launch-pool/earn-more',
        body: { coin: 'GT', popup_msg: 'More GT', url: '/launch-pool' },
      }),
      action: 'launch_pool.earn_more.create',
      target: () => `earn_more:${ctx.card}`,
      keep: (d) => {
        ctx.card = d.id as number;
      },
      before: null,
      after: { coin: 'GT', popup_msg: 'More GT', enabled: true },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/launch-pool/earn-more',
          body: { coin: 'GT', popup_msg: 'x' },
        }),
        status: 400,
      },
    },
    {
      route: 'PUT /admin/api/launch-pool/earn-more/:id',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/launch-pool/earn-more/${ctx.card}`,
        body: { enabled: false },
      }),
      action: 'launch_pool.earn_more.update',
      target: () => `earn_more:${ctx.card}`,
      before: { enabled: true },
      after: { enabled: false },
      refused: {
        call: () => ({
          method: 'PUT',
          url: '/admin/api/launch-pool/earn-more/999999',
          body: { enabled: true },
        }),
        status: 404,
      },
    },
    {
      route: 'POST /admin/api/staking/products',
      call: () => ({
        method: 'POST',
        url: '/admin/api/staking/products',
        body: { coin: 'ETH', type: 1, reward_coin: 'ETH', rate: '3', personal_mortgage_limit: '100' },
      }),
      action: 'staking.product.create',
      target: () => `staking_product:${ctx.staking}`,
      keep: (d) => {
        ctx.staking = d.id as number;
      },
      before: null,
      after: { coin: 'ETH', rate: '3', personal_mortgage_limit: '100' },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/staking/products',
          body: {
            coin: 'BTC',
            type: 1,
            reward_coin: 'BTC',
            rate: '3',
            extra_interest: [
              {
                ...campaign(),
                interest: [
                  { money_min: '0', money_max: '10', money_rate: '0.02' },
                  { money_min: '20', money_max: '-1', money_rate: '0.01' },
                ],
              },
            ],
          },
        }),
        status: 400,
        key: 'product.ladder.notContiguous',
      },
    },
    {
      route: 'PUT /admin/api/staking/products/:id',
      call: () => ({ method: 'PUT', url: `/admin/api/staking/products/${ctx.staking}`, body: { rate: '4' } }),
      action: 'staking.product.update',
      target: () => `staking_product:${ctx.staking}`,
      before: { rate: '3' },
      after: { rate: '4' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: `/admin/api/staking/products/${ctx.staking}`,
          body: { min_mortgage_amount: '1000' },
        }),
        status: 400,
        key: 'product.range.minAboveMax',
      },
    },
    {
      route: 'POST /admin/api/staking/products/:id/protocols',
      call: () => ({
        method: 'POST',
        url: `/admin/api/staking/products/${ctx.staking}/protocols`,
        body: { protocol_name: 'Lido', reward_coin: 'ETH', rate: '3.8' },
      }),
      action: 'staking.protocol.create',
      target: () => `staking_protocol:${ctx.protocol}`,
      keep: (d) => {
        ctx.protocol = d.pid as number;
      },
      before: null,
      after: { protocol_name: 'Lido', rate: '3.8', base_rate: '3.8' },
      refused: {
        call: () => ({
          method: 'POST',
          url: `/admin/api/staking/products/${ctx.staking}/protocols`,
          body: { protocol_name: 'X', reward_coin: 'NOPE', rate: '1' },
        }),
        status: 400,
        key: 'common.unknownAsset',
      },
    },
    {
      route: 'PUT /admin/api/staking/protocols/:id',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/staking/protocols/${ctx.protocol}`,
        body: { rate: '4.2' },
      }),
      action: 'staking.protocol.update',
      target: () => `staking_protocol:${ctx.protocol}`,
      before: { rate: '3.8' },
      after: { rate: '4.2' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: `/admin/api/staking/protocols/${ctx.protocol}`,
          body: { reward_coin: 'GT' },
        }),
        status: 400,
      },
    },
    {
      route: 'POST /admin/api/staking/products/:id/campaigns',
      call: () => ({
        method: 'POST',
        url: `/admin/api/staking/products/${ctx.staking}/campaigns`,
        body: campaign(),
      }),
      action: 'staking.campaign.create',
      target: () => `staking_campaign:${ctx.campaign}`,
      keep: (d) => {
        ctx.campaign = d.id as number;
      },
      before: null,
      after: { reward_coin: 'GT', interest: campaign().interest },
      refused: {
        call: () => ({
          method: 'POST',
          url: `/admin/api/staking/products/${ctx.staking}/campaigns`,
          body: {
            ...campaign(),
            interest: [
              { money_min: '0', money_max: '-1', money_rate: '0.02' },
              { money_min: '10', money_max: '20', money_rate: '0.01' },
            ],
          },
        }),
        status: 400,
        key: 'product.ladder.openEndNotLast',
      },
    },
    {
      route: 'POST /admin/api/wealth/products',
      call: () => ({
        method: 'POST',
        url: '/admin/api/wealth/products',
        body: { project_type: 4, name: 'Fund', coin: 'USDT', nav: '1' },
      }),
      action: 'wealth.product.create',
      target: () => `wealth_product:${ctx.wealth}`,
      keep: (d) => {
        ctx.wealth = d.pid as number;
      },
      before: null,
      after: { name: 'Fund', coin: 'USDT', nav: '1' },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/wealth/products',
          body: { project_type: 4, name: 'Fund', coin: 'NOPE', nav: '1' },
        }),
        status: 400,
        key: 'common.unknownAsset',
      },
    },
    {
      route: 'PUT /admin/api/wealth/products/:pid',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/wealth/products/${ctx.wealth}`,
        body: { name: 'Fund B' },
      }),
      action: 'wealth.product.update',
      target: () => `wealth_product:${ctx.wealth}`,
      before: { name: 'Fund' },
      after: { name: 'Fund B' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: `/admin/api/wealth/products/${ctx.wealth}`,
          body: { coin: 'BTC' },
        }),
        status: 400,
      },
    },
    {
      route: 'POST /admin/api/clock/advance',
      call: () => ({ method: 'POST', url: '/admin/api/clock/advance', body: { seconds: 3600 } }),
      action: 'jobs.clock.advance',
      target: () => 'clock:test',
      before: {},
      after: { seconds: 3600 },
      check: (record) => {
        expect(Number(record.after?.now) - Number(record.before?.now)).toBe(3600);
      },
      refused: {
        call: () => ({ method: 'POST', url: '/admin/api/clock/advance', body: { seconds: -1 } }),
        status: 400,
      },
    },
    {
      route: 'POST /admin/api/wealth/products/:pid/nav',
      call: () => ({
        method: 'POST',
        url: `/admin/api/wealth/products/${ctx.wealth}/nav`,
        body: { nav: '1.1' },
      }),
      action: 'wealth.nav.publish',
      target: () => `wealth_product:${ctx.wealth}`,
      before: null,
      after: { nav: '1.1', settled: 0 },
      // A second NAV at the same instant: the insert fails inside the transaction.
      refused: {
        call: () => ({
          method: 'POST',
          url: `/admin/api/wealth/products/${ctx.wealth}/nav`,
          body: { nav: '1.2' },
        }),
        status: 409,
      },
    },
    {
      route: 'POST /admin/api/jobs/run-due',
      call: () => ({ method: 'POST', url: '/admin/api/jobs/run-due' }),
      action: 'jobs.due.run',
      target: () => 'jobs:due',
      before: null,
      after: { ran: 0 },
    },
    {
      route: 'PUT /admin/api/soft-staking/coins/:coin',
      call: () => ({
        method: 'PUT',
        url: '/admin/api/soft-staking/coins/BTC',
        body: { rate: '2', max_amount: '50' },
      }),
      action: 'soft_staking.coin.create',
      target: () => 'soft_staking_coin:BTC',
      before: null,
      after: { rate: '2', min_amount: '0', max_amount: '50', status: 'online' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: '/admin/api/soft-staking/coins/ETH',
          body: { rate: '2', min_amount: '10', max_amount: '5' },
        }),
        status: 400,
        key: 'product.range.minAboveMax',
      },
    },
    {
      route: 'PUT /admin/api/soft-staking/coins/:coin',
      call: () => ({ method: 'PUT', url: '/admin/api/soft-staking/coins/BTC', body: { status: 'offline' } }),
      action: 'soft_staking.coin.update',
      target: () => 'soft_staking_coin:BTC',
      before: { status: 'online' },
      after: { status: 'offline' },
      refused: {
        call: () => ({ method: 'PUT', url: '/admin/api/soft-staking/coins/BTC', body: { min_amount: '51' } }),
        status: 400,
        key: 'product.range.minAboveMax',
      },
    },
    {
      route: 'POST /admin/api/dual/orders',
      call: () => ({
        method: 'POST',
        url: '/admin/api/dual/orders',
        body: {
          user: u1,
          invest_coin: 'USDT',
          exercise_coin: 'BTC',
          amount: '1000',
          target_price: '95000',
          apr: '25',
          expire_time: t0 + 86_400,
        },
      }),
      action: 'dual.order.create',
      target: () => `dual_order:${ctx.dual}`,
      keep: (d) => {
        ctx.dual = d.order_id as number;
      },
      before: null,
      get after() {
        return { status: 'INIT', settle_coin: null, user: u1 };
      },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/dual/orders',
          body: {
            user: 999_999,
            invest_coin: 'USDT',
            exercise_coin: 'BTC',
            amount: '1',
            target_price: '1',
            apr: '1',
            expire_time: t0,
          },
        }),
        status: 404,
      },
    },
    {
      route: 'PUT /admin/api/dual/orders/:id',
      call: () => ({
        method: 'PUT',
        url: `/admin/api/dual/orders/${ctx.dual}`,
        body: { status: 'SETTLEMENT_SUCCESS', settle_coin: 'USDT', settle_amount: '1004.5' },
      }),
      action: 'dual.order.update',
      target: () => `dual_order:${ctx.dual}`,
      before: { status: 'INIT', settle_coin: null, settle_amount: null },
      after: { status: 'SETTLEMENT_SUCCESS', settle_coin: 'USDT', settle_amount: '1004.5' },
      refused: {
        call: () => ({ method: 'PUT', url: `/admin/api/dual/orders/${ctx.dual}`, body: { status: 'NOPE' } }),
        status: 400,
      },
    },
    {
      route: 'POST /admin/api/dual/products',
      call: () => ({
        method: 'POST',
        url: '/admin/api/dual/products',
        body: {
          invest_coin: 'BTC',
          exercise_coin: 'USDT',
          direction: 'sell_high',
          target_price: '130000',
          settle_time: Math.ceil(t0 / 3600) * 3600 + 48 * 3600,
          min_amount: '0.001',
          total_quota: '10',
          apr: '20',
        },
      }),
      action: 'dual.product.create',
      target: () => `dual_product:${ctx.dualProduct}`,
      keep: (d) => {
        ctx.dualProduct = d.id as number;
      },
      before: null,
      after: { direction: 'sell_high', invest_coin: 'BTC', exercise_coin: 'USDT' },
      refused: {
        call: () => ({
          method: 'POST',
          url: '/admin/api/dual/products',
          body: {
            invest_coin: 'BTC',
            exercise_coin: 'USDT',
            direction: 'sell_high',
            target_price: '1',
            settle_time: Math.ceil(t0 / 3600) * 3600 + 48 * 3600,
            min_amount: '0.001',
            total_quota: '10',
            apr: '20',
          },
        }),
        status: 422,
      },
    },
    {
      route: 'POST /admin/api/dual/products/:id/cancel',
      call: () => ({ method: 'POST', url: `/admin/api/dual/products/${ctx.dualProduct}/cancel` }),
      action: 'dual.product.cancel',
      target: () => `dual_product:${ctx.dualProduct}`,
      before: { status: 'open' },
      after: { status: 'canceled', canceled_orders: 0 },
      refused: {
        call: () => ({ method: 'POST', url: `/admin/api/dual/products/${ctx.dualProduct}/cancel` }),
        status: 422,
      },
    },
    {
      route: 'PUT /admin/api/dual/pairs/:coin',
      call: () => ({
        method: 'PUT',
        url: '/admin/api/dual/pairs/BTC',
        body: { volatility: '60', margin: '2' },
      }),
      action: 'dual.pair.update',
      target: () => 'dual_pair:BTC',
      before: null,
      after: { volatility: '60', margin: '2' },
      refused: {
        call: () => ({
          method: 'PUT',
          url: '/admin/api/dual/pairs/NOPE',
          body: { volatility: '60', margin: '2' },
        }),
        status: 400,
      },
    },
  ];

  const last = async () =>
    (await op.call<{ list: AuditRecord[] }>('GET', '/admin/api/audit?limit=1')).body.data.list[0];
  const count = () => countRows(server.deps.db, 'operator_audit');

  it('covers every write route under /admin/api (bar those audited by the accounts and console helpers)', () => {
    const writes = server.app.routeTable
      .filter((r) => r.url.startsWith('/admin/api/') && ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(rows.map((r) => r.route));
    expect(writes.filter((w) => !covered.has(w) && !ELSEWHERE.has(w))).toEqual([]);
    expect(covered.size).toBe(36);
  });

  for (const [i, row] of rows.entries()) {
    it(`${row.route}: one record (${row.action})${row.refused ? ', none when refused' : ''}`, async () => {
      await row.prepare?.();
      const requestId = `audit-row-${i}`;
      const was = await count();
      const call = row.call();
      const res = await op.call<Record<string, unknown>>(call.method, call.url, call.body, {
        'x-request-id': requestId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      row.keep?.(res.body.data);
      expect(await count()).toBe(was + 1);
      const record = await last();
      expect(record).toMatchObject({
        actor: 'token',
        role: 'admin',
        action: row.action,
        target: row.target(),
        request_id: requestId,
      });
      expect(record?.address).toBe('127.0.0.1');
      if (!record) throw new Error('no audit record');
      if (row.before === null) {
        expect(record.before).toBeNull();
        expect(record.after).toMatchObject(row.after);
      } else if (row.action.endsWith('.update')) {
        // An edit records exactly the fields it changed.
        expect(record.before).toEqual(row.before);
        expect(record.after).toEqual(row.after);
      } else {
        expect(record.after).toMatchObject(row.after);
      }
      row.check?.(record);
      if (!row.refused) return;
      const bad = row.refused.call();
      const refused = await op.call<{ key: string }>(bad.method, bad.url, bad.body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(row.refused.status);
      if (row.refused.key) expect(refused.body.data.key).toBe(row.refused.key);
      expect(await count()).toBe(was + 1);
    });
  }
});
