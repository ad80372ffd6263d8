import { and, asc, count, desc, eq, gt, gte, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import {
  launchpoolEarnMore,
  launchpoolOrders,
  launchpoolPools,
  launchpoolPositions,
  launchpoolProjects,
  launchpoolRewards,
} from '../../../infra/db/schema';

// The user's own history in the line: stakes, rewards, orders; and the CandyDrop cards of a coin.

/** The enabled CandyDrop cards of a coin (and type), newest first. */
export async function earnMoreCards(db: Db, coin: string, type: string | undefined) {
  const conditions = [eq(launchpoolEarnMore.coin, coin), eq(launchpoolEarnMore.enabled, true)];
  if (type) conditions.push(eq(launchpoolEarnMore.type, type));
  return db
    .select()
    .from(launchpoolEarnMore)
    .where(and(...conditions))
    .orderBy(desc(launchpoolEarnMore.id))
    .limit(20);
}

/** The user's pools, staked now or rewarded before, newest project first, a page of them. */
export async function userStakes(db: Db, userId: number, page: { page: number; limit: number }) {
  const where = and(
    eq(launchpoolPositions.userId, userId),
    or(gt(launchpoolPositions.amount, '0'), gt(launchpoolPositions.totalReward, '0')),
  );
  const found = await db
    .select({ position: launchpoolPositions, project: launchpoolProjects })
    .from(launchpoolPositions)
    .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolPositions.pid))
    .where(where)
    .orderBy(desc(launchpoolProjects.startAt), asc(launchpoolPositions.rid))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [total] = await db.select({ n: count() }).from(launchpoolPositions).where(where);
  return { found, total };
}

/** The user's hourly rewards, newest first, by pid, coin and paid-hour range, a page of them. */
export async function userRewards(
  db: Db,
  userId: number,
  q: { pid?: number; reward_coin?: string; page: number; limit: number },
  range: { start: Date; end: Date } | null,
) {
  const conditions: SQL[] = [eq(launchpoolRewards.userId, userId)];
  if (q.pid) conditions.push(eq(launchpoolRewards.pid, q.pid));
  if (q.reward_coin) conditions.push(eq(launchpoolRewards.coin, q.reward_coin));
  if (range) {
    conditions.push(
      gte(launchpoolRewards.hourStart, range.start),
      lte(launchpoolRewards.hourStart, range.end),
    );
  }
  const found = await db
    .select({
      reward: launchpoolRewards,
      name: launchpoolProjects.name,
      i18n: launchpoolProjects.i18n,
      stakeCoin: launchpoolPools.coin,
    })
    .from(launchpoolRewards)
    .innerJoin(launchpoolPools, eq(launchpoolPools.rid, launchpoolRewards.rid))
    .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolRewards.pid))
    .where(and(...conditions))
    .orderBy(desc(launchpoolRewards.hourStart), asc(launchpoolRewards.rid), asc(launchpoolRewards.coin))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db
    .select({ n: count() })
    .from(launchpoolRewards)
    .where(and(...conditions));
  return { found, total };
}

/** The user's stakes, redemptions and returns, newest first, a page of them. */
export async function userOrders(db: Db, userId: number, q: { pid?: number; page: number; limit: number }) {
  const conditions = [eq(launchpoolOrders.userId, userId)];
  if (q.pid) conditions.push(eq(launchpoolOrders.pid, q.pid));
  const found = await db
    .select()
    .from(launchpoolOrders)
    .where(and(...conditions))
    .orderBy(desc(launchpoolOrders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db
    .select({ n: count() })
    .from(launchpoolOrders)
    .where(and(...conditions));
  return { found, total };
}
