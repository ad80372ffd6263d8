import { dec, RateYearType, RewardPoolType } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { launchpoolEarnMore, launchpoolProjects } from '../../infra/db/schema';
import type { Clock } from '../../infra/jobs/clock';
import type { BestOffer, EarnModule } from '../../kernel/module';
import { registerSubledgerCheck } from '../../ledger/reconcile';
import { setPrice } from '../../market/assets';
import { registerLaunchPoolAdminRoutes } from './admin-routes';
import { INTEREST_EXPENSE_PURPOSE, LaunchPoolReason, STAKE_PURPOSE } from './constants';
import { launchPoolJobs } from './engine';
import { loadPoolMarket, poolAprWire } from './live';
import { coinsOf, poolsOf } from './queries';
import { registerLaunchPoolRoutes } from './routes';
import { createProject, type PoolInput, stake } from './service';

/**
 * The sub-ledger checks: positions against the users' launch-pool accounts, each pool's running
 * totals against its positions, and the hourly reward rows against the pools' reward payouts.
 */
function registerChecks(): void {
  registerSubledgerCheck({
    name: 'launchpool.stakes',
    query: () => sql`
      SELECT COALESCE(p.asset, l.asset) AS asset, COALESCE(p.total, 0)::text AS expected, COALESCE(l.total, 0)::text AS actual
      FROM (SELECT coin AS asset, SUM(amount) AS total FROM launchpool_positions GROUP BY coin) p
      FULL JOIN (SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE purpose = ${STAKE_PURPOSE} AND is_user GROUP BY asset) l
        ON l.asset = p.asset
      WHERE COALESCE(p.total, 0) <> COALESCE(l.total, 0)`,
  });
  registerSubledgerCheck({
    name: 'launchpool.pool_totals',
    query: () => sql`
      SELECT pl.coin AS asset, COALESCE(s.total, 0)::text AS expected,
             (pl.staked_total::text || ' (left ' || COALESCE(pl.left_amount::text, '-1') || ')') AS actual
      FROM launchpool_pools pl
      LEFT JOIN (SELECT rid, SUM(amount) AS total FROM launchpool_positions GROUP BY rid) s ON s.rid = pl.rid
      WHERE pl.staked_total <> COALESCE(s.total, 0)
         OR (pl.total_amount IS NOT NULL AND pl.left_amount <> pl.total_amount - pl.staked_total)`,
  });
  registerSubledgerCheck({
    name: 'launchpool.rewards',
    query: () => sql`
      SELECT COALESCE(r.asset, g.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(g.total, 0)::text AS actual
      FROM (SELECT rid, coin AS asset, SUM(amount) AS total FROM launchpool_rewards GROUP BY rid, coin) r
      FULL JOIN (
        SELECT substring(a.purpose from 'launchpool_rewards:(\\d+)')::bigint AS rid, a.asset, -SUM(p.amount) AS total
        FROM postings p
        JOIN journal_entries e ON e.id = p.entry_id AND e.reason = 'launchpool_reward'
        JOIN ledger_accounts a ON a.id = p.account_id AND a.purpose LIKE 'launchpool_rewards:%'
        GROUP BY a.purpose, a.asset
      ) g ON g.rid = r.rid AND g.asset = r.asset
      WHERE COALESCE(r.total, 0) <> COALESCE(g.total, 0)`,
  });
  // Every reward coin: what the positions say they were paid against the hourly rows, per pool and coin
  // (the project's coin on the position, a multi-mining pool's further coins on its coin rows).
  registerSubledgerCheck({
    name: 'launchpool.reward_positions',
    query: () => sql`
      SELECT COALESCE(p.asset, r.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(p.total, 0)::text AS actual
      FROM (
        SELECT ps.rid, pr.reward_coin AS asset, SUM(ps.total_reward) AS total
        FROM launchpool_positions ps JOIN launchpool_projects pr ON pr.pid = ps.pid
        GROUP BY ps.rid, pr.reward_coin
        UNION ALL
        SELECT rid, coin, SUM(total_reward) FROM launchpool_position_coins GROUP BY rid, coin
      ) p
      FULL JOIN (SELECT rid, coin AS asset, SUM(amount) AS total FROM launchpool_rewards GROUP BY rid, coin) r
        ON r.rid = p.rid AND r.asset = p.asset
      WHERE COALESCE(p.total, 0) <> COALESCE(r.total, 0)`,
  });
}

function registerInterestCheck(): void {
  registerSubledgerCheck({
    name: 'launchpool.interest',
    query: () => sql`
      SELECT COALESCE(r.asset, g.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(g.total, 0)::text AS actual
      FROM (SELECT coin AS asset, SUM(amount) AS total FROM launchpool_interest GROUP BY coin) r
      FULL JOIN (
        SELECT a.asset, -SUM(p.amount) AS total
        FROM postings p
        JOIN journal_entries e ON e.id = p.entry_id AND e.reason = ${LaunchPoolReason.interest}
        JOIN ledger_accounts a ON a.id = p.account_id AND a.purpose = ${INTEREST_EXPENSE_PURPOSE}
        GROUP BY a.asset
      ) g ON g.asset = r.asset
      WHERE COALESCE(r.total, 0) <> COALESCE(g.total, 0)`,
  });
}

/**
 * The best APR among the pools of projects in progress at `now`: the figure each pool's card shows
 * (live.ts poolShownApr: the set rate until the live figure, derived from the reward rate, the total
 * staked and the prices, comes down to it). Pools without a rate of either kind are left out.
 */
async function bestOfferAt(db: Db, now: Date): Promise<BestOffer> {
  const at = now.toISOString();
  const running = await db
    .select()
    .from(launchpoolProjects)
    .where(
      sql`${launchpoolProjects.startAt} <= ${at}::timestamptz AND ${launchpoolProjects.endAt} > ${at}::timestamptz`,
    );
  const pools = await poolsOf(
    db,
    running.map((p) => p.pid),
  );
  const coins = await coinsOf(
    db,
    pools.map((p) => p.rid),
  );
  const market = await loadPoolMarket(db, now, []);
  let best: { coin: string; apr: string; rid: number } | null = null;
  for (const pool of pools) {
    const project = running.find((p) => p.pid === pool.pid);
    if (!project || pool.rateYearType === RateYearType.none) continue;
    const apr = poolAprWire(pool, project, coins, market).shown_rate_year;
    if (apr === null) continue;
    if (!best || dec(apr).gt(best.apr) || (dec(apr).eq(best.apr) && pool.rid < best.rid))
      best = { coin: pool.coin, apr, rid: pool.rid };
  }
  return { line: 'launch-pool', asset: best?.coin ?? null, apr: best?.apr ?? null };
}

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
async function seedDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
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
  await db.insert(launchpoolEarnMore).values([
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
  ]);
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

/** bestOffer is given no clock; the server's clock is kept from when the module was wired in. */
let moduleClock: Clock | undefined;

export const launchPoolModule: EarnModule = {
  name: 'launch-pool',
  routes(app, deps) {
    moduleClock = deps.clock;
    registerChecks();
    registerInterestCheck();
    registerLaunchPoolRoutes(app, deps);
    registerLaunchPoolAdminRoutes(app, deps);
  },
  jobs(deps) {
    moduleClock = deps.clock;
    return launchPoolJobs();
  },
  seedDemo,
  bestOffer: (db) => bestOfferAt(db, moduleClock ? moduleClock.now() : new Date(0)),
};
