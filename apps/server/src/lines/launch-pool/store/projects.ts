import { type ProjectStateValue, projectState, toWire } from '@earn/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import {
  launchpoolPoolCoins,
  launchpoolPools,
  launchpoolPositionCoins,
  launchpoolPositions,
  launchpoolProjects,
  launchpoolRewards,
} from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import type { PoolCoinRow, PoolRow, ProjectRow } from '../model';

export interface SimpleEarnConfig {
  /** 1: the pool's auto-earn is fixed-term; 0: flexible. */
  status: number;
  fixed_period: number;
  fixed_rate: string;
  rate: string;
  ext_rate: string;
}

export type PositionRow = typeof launchpoolPositions.$inferSelect;

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export function stateOf(project: ProjectRow, now: Date): ProjectStateValue {
  return projectState(unix(now), unix(project.startAt), unix(project.endAt));
}

export function hoursOf(project: ProjectRow): number {
  return Math.round((project.endAt.getTime() - project.startAt.getTime()) / 3_600_000);
}

export async function findProject(db: Db, pid: number): Promise<ProjectRow> {
  const [row] = await db.select().from(launchpoolProjects).where(eq(launchpoolProjects.pid, pid));
  if (!row) throw errors.notFound('Project');
  return row;
}

/** The pool and its project; the pool must belong to `pid` when one is given. */
export async function findPool(
  db: Db,
  rid: number,
  pid?: number,
): Promise<{ pool: PoolRow; project: ProjectRow }> {
  const [row] = await db
    .select({ pool: launchpoolPools, project: launchpoolProjects })
    .from(launchpoolPools)
    .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolPools.pid))
    .where(eq(launchpoolPools.rid, rid));
  if (!row || (pid !== undefined && row.pool.pid !== pid)) throw errors.notFound('Pool');
  return row;
}

