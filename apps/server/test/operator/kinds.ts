import { dec, toWire } from '@earn/domain';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Operator, TestClient } from '../harness';

/**
 * Every kind of product (and the other records) an operator edits, for the property tests: how to
 * create one, where its edit goes, how to read it back in the edit's own field names through the
 * operator's lists, and a valid value for each field alone. Field values are drawn so that any one of
 * them keeps the product valid as a whole (ranges that cannot cross, e.g. min_vip 0–4, max_vip 5–16).
 */
export interface EditTarget {
  /** The edit route of the record. */
  url: string;
  /** The record in the edit's field names, as the operator's list or read shows it. */
  read(): Promise<Record<string, unknown>>;
}

export interface Kind {
  name: string;
  create(): Promise<EditTarget>;
  fields: Record<string, fc.Arbitrary<unknown>>;
  /** Fields edited field by field (`{ extra: { redeem_fee } }` keeps the rest of `extra`). */
  groups?: string[];
  /** Fields the reads do not show (checked only in that the others stay unchanged). */
  hidden?: string[];
  /**
   * Each rate field (an APR users see) with a value the operator rate guard asks to confirm (above
   * the default 100 % ceiling): the kind's edits take `confirm_rate`.
   */
  unusual?: Record<string, unknown>;
}

/** A canonical decimal string in [min, max] with at most `places` decimals. */
export const decimal = (min: number, max: number, places: number) =>
  fc
    .integer({ min: Math.round(min * 10 ** places), max: Math.round(max * 10 ** places) })
    .map((n) => toWire(dec(n).div(10 ** places)));

const word = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: max, unit: fc.constantFrom(...'abcdefgXYZ0189') });
const text = (max: number) => fc.string({ maxLength: max, unit: fc.constantFrom(...'ab c-XY 09.') });
const bit = fc.constantFrom(0, 1);
const sort = fc.integer({ min: -1000, max: 1000 });

/** A simple-earn ladder: ascending, touching tiers from 0, the last one open-ended (right "") or not. */
export const ladder = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 5 }),
    fc.boolean(),
    fc.array(decimal(0, 10, 4), { minLength: 6, maxLength: 6 }),
  )
  .map(([cuts, open, aprs]) => {
    const bounds = [0, ...cuts.sort((a, b) => a - b)];
    const tiers = bounds.slice(0, -1).map((left, i) => ({
      left: String(left),
      right: String(bounds[i + 1]),
      apr: aprs[i] ?? '0',
    }));
    const last = bounds[bounds.length - 1] ?? 0;
    if (open) tiers.push({ left: String(last), right: '', apr: aprs[5] ?? '0' });
    return tiers;
  });

async function ok<T>(promise: Promise<{ status: number; body: { code: number; data: T } }>): Promise<T> {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

function pick(view: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, view[k]]));
}

interface Listed {
  list: Record<string, unknown>[];
}

