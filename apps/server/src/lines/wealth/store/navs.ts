import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { wealthNavs } from '../../../infra/db/schema';
import type { NavRow } from '../model';

/** The latest NAV published by `at`. */
export async function latestNav(db: Db, productId: number, at: Date): Promise<NavRow | undefined> {
  const [row] = await db
    .select()
    .from(wealthNavs)
    .where(and(eq(wealthNavs.productId, productId), lte(wealthNavs.at, at)))
    .orderBy(desc(wealthNavs.at))
    .limit(1);
  return row;
}

/** The product's first NAV. */
export async function firstNav(db: Db, productId: number): Promise<NavRow | undefined> {
  const [row] = await db
    .select()
    .from(wealthNavs)
    .where(eq(wealthNavs.productId, productId))
    .orderBy(asc(wealthNavs.at))
    .limit(1);
  return row;
}

export async function navSeries(db: Db, productId: number, from: Date, to: Date): Promise<NavRow[]> {
  return db
    .select()
    .from(wealthNavs)
    .where(
      and(
        eq(wealthNavs.productId, productId),
        sql`${wealthNavs.at} >= ${from.toISOString()}::timestamptz`,
        lte(wealthNavs.at, to),
      ),
    )
    .orderBy(asc(wealthNavs.at));
}

/** One NAV; a second at the same time fails on the unique key (the caller says so). */
export async function insertNav(db: Db, nav: { productId: number; at: Date; nav: string }): Promise<void> {
  await db.insert(wealthNavs).values(nav);
}

/** Many NAVs at once (the demo's history); those already there are kept. */
export async function insertNavs(
  db: Db,
  navs: { productId: number; at: Date; nav: string }[],
): Promise<void> {
  await db.insert(wealthNavs).values(navs).onConflictDoNothing();
}