export async function findPosition(
  db: Db,
  userId: number,
  rid: number,
  lock = false,
): Promise<PositionRow | undefined> {
  const query = db
    .select()
    .from(launchpoolPositions)
    .where(and(eq(launchpoolPositions.userId, userId), eq(launchpoolPositions.rid, rid)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The further reward coins of the given pools, in each pool's display order. */
export async function coinsOf(db: Db, rids: number[]): Promise<PoolCoinRow[]> {
  if (rids.length === 0) return [];
  return db
    .select()
    .from(launchpoolPoolCoins)
    .where(inArray(launchpoolPoolCoins.rid, rids))
    .orderBy(asc(launchpoolPoolCoins.rid), asc(launchpoolPoolCoins.sort), asc(launchpoolPoolCoins.coin));
}

export async function poolsOf(db: Db, pids: number[]): Promise<PoolRow[]> {
  if (pids.length === 0) return [];
  return db
    .select()
    .from(launchpoolPools)
    .where(inArray(launchpoolPools.pid, pids))
    .orderBy(asc(launchpoolPools.rid));
}

export async function positionsOf(db: Db, userId: number, pids: number[]): Promise<PositionRow[]> {
  if (pids.length === 0) return [];
  return db
    .select()
    .from(launchpoolPositions)
    .where(and(eq(launchpoolPositions.userId, userId), inArray(launchpoolPositions.pid, pids)));
}

/** The user's paid totals in the further coins of multi-mining pools. */
export async function positionCoinsOf(db: Db, userId: number, rids: number[]) {
  if (rids.length === 0) return [];
  return db
    .select()
    .from(launchpoolPositionCoins)
    .where(and(eq(launchpoolPositionCoins.userId, userId), inArray(launchpoolPositionCoins.rid, rids)));
}

/**
 * Per pool of a project, the user's stake and rewards. lastRewardAmount: every reward paid so far in
 * the pool; lastHourRewardAmount: the payout for the last whole hour of the project before now (0
 * when the user earned nothing that hour, or before the first hour has ended). Both in the project's
 * token; `rewards` gives the same two fields per reward coin (the project's token first, then a
 * multi-mining pool's further coins).
 */
export async function userProjectStatistics(db: Db, userId: number, project: ProjectRow, now: Date) {
  const pools = await poolsOf(db, [project.pid]);
  const positions = await positionsOf(db, userId, [project.pid]);
  const rids = pools.map((p) => p.rid);
  const coins = await coinsOf(db, rids);
  const paidCoins = await positionCoinsOf(db, userId, rids);
  const inProgress = stateOf(project, now) === 1;
  const lastHourStartMs =
    Math.min(Math.floor(now.getTime() / 3_600_000) * 3_600_000, project.endAt.getTime()) - 3_600_000;
  const lastHour =
    lastHourStartMs >= project.startAt.getTime()
      ? await db
          .select({
            rid: launchpoolRewards.rid,
            coin: launchpoolRewards.coin,
            amount: launchpoolRewards.amount,
          })
          .from(launchpoolRewards)
          .where(
            and(
              eq(launchpoolRewards.userId, userId),
              eq(launchpoolRewards.pid, project.pid),
              eq(launchpoolRewards.hourStart, new Date(lastHourStartMs)),
            ),
          )
      : [];
  const lastHourOf = (rid: number, coin: string) =>
    toWire(lastHour.find((r) => r.rid === rid && r.coin === coin)?.amount ?? '0');
  return pools.map((pool) => {
    const position = positions.find((p) => p.rid === pool.rid);
    const amount = position?.amount ?? '0';
    const rewards = [
      {
        coin: project.rewardCoin,
        lastRewardAmount: toWire(position?.totalReward ?? '0'),
        lastHourRewardAmount: lastHourOf(pool.rid, project.rewardCoin),
      },
      ...coins
        .filter((c) => c.rid === pool.rid)
        .map((c) => ({
          coin: c.coin,
          lastRewardAmount: toWire(
            paidCoins.find((p) => p.rid === pool.rid && p.coin === c.coin)?.totalReward ?? '0',
          ),
          lastHourRewardAmount: lastHourOf(pool.rid, c.coin),
        })),
    ];
    return {
      rid: pool.rid,
      coin: pool.coin,
      reward_coin: project.rewardCoin,
      amount: toWire(amount),
      // Stake earns from the project's start; before it (and after the end) nothing is earning.
      valid_amount: inProgress ? toWire(amount) : '0',
      lastRewardAmount: toWire(position?.totalReward ?? '0'),
      // Auto-earn interest paid so far on this stake, in the stake coin.
      simpleEarnInterest: toWire(position?.totalInterest ?? '0'),
      lastHourRewardAmount: lastHourOf(pool.rid, project.rewardCoin),
      rewards,
      simpleEarnStatus: position?.simpleEarnStatus ?? 0,
      simpleEarnPeriod: position?.simpleEarnPeriod ?? 0,
    };
  });
}

/** Projects by state from the clock, newest start first, paged in SQL. */
export async function listProjects(db: Db, now: Date, opts: { state?: number; page: number; limit: number }) {
  const at = now.toISOString();
  const byState: Record<number, ReturnType<typeof sql>> = {
    1: sql`${launchpoolProjects.startAt} <= ${at}::timestamptz AND ${launchpoolProjects.endAt} > ${at}::timestamptz`,
    2: sql`${launchpoolProjects.startAt} > ${at}::timestamptz`,
    3: sql`${launchpoolProjects.endAt} <= ${at}::timestamptz`,
  };
  const where = opts.state === undefined ? sql`TRUE` : (byState[opts.state] ?? sql`FALSE`);
  const page = await db
    .select()
    .from(launchpoolProjects)
    .where(where)
    .orderBy(desc(launchpoolProjects.startAt), desc(launchpoolProjects.pid))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [count] = await db.select({ n: sql<number>`COUNT(*)::int` }).from(launchpoolProjects).where(where);
  return { total: count?.n ?? 0, page };
}

/** The projects in progress at `now` (started, not ended). */
export async function runningProjects(db: Db, now: Date): Promise<ProjectRow[]> {
  const at = now.toISOString();
  return db
    .select()
    .from(launchpoolProjects)
    .where(
      sql`${launchpoolProjects.startAt} <= ${at}::timestamptz AND ${launchpoolProjects.endAt} > ${at}::timestamptz`,
    );
}