export function kinds(op: Operator, user: () => TestClient & { id: number }): Kind[] {
  const get = (url: string) => ok(op.call<Listed>('GET', url));
  const now = () => op.now();

  const flexible: Kind = {
    name: 'flexible product',
    async create() {
      await ok(
        op.call('POST', '/admin/api/simple-earn/flexible-products', {
          asset: 'USDT',
          min_lend_amount: '1',
          next_time_rate_year: '0.05',
          borrow_demand: '1000',
          ladder_apr: [
            { left: '0', right: '500', apr: '0.1' },
            { left: '500', right: '', apr: '0.03' },
          ],
          award_asset: 'GT',
          is_open_award_pool: true,
          ext_award_rate_year: '0.02',
          ext_award_limit: '300',
          limit_min_lend_rate_year: '0.5',
          max_lend_rate_year: '8',
          status: 1,
          sort: 3,
        }),
      );
      const keys = Object.keys(flexible.fields);
      return {
        url: '/admin/api/simple-earn/flexible-products/USDT',
        read: async () => {
          const { list } = await get('/admin/api/simple-earn/flexible-products');
          return pick(list.find((p) => p.asset === 'USDT') ?? {}, keys);
        },
      };
    },
    fields: {
      min_lend_amount: decimal(0.0001, 1000, 4),
      next_time_rate_year: decimal(0, 10, 8),
      borrow_demand: decimal(0, 1e9, 4),
      ladder_apr: ladder,
      ext_award_rate_year: decimal(0, 10, 8),
      ext_award_limit: decimal(0, 1e6, 4),
      award_asset: fc.constantFrom('GT', 'BTC', null),
      is_open_award_pool: fc.boolean(),
      limit_min_lend_rate_year: decimal(0, 4.9, 4),
      max_lend_rate_year: decimal(5, 1000, 4),
      status: bit,
      sort,
    },
    unusual: {
      next_time_rate_year: '6',
      ext_award_rate_year: '1.5',
      ladder_apr: [
        { left: '0', right: '500', apr: '0.1' },
        { left: '500', right: '', apr: '2' },
      ],
    },
  };

  const fixed: Kind = {
    name: 'fixed product',
    async create() {
      const at = await now();
      const created = await ok(
        op.call<{ id: number }>('POST', '/admin/api/simple-earn/fixed-products', {
          asset: 'BTC',
          type: 2,
          min_vip: 2,
          max_vip: 5,
          lock_up_period: 30,
          year_rate: '0.04',
          total_quota: '100000',
          min_lend_amount: '0.01',
          user_max_lend_volume: '300',
          // Before any generated end_time, as any generated start_time is before the end.
          start_time: 1_000_000_000,
          end_time: at + 90 * 86_400,
          reinvest: 0,
          redeem_account: 0,
          pre_redeem: 1,
          bonus_asset: 'GT',
          ladder_apr: [{ left: '0', right: '', apr: '0.01' }],
          title: 'VIP BTC',
          subtitle: 'for VIP 2 to 5',
          special_users: [7, 8],
          status: 1,
        }),
      );
      const keys = Object.keys(fixed.fields);
      return {
        url: `/admin/api/simple-earn/fixed-products/${created.id}`,
        read: async () => {
          const { list } = await get('/admin/api/simple-earn/fixed-products');
          const view = list.find((p) => p.id === created.id) ?? {};
          return {
            ...pick(view, keys),
            end_time: view.end_time === 0 ? null : view.end_time,
            bonus_asset: view.bonus_asset === '' ? null : view.bonus_asset,
          };
        },
      };
    },
    fields: {
      type: fc.integer({ min: 1, max: 3 }),
      min_vip: fc.integer({ min: 0, max: 4 }),
      max_vip: fc.integer({ min: 5, max: 16 }),
      lock_up_period: fc.integer({ min: 1, max: 3650 }),
      year_rate: decimal(0, 10, 8),
      total_quota: decimal(1000, 1e8, 4),
      min_lend_amount: decimal(0.01, 10, 4),
      user_max_lend_volume: fc.oneof(fc.constant('0'), decimal(10, 1e6, 4)),
      start_time: fc.integer({ min: 0, max: 1_500_000_000 }),
      end_time: fc.oneof(fc.constant(null), fc.integer({ min: 1_600_000_000, max: 32_503_680_000 })),
      reinvest: bit,
      redeem_account: bit,
      pre_redeem: bit,
      bonus_asset: fc.constantFrom('GT', 'ETH', null),
      ladder_apr: ladder,
      title: text(120),
      subtitle: text(240),
      special_users: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 5 }),
      status: bit,
    },
    unusual: { year_rate: '1.2', ladder_apr: [{ left: '0', right: '', apr: '3' }] },
  };

  /** A lock pool of a project running from the next whole hour for two days. */
  async function project(pools: Record<string, unknown>[]) {
    const at = await now();
    const start = Math.ceil(at / 3600) * 3600 + 3600;
    const created = await ok(
      op.call<{ pid: number; reward_pools: { rid: number }[] }>('POST', '/admin/api/launch-pool/projects', {
        reward_coin: 'GT',
        name: 'Edit test',
        start_timest: start,
        end_timest: start + 48 * 3600,
        pools,
      }),
    );
    return created;
  }
  const poolBase = {
    coin: 'USDT',
    personal_min_amount: '1',
    personal_max_amount: '5000',
    decimal_place: 2,
    buy_total_amount: '1000000',
    reward_per_hour: '10',
    rate_year: '12.5',
    rate_year_type: 1,
    reward_pool_type: 0,
    vip_config: { min_vip: 2, personal_max_amount: '20000', vip_only: false },
    simple_earn: { status: 0, fixed_period: 0, fixed_rate: '0', rate: '3', ext_rate: '1' },
    transaction_config: [
      { transaction_amount: '0', mortgage_limit: '500' },
      { transaction_amount: '10000', mortgage_limit: '5000' },
    ],
    limit_rule: 7,
  };
  const projectPool = async (pid: number, rid: number) => {
    const { list } = await get('/admin/api/launch-pool/projects');
    const p = list.find((x) => x.pid === pid) as { reward_pools: Record<string, unknown>[] } | undefined;
    return p?.reward_pools.find((x) => x.rid === rid) ?? {};
  };

  const pool: Kind = {
    name: 'launch pool',
    async create() {
      const created = await project([poolBase]);
      const rid = created.reward_pools[0]?.rid ?? 0;
      const keys = Object.keys(pool.fields);
      return {
        url: `/admin/api/launch-pool/pools/${rid}`,
        read: async () => {
          const view = await projectPool(created.pid, rid);
          const se = view.simple_earn as Record<string, unknown> | null;
          const { user_period: _ignored, ...offer } = se ?? {};
          return { ...pick(view, keys), simple_earn: se ? offer : null };
        },
      };
    },
    fields: {
      personal_min_amount: decimal(0.01, 10, 4),
      personal_max_amount: decimal(100, 1e6, 4),
      decimal_place: fc.integer({ min: 0, max: 8 }),
      buy_total_amount: fc.oneof(fc.constant('-1'), decimal(1, 1e9, 2)),
      rate_year: decimal(0, 1000, 4),
      rate_year_type: fc.integer({ min: 1, max: 3 }),
      reward_pool_type: bit,
      vip_config: fc.oneof(
        fc.constant(null),
        fc.record({
          min_vip: fc.integer({ min: 0, max: 16 }),
          personal_max_amount: decimal(100, 1e6, 2),
          vip_only: fc.boolean(),
        }),
      ),
      simple_earn: fc.oneof(
        fc.constant(null),
        fc.record({
          status: bit,
          fixed_period: fc.integer({ min: 0, max: 3650 }),
          fixed_rate: decimal(0, 1000, 4),
          rate: decimal(0, 1000, 4),
          ext_rate: decimal(0, 1000, 4),
        }),
      ),
      transaction_config: fc
        .uniqueArray(fc.integer({ min: 0, max: 1e9 }), { maxLength: 5 })
        .map((cuts) =>
          cuts
            .sort((a, b) => a - b)
            .map((c, i) => ({ transaction_amount: String(c), mortgage_limit: String((i + 1) * 100) })),
        ),
      limit_rule: fc.integer({ min: 0, max: 3650 }),
    },
    unusual: {
      rate_year: '600',
      simple_earn: { status: 0, fixed_period: 0, fixed_rate: '0', rate: '300', ext_rate: '1' },
    },
  };

  const rewardCoin: Kind = {
    name: 'launch pool reward coin',
    async create() {
      const created = await project([
        {
          ...poolBase,
          reward_pool_type: 1,
          reward_coins: [{ coin: 'ETH', reward_per_hour: '1', rate_year: '4' }],
        },
      ]);
      const rid = created.reward_pools[0]?.rid ?? 0;
      return {
        url: `/admin/api/launch-pool/pools/${rid}/reward-coins/ETH`,
        read: async () => {
          const view = await projectPool(created.pid, rid);
          const coins = view.reward_coins as { coin: string; rate_year: string }[];
          return { rate_year: coins.find((c) => c.coin === 'ETH')?.rate_year };
        },
      };
    },
    fields: { rate_year: decimal(0, 1000, 4) },
    unusual: { rate_year: '250' },
  };

  const card: Kind = {
    name: 'CandyDrop card',
    async create() {
      const created = await ok(
        op.call<{ id: number }>('POST', '/admin/api/launch-pool/earn-more', {
          coin: 'GT',
          type: 'launchpool',
          popup_msg: 'More GT',
          popup_high_light: ['GT'],
          url: '/launch-pool',
        }),
      );
      const keys = Object.keys(card.fields);
      return {
        url: `/admin/api/launch-pool/earn-more/${created.id}`,
        read: async () => {
          const { list } = await get('/admin/api/launch-pool/earn-more');
          return pick(list.find((c) => c.id === created.id) ?? {}, keys);
        },
      };
    },
    fields: {
      coin: fc.constantFrom('GT', 'BTC'),
      type: word(1, 32),
      popup_msg: word(1, 100),
      popup_high_light: fc.array(word(1, 20), { maxLength: 3 }),
      url: word(1, 100),
      enabled: fc.boolean(),
    },
  };

  const stakingRead = async (coin: string) => {
    const { list } = await get('/admin/api/staking/products');
    return list.find((p) => p.coin === coin) as Record<string, unknown> & {
      id: number;
      defi: Record<string, unknown>[];
    };
  };

  const stakingProduct: Kind = {
    name: 'staking product',
    async create() {
      const created = await ok(
        op.call<{ id: number }>('POST', '/admin/api/staking/products', {
          coin: 'ETH',
          type: 1,
          reward_coin: 'ETH',
          rate: '3.5',
          base_rate: '3',
          most_rate: '4',
          min_mortgage_amount: '0.1',
          personal_mortgage_limit: '100',
          is_crowd: true,
          crowd_mortgage_limit: '50',
          extra: { redeem_quick: 1, redeem_minday: 1, redeem_maxday: 20, redeem_fee: '0.01' },
          redeem_config: { redeem_coin: 'ETH', redeem_quick_daily: '1000' },
          vip_config: [{ min_tier: 1, max_tier: 5, vip_sale: '20' }],
          tips: 'tip',
          debt: [{ coin: 'USDT', rate: '5', amount: '100' }],
          faq: [{ ask: 'Why?', answer: 'Because', cate: 'faq', unfold: true }],
        }),
      );
      return {
        url: `/admin/api/staking/products/${created.id}`,
        read: async () => {
          const v = await stakingRead('ETH');
          const config = v.redeem_config as Record<string, unknown>;
          return {
            ...pick(v, [
              'type',
              'rate',
              'base_rate',
              'most_rate',
              'min_mortgage_amount',
              'min_redeem_amount',
              'personal_mortgage_limit',
              'crowd_mortgage_limit',
              'agreement',
              'reward_delay_days',
              'interest_days',
              'income_days',
              'extra',
              'vip_config',
              'exchange_rate',
              'exchange_rate_reverse',
              'tips',
              'precision',
              'protocol',
              'debt',
              'status',
            ]),
            // The FAQ is served by its own call.
            faq: (await ok(op.call<Listed>('GET', '/apiw/v2/earn/staking/coin-ask?coin=ETH'))).list,
            is_crowd: v.is_crowd === 1,
            borrow_support: v.borrow_support === 1,
            redeem_config: {
              redeem_coin: config.redeem_coin,
              redeem_quick_daily: config.redeem_quick_daily_total,
            },
          };
        },
      };
    },
    groups: ['extra', 'redeem_config'],
    hidden: ['sort'],
    fields: {
      type: fc.integer({ min: 0, max: 2 }),
      rate: decimal(0, 1000, 4),
      base_rate: decimal(0, 1000, 4),
      most_rate: decimal(0, 1000, 4),
      min_mortgage_amount: decimal(0, 1, 4),
      min_redeem_amount: decimal(0, 1, 4),
      personal_mortgage_limit: fc.oneof(fc.constant('-1'), decimal(10, 1e6, 4)),
      is_crowd: fc.boolean(),
      crowd_mortgage_limit: fc.oneof(fc.constant('-1'), decimal(10, 1e6, 4)),
      agreement: text(100),
      reward_delay_days: fc.integer({ min: -1, max: 3650 }),
      interest_days: fc.integer({ min: 0, max: 3650 }),
      income_days: fc.integer({ min: 0, max: 3650 }),
      borrow_support: fc.boolean(),
      extra: fc.oneof(
        fc.record({ redeem_period_txt: text(50) }),
        fc.record({ redeem_quick: bit }),
        fc.record({ redeem_quick_long: fc.integer({ min: 0, max: 7 * 24 * 60 }) }),
        fc.record({ redeem_control: word(1, 20) }),
        fc.record({ redeem_minday: fc.integer({ min: 0, max: 10 }) }),
        fc.record({ redeem_maxday: fc.integer({ min: 11, max: 3650 }) }),
        fc.record({ redeem_fee: decimal(0, 1, 4) }),
        fc.record({ redeem_quick_fee: decimal(0, 1, 4) }),
      ),
      redeem_config: fc.oneof(
        fc.record({ redeem_coin: fc.constantFrom('ETH', 'USDT', 'USDC') }),
        fc.record({ redeem_quick_daily: fc.oneof(fc.constant('-1'), decimal(0, 1e6, 2)) }),
      ),
      vip_config: fc.uniqueArray(fc.integer({ min: 0, max: 16 }), { maxLength: 6 }).map((cuts) => {
        const sorted = cuts.sort((a, b) => a - b);
        const ranges = [];
        for (let i = 0; i + 1 < sorted.length; i += 2)
          ranges.push({
            min_tier: sorted[i] ?? 0,
            max_tier: sorted[i + 1] ?? 0,
            vip_sale: String(10 * (i + 1)),
          });
        return ranges;
      }),
      exchange_rate: decimal(0, 100, 4),
      exchange_rate_reverse: decimal(0, 100, 4),
      tips: text(200),
      precision: fc.integer({ min: 0, max: 8 }),
      protocol: text(100),
      debt: fc.array(
        fc.record({
          coin: fc.constantFrom('USDT', 'BTC'),
          rate: decimal(0, 100, 2),
          amount: decimal(0, 1e6, 2),
        }),
        {
          maxLength: 3,
        },
      ),
      faq: fc.array(
        fc.record({ ask: text(50), answer: text(100), cate: word(1, 10), unfold: fc.boolean() }),
        {
          maxLength: 3,
        },
      ),
      status: fc.constantFrom('online', 'offline'),
      sort,
    },
    unusual: { rate: '600', base_rate: '101', most_rate: '900' },
  };

  const protocol: Kind = {
    name: 'staking protocol',
    async create() {
      const product = await ok(
        op.call<{ id: number }>('POST', '/admin/api/staking/products', {
          coin: 'GT',
          type: 1,
          reward_coin: 'GT',
          rate: '2',
        }),
      );
      const created = await ok(
        op.call<{ pid: number }>('POST', `/admin/api/staking/products/${product.id}/protocols`, {
          protocol_name: 'Lido',
          reward_coin: 'GT',
          rate: '3.8',
          base_rate: '3',
          income_days: 2,
          personal_mortgage_limit: '500',
        }),
      );
      const keys = ['protocol_name', 'rate', 'base_rate', 'income_days', 'personal_mortgage_limit'];
      return {
        url: `/admin/api/staking/protocols/${created.pid}`,
        read: async () => pick((await stakingRead('GT')).defi.find((d) => d.pid === created.pid) ?? {}, keys),
      };
    },
    hidden: ['sort'],
    fields: {
      protocol_name: word(1, 64),
      rate: decimal(0, 1000, 4),
      base_rate: decimal(0, 1000, 4),
      income_days: fc.integer({ min: 0, max: 3650 }),
      personal_mortgage_limit: fc.oneof(fc.constant('-1'), decimal(0, 1e6, 4)),
      sort,
    },
    unusual: { rate: '150', base_rate: '120' },
  };

  const wealth: Kind = {
    name: 'wealth product',
    async create() {
      const created = await ok(
        op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
          project_type: 4,
          name: 'Fund A',
          coin: 'USDT',
          min_purchase: '100',
          vip_min_tier: 2,
          show_interest: false,
          description: 'A fund',
          status: 'online',
          nav: '1.02',
        }),
      );
      const keys = ['name', 'min_purchase', 'vip_min_tier', 'disclaimer', 'description', 'status'];
      return {
        url: `/admin/api/wealth/products/${created.pid}`,
        read: async () => {
          const { list } = await get('/admin/api/wealth/products');
          const view = list.find((p) => p.pid === created.pid) ?? {};
          return { ...pick(view, keys), show_interest: view.show_interest === 1 };
        },
      };
    },
    hidden: ['run_start', 'sort'],
    fields: {
      name: word(1, 120),
      min_purchase: decimal(0, 1e6, 4),
      vip_min_tier: fc.integer({ min: 0, max: 16 }),
      show_interest: fc.boolean(),
      disclaimer: text(200),
      description: text(400),
      status: fc.constantFrom('online', 'offline'),
      run_start: fc.integer({ min: 1, max: 1_900_000_000 }),
      sort,
    },
  };

  const softStaking: Kind = {
    name: 'soft-staking coin',
    async create() {
      await ok(
        op.call('PUT', '/admin/api/soft-staking/coins/BTC', {
          rate: '2.5',
          min_amount: '0.01',
          max_amount: '50',
          status: 'offline',
          sort: 4,
        }),
      );
      const keys = ['rate', 'min_amount', 'max_amount', 'status'];
      return {
        url: '/admin/api/soft-staking/coins/BTC',
        read: async () => {
          const { list } = await get('/admin/api/soft-staking/coins');
          return pick(list.find((c) => c.coin === 'BTC') ?? {}, keys);
        },
      };
    },
    hidden: ['sort'],
    fields: {
      rate: decimal(0, 1000, 4),
      min_amount: decimal(0, 10, 4),
      max_amount: fc.oneof(fc.constant('-1'), decimal(100, 1e6, 4)),
      status: fc.constantFrom('online', 'offline'),
      sort,
    },
    unusual: { rate: '600' },
  };

  const dual: Kind = {
    name: 'dual order',
    async create() {
      const at = await now();
      const created = await ok(
        op.call<{ order_id: number }>('POST', '/admin/api/dual/orders', {
          user: user().id,
          invest_coin: 'USDT',
          exercise_coin: 'BTC',
          amount: '1000',
          target_price: '95000',
          apr: '25',
          status: 'SETTLEMENT_SUCCESS',
          expire_time: at + 86_400,
          settle_coin: 'USDT',
          settle_amount: '1004.5',
        }),
      );
      const keys = ['status', 'settle_coin', 'settle_amount'];
      return {
        url: `/admin/api/dual/orders/${created.order_id}`,
        read: async () => {
          const { list } = await get('/admin/api/dual/orders?limit=100');
          return pick(list.find((o) => o.id === created.order_id) ?? {}, keys);
        },
      };
    },
    fields: {
      status: fc.constantFrom('INIT', 'PROCESSING', 'SETTLEMENT_SUCCESS', 'CANCELED', 'EXPIRED'),
      settle_coin: fc.constantFrom('USDT', 'BTC', null),
      settle_amount: fc.oneof(fc.constant(null), decimal(0, 1e6, 4)),
    },
  };

  const settings: Kind = {
    name: 'user settings',
    async create() {
      const id = user().id;
      await ok(
        op.call('PUT', `/admin/api/users/${id}`, {
          vip_tier: 3,
          trading_volume_60d: '12345.5',
          account_mode: 'multi_currency',
          compliance_menu: ['express'],
          compliance_business: ['x'],
          use_funding: true,
          first_open: false,
        }),
      );
      const keys = Object.keys(settings.fields);
      return {
        url: `/admin/api/users/${id}`,
        read: async () =>
          pick(await ok(op.call<Record<string, unknown>>('GET', `/admin/api/users/${id}`)), keys),
      };
    },
    fields: {
      vip_tier: fc.integer({ min: 0, max: 16 }),
      trading_volume_60d: decimal(0, 1e9, 4),
      account_mode: fc.constantFrom('classic', 'multi_currency', 'single_currency'),
      compliance_menu: fc.subarray(['express', 'spot_trade', 'lend_earn']),
      compliance_business: fc.array(word(1, 10), { maxLength: 3 }),
      locked: fc.boolean(),
      use_funding: fc.boolean(),
      first_open: fc.boolean(),
    },
  };

  return [
    flexible,
    fixed,
    pool,
    rewardCoin,
    card,
    stakingProduct,
    protocol,
    wealth,
    softStaking,
    dual,
    settings,
  ];
}
