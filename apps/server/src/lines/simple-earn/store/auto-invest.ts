import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { seAutoInvest, seFlexProducts } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';

/**
 * The user's auto-earn switches: the global one (asset '') and one per asset listed (every flexible
 * asset when none is), an asset without its own switch following the global one.
 */
export async function autoInvestSwitches(db: Db, userId: number, assets: string | undefined) {
  const settings = await db.select().from(seAutoInvest).where(eq(seAutoInvest.userId, userId));
  const global = settings.find((s) => s.asset === '')?.status ?? 0;
  const wanted = assets
    ? assets
        .split(',')
        .map((a) => a.trim().toUpperCase())
        .filter(Boolean)
    : (
        await db
          .select({ asset: seFlexProducts.asset })
          .from(seFlexProducts)
          .orderBy(asc(seFlexProducts.asset))
      ).map((p) => p.asset);
  const list = wanted.map((asset) => ({
    asset,
    status: settings.find((s) => s.asset === asset)?.status ?? global,
  }));
  return { global_status: global, list, ...Object.fromEntries(list.map((l) => [l.asset, l.status])) };
}

/**
 * Switches auto-earn: no asset or 'ALL' sets the global switch and clears the per-asset ones;
 * otherwise each asset listed, which must have a flexible product.
 */
export async function setAutoInvest(db: Db, userId: number, list: string[], status: number, at: Date) {
  await db.transaction(async (txRoot) => {
    const tx: Db = txRoot;
    if (list.length === 0 || list.includes('ALL')) {
      await tx.delete(seAutoInvest).where(eq(seAutoInvest.userId, userId));
      await tx.insert(seAutoInvest).values({ userId, asset: '', status, updatedAt: at });
      return;
    }
    for (const asset of list) {
      const [p] = await tx.select().from(seFlexProducts).where(eq(seFlexProducts.asset, asset));
      if (!p) throw errors.notFound(`flexible ${asset} product`);
      await tx
        .insert(seAutoInvest)
        .values({ userId, asset, status, updatedAt: at })
        .onConflictDoUpdate({
          target: [seAutoInvest.userId, seAutoInvest.asset],
          set: { status, updatedAt: at },
        });
    }
  });
}
