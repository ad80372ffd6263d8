import {
  type Arrival,
  launchPoolArrival,
  ProjectState,
  poolStakeMode,
  projectState,
  toWire,
} from '@earn/domain';
import { eq, isNull } from 'drizzle-orm';
import { getUser } from '../../accounts/users';
import { type Db, rows, sql } from '../../infra/db/client';
import { epoch } from '../../infra/db/epoch';
import { launchpoolPools, launchpoolProjects } from '../../infra/db/schema';
import { ofUsers } from '../../infra/db/users';
import { unixSeconds } from '../../kernel/clock';
import {
  type ArrivalQuery,
  arrivalParam,
  type ConsolePosition,
  type LineReads,
  type RateLine,
  type RateRow,
  type UpcomingRow,
} from '../../kernel/reads';
import { SYSTEM_OWNER, UserPurpose } from '../../ledger/accounts';
import { flexProduct, listedFixedProducts, onSale, pricesOf } from '../simple-earn/store/products';
import { poolDerivedApr, poolShownApr } from './live';
import { INTEREST_EXPENSE_PURPOSE, LaunchPoolReason } from './model';
import { launchpoolHourRead, launchpoolInterestHourRead } from './reads-breakdown';
import { launchPoolRewardImpact } from './reads-impact';
import { exitMode } from './service/auto-earn';
import { lendEarnHidden } from './service/check-pool-rule';
import { coinsOf, findPool, findPosition } from './store/projects';

/*
 * What the cross-line views read of launch pool (kernel/reads.ts): the only place outside store/
 * that names its tables. Rewards and interest accruing within the current hour are no holding: the
 * hour's payout brings them to spot.
 */

/** Projects ending while the user has a stake in them: the stake, per coin and end. */
async function upcoming(db: Db, users: readonly number[], now: Date): Promise<UpcomingRow[]> {
  const found = await rows<{ user_id: number; asset: string; amount: string; at: string }>(
    db,
    sql`SELECT pos.user_id, pos.coin AS asset, SUM(pos.amount)::text AS amount,
               extract(epoch FROM pr.end_at)::bigint::text AS at
          FROM launchpool_positions pos JOIN launchpool_projects pr ON pr.pid = pos.pid
         WHERE ${ofUsers(sql`pos.user_id`, users)} AND pos.amount > 0
           AND pr.end_at > ${now.toISOString()}::timestamptz
         GROUP BY pos.user_id, pos.coin, pr.end_at`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    kind: 'pool_end',
    line: 'launch_pool',
    asset: r.asset,
    amount: r.amount,
    at: Number(r.at),
    estimated: false,
  }));
}

/**
 * Where an early redemption goes, decided as the redeem call decides it (exitMode, the compliance
 * menu, and whether simple earn has the product on sale; if not, the coins stay in spot).
 */
async function redeemArrival(db: Db, q: ArrivalQuery, now: Date): Promise<Arrival> {
  const rid = arrivalParam(q, q.rid, 'rid');
  const { pool } = await findPool(db, rid);
  const position = await findPosition(db, q.userId, rid);
  const user = await getUser(db, q.userId);
  const exit = lendEarnHidden(user)
    ? exitMode(0, 0)
    : exitMode(q.simpleEarnStatus, position?.simpleEarnPeriod ?? 0);
  let destination = exit.mode;
  if (destination === 'flexible') {
    const product = await flexProduct(db, pool.coin);
    if (product?.status !== 1) destination = 'spot';
  } else if (destination === 'fixed') {
    const products = await listedFixedProducts(db, now, pool.coin);
    if (!products.some((p) => p.lockUpPeriod === exit.period && onSale(p, now))) destination = 'spot';
  }
  return launchPoolArrival(unixSeconds(now), destination, exit.period);
}

/**
 * Each pool of a running project with the APR its card shows (live.ts poolShownApr, the rule in
 * @earn/domain): its set rate until the figure derived from its reward per hour, its total staked and
 * the prices comes down to it. A pool with neither has no rate to watch.
 */
async function launchPoolRates(db: Db, at: Date): Promise<RateRow[]> {
  const found = await db
    .select({ pool: launchpoolPools, project: launchpoolProjects })
    .from(launchpoolPools)
    .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolPools.pid))
    .where(isNull(launchpoolProjects.settledAt))
    .orderBy(launchpoolPools.rid);
  if (found.length === 0) return [];
  const coins = await coinsOf(
    db,
    found.map((f) => f.pool.rid),
  );
  const prices = await pricesOf(db);
  return found.flatMap(({ pool, project }) => {
    const shown = poolShownApr(pool, poolDerivedApr(pool, project, coins, prices, at).apr).apr;
    return shown === null
      ? []
      : [{ target: String(pool.rid), asset: pool.coin, product_id: pool.rid, rate: toWire(shown) }];
  });
}

/**
 * A pool's APR as its card shows it, derived (launchPoolRates); it drifts with stakes and prices, so
 * the hourly job looks at it too.
 */
const rates: RateLine = {
  line: 'launchpool',
  current: launchPoolRates,
  holders: sql`SELECT DISTINCT user_id, rid::text AS target FROM launchpool_positions WHERE amount > 0`,
  needsProduct: true,
  drifts: true,
};

