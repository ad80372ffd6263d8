import { dec, RateYearType, RewardPoolType } from '@earn/domain';
import type { Db } from '../../infra/db/client';
import { setPrice } from '../../market/assets';
import type { PoolRow, ProjectRow } from './model';
import { createProject, type PoolInput } from './service/create-project';
import { stake } from './service/stake';
import { insertEarnMore } from './store/catalogue';

const HOUR = 3600;

function demoPool(coin: string, overrides: Partial<PoolInput>): PoolInput {
  return {
    coin,
    personal_min_amount: '1',
    personal_max_amount: '50000',
    decimal_place: 2,
    buy_total_amount: null,
    reward_per_hour: '100',
    rate_year: '30',
    rate_year_type: RateYearType.estimate,
    reward_pool_type: RewardPoolType.lockPool,
    vip_config: null,
    simple_earn: null,
    transaction_config: [],
    limit_rule: 0,
    ...overrides,
  };
}

/** Live, upcoming and finished projects, with VIP, new-user and multi-mining pools; the demo user stakes in two. */
export async function seedDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
  const hour = Math.floor(at.getTime() / 1000 / HOUR) * HOUR;
  for (const [symbol, name, price] of [
    ['NOVA', 'Nova Protocol', '0.42'],
    ['ORBIT', 'Orbit Chain', '1.15'],
    ['LUMA', 'Luma Network', '0.087'],
  ] as const) {
    await setPrice(db, { symbol, name, usdt: dec(price), at });
  }
  const tiers = [
    { transaction_amount: '0', mortgage_limit: '500' },
    { transaction_amount: '10000', mortgage_limit: '5000' },
    { transaction_amount: '100000', mortgage_limit: '50000' },
  ];
  const live = await createProject(
    db,
    {
      reward_coin: 'NOVA',
      name: 'Nova Protocol',
      i18n: { 'zh-CN': { name: 'Nova 协议' } },
      icon: '/icons/nova.svg',
      start_timest: hour - 48 * HOUR,
      end_timest: hour + 12 * 24 * HOUR,
      pools: [
        demoPool('GT', {
          rate_year: '45.5',
          // Rewards sized to the demo's stakes, so the derived APR is plausible: 0.45 NOVA an hour on
          // the demo user's 200 GT is 44.9 % (0.45 × 0.42 × 8760 ÷ (200 × 18.42)).
          reward_per_hour: '0.45',
          personal_max_amount: '20000',
          buy_total_amount: '3000000',
          transaction_config: tiers,
          // Auto-earn into simple earn's GT products: its flexible rate, and its 14-day term while on sale.
          // The rates here are not used: users see simple earn's live ones.
          simple_earn: { status: 1, fixed_period: 14, fixed_rate: '0', rate: '0', ext_rate: '0' },
        }),
        demoPool('USDT', {
          rate_year: '22.8',
          reward_per_hour: '0.062',
          personal_max_amount: '100000',
          decimal_place: 2,
          simple_earn: { status: 0, fixed_period: 0, fixed_rate: '0', rate: '0', ext_rate: '0' },
        }),
        demoPool('NOVA', {
          rate_year: '68',
          reward_per_hour: '4',
          personal_max_amount: '500000',
          decimal_place: 4,
        }),
        demoPool('USDT', {
          rate_year: '38',
          reward_per_hour: '0.5',
          personal_max_amount: '5000',
          vip_config: { min_vip: 1, personal_max_amount: '20000', vip_only: true },
        }),
        demoPool('USDT', {
          rate_year: '200',
          rate_year_type: RateYearType.real,
          reward_per_hour: '0.27',
          personal_max_amount: '500',
          buy_total_amount: '200000',
          limit_rule: 30,
        }),
        demoPool('BTC', {
          // NOVA's part; with GT's and ETH's the pool shows 12.4%.
          rate_year: '6',
          reward_per_hour: '1.5',
          reward_pool_type: RewardPoolType.multiMining,
          reward_coins: [
            { coin: 'GT', reward_per_hour: '0.02', rate_year: '3.8' },
            { coin: 'ETH', reward_per_hour: '0.00008', rate_year: '2.6' },
          ],
          personal_min_amount: '0.0001',
          personal_max_amount: '5',
          decimal_place: 4,
        }),
      ],
    },
    at,
  );
  await createProject(
    db,
    {
      reward_coin: 'ORBIT',
      name: 'Orbit Chain',
      i18n: { 'zh-CN': { name: 'Orbit 链' } },
      icon: '/icons/orbit.svg',
      start_timest: hour + 24 * HOUR,
      end_timest: hour + 11 * 24 * HOUR,
      pools: [
        demoPool('ETH', {
          rate_year: '18',
          reward_per_hour: '0.6',
          personal_min_amount: '0.01',
          personal_max_amount: '100',
          decimal_place: 4,
        }),
        demoPool('USDT', { rate_year: '26', reward_per_hour: '0.25', buy_total_amount: '1000000' }),
      ],
    },
    at,
  );
  await createProject(
    db,
    {
      reward_coin: 'LUMA',
      name: 'Luma Network',
      i18n: { 'zh-CN': { name: 'Luma 网络' } },
      icon: '/icons/luma.svg',
      start_timest: hour - 10 * 24 * HOUR,
      end_timest: hour - 3 * 24 * HOUR,
      pools: [
        demoPool('GT', { rate_year: '52', reward_per_hour: '0.5' }),
        demoPool('USDT', { rate_year: '31', reward_per_hour: '0.2' }),
      ],
    },
    at,
  );
  await seedCards(db, at);
  await seedStakes(db, at, demoUserId, live);
}

/** CandyDrop 'want more' cards for GT and USDT stakers. */
async function seedCards(db: Db, at: Date): Promise<void> {
  for (const card of [
    {
      coin: 'GT',
      type: 'launchpool',
      popupMsg: 'Want more? Join CandyDrop and share 50,000 NOVA',
      popupHighLight: ['50,000 NOVA'],
      url: '/candydrop',
      createdAt: at,
    },
    {
      coin: 'USDT',
      type: 'launchpool',
      popupMsg: 'Trade to earn: CandyDrop gives away 20,000 NOVA',
      popupHighLight: ['20,000 NOVA'],
      url: '/candydrop',
      createdAt: at,
    },
  ])
    await insertEarnMore(db, card);
}

/** The demo user's stakes in the live project's GT and USDT pools. */
async function seedStakes(
  db: Db,
  at: Date,
  demoUserId: number,
  live: { project: ProjectRow; pools: PoolRow[] },
): Promise<void> {
  const [gtPool, usdtPool] = live.pools;
  if (gtPool) {
    await stake(db, {
      userId: demoUserId,
      pid: live.project.pid,
      rid: gtPool.rid,
      amount: '200',
      simpleEarnStatus: 0,
      now: at,
    });
  }
  if (usdtPool) {
    await stake(db, {
      userId: demoUserId,
      pid: live.project.pid,
      rid: usdtPool.rid,
      amount: '1000',
      // Spot: simple earn's products are seeded after the launch pools (modules.ts), and an auto-earn
      // stake needs simple earn's live offer.
      simpleEarnStatus: 0,
      now: at,
    });
  }
}