/** Launch-pool stakes, with the project's state from the clock. */
async function launchPool(db: Db, userId: number, now: Date): Promise<ConsolePosition[]> {
  const found = await rows<
    ConsolePosition & { start: number; end: number; settled: boolean; se_status: number; se_period: number }
  >(
    db,
    sql`SELECT p.rid::text AS id, pr.name AS product, p.coin AS asset, p.amount::text AS amount, '' AS status,
          ${epoch(sql`p.created_at`)} AS since, ${epoch(sql`pr.start_at`)} AS start, ${epoch(sql`pr.end_at`)} AS end,
          pr.settled_at IS NOT NULL AS settled, p.simple_earn_status AS se_status, p.simple_earn_period AS se_period,
          jsonb_build_object(
            'pid', p.pid, 'rid', p.rid, 'reward_coin', pr.reward_coin, 'total_reward', p.total_reward::text,
            'total_interest', p.total_interest::text
          ) AS extra
        FROM launchpool_positions p JOIN launchpool_projects pr ON pr.pid = p.pid
        WHERE p.user_id = ${userId} AND p.amount > 0
        ORDER BY p.rid`,
  );
  const state = (r: { start: number; end: number; settled: boolean }) => {
    if (r.settled) return 'settled';
    const s = projectState(unixSeconds(now), r.start, r.end);
    return s === ProjectState.notStarted
      ? 'not_started'
      : s === ProjectState.inProgress
        ? 'in_progress'
        : 'ended';
  };
  return found.map(({ start, end, settled, se_status, se_period, ...r }) => ({
    ...r,
    status: state({ start, end, settled }),
    extra: { ...r.extra, mode: poolStakeMode(se_status, se_period) },
  }));
}

/** The console's positions of the user: launch-pool stakes. */
async function consolePositions(db: Db, userId: number, now: Date) {
  return [{ line: 'launch_pool' as const, positions: await launchPool(db, userId, now) }];
}

/**
 * The console dashboard's budgets of launch pool: each unsettled pool's reward account per coin
 * (funded up front, so `left` is its balance and `paid` what its hourly payouts drew).
 */
function consoleBudgets() {
  return sql`SELECT 'launch_pool' AS line, pr.name || ' #' || pl.rid AS label,
               'pool' AS kind, pr.name AS name, pl.rid::text AS ref, a.asset, a.balance::text AS left,
               COALESCE((SELECT -SUM(p.amount) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
                         WHERE p.account_id = a.id AND e.reason = ${LaunchPoolReason.reward}), 0)::text AS paid
        FROM launchpool_pools pl
        JOIN launchpool_projects pr ON pr.pid = pl.pid AND pr.settled_at IS NULL
        JOIN ledger_accounts a ON a.user_id = ${SYSTEM_OWNER} AND a.purpose = 'launchpool_rewards:' || pl.rid`;
}

/** Launch pool's earnings credited in [from, to): the hourly rewards and auto-earn interest. */
function earnings(from: Date, to: Date) {
  const s = from.toISOString();
  const e = to.toISOString();
  return sql`SELECT user_id, coin AS asset, amount FROM launchpool_rewards
          WHERE hour_start >= ${s}::timestamptz AND hour_start < ${e}::timestamptz
        UNION ALL SELECT user_id, coin, amount FROM launchpool_interest
          WHERE hour_start >= ${s}::timestamptz AND hour_start < ${e}::timestamptz`;
}

/**
 * Projects that started or ended within [from, to): one item per project for every user who switched
 * launch-pool announcements on (herald startup_mining_switch).
 */
function announcements(from: Date, to: Date) {
  const s = from.toISOString();
  const e = to.toISOString();
  return (
    [
      ['launchpool_start', sql.raw('start_at')],
      ['launchpool_end', sql.raw('end_at')],
    ] as const
  ).map(([kind, column]) => ({
    kind,
    items: sql`SELECT n.user_id, 'project:' || p.pid AS cause,
          jsonb_build_object('project', p.pid, 'name', p.name, 'name_zh', p.i18n->'zh-CN'->>'name',
            'coin', p.reward_coin) AS params
        FROM launchpool_projects p JOIN notification_settings n ON n.startup_mining_switch = 1
        WHERE p.${column} >= ${s}::timestamptz AND p.${column} < ${e}::timestamptz`,
  }));
}

export const launchPoolReads: LineReads = {
  heldPurposes: { [UserPurpose.launchpool]: 'launch_pool' },
  upcoming,
  rates: [rates],
  redeemArrival: { launch_pool: redeemArrival },
  consolePositions,
  breakdown: { launchpool_hour: launchpoolHourRead, launchpool_interest_hour: launchpoolInterestHourRead },
  impact: { launchPoolReward: launchPoolRewardImpact },
  consoleBudgets,
  earnings,
  announcements,
  book: {
    reasons: { launch_pool: Object.values(LaunchPoolReason) },
    heldPurpose: { launch_pool: UserPurpose.launchpool },
    payouts: [
      // Each pool's reward account is `launchpool_rewards:<rid>` (model.ts).
      { line: 'launch_pool', reason: LaunchPoolReason.reward, purpose: 'launchpool_rewards:', prefix: true },
      {
        line: 'launch_pool',
        reason: LaunchPoolReason.interest,
        purpose: INTEREST_EXPENSE_PURPOSE,
        prefix: false,
      },
    ],
    income: { [LaunchPoolReason.reward]: 'reward', [LaunchPoolReason.interest]: 'interest' },
  },
};
