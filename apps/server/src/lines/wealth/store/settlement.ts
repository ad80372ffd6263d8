import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { wealthRedemptions } from '../../../infra/db/schema';

/*
 * A NAV's settlement of the pending redemptions, set-based: the statements name the line's tables
 * here; service/publish-nav.ts books the money and tells the users.
 */

/**
 * Settles at `nav` every pending redemption of the product requested by `at`, marking them with `key`;
 * the orders give up the redeeming units and keep the gains.
 */
export async function settlePending(tx: Db, productId: number, navText: string, key: string, at: Date) {
  await tx.execute(sql`
    UPDATE wealth_redemptions
    SET status = 'settled', nav = ${navText}::numeric, value = trunc(units * ${navText}::numeric, 8),
        gain = trunc(units * ${navText}::numeric, 8) - cost, settled_by = ${key}, settled_at = ${at.toISOString()}::timestamptz
    WHERE product_id = ${productId} AND status = 'pending' AND created_at <= ${at.toISOString()}::timestamptz`);
  await tx.execute(sql`
    UPDATE wealth_orders o SET redeeming_units = o.redeeming_units - r.units, realized = o.realized + r.gain, updated_at = ${at.toISOString()}::timestamptz
    FROM (SELECT order_id, SUM(units) AS units, SUM(gain) AS gain FROM wealth_redemptions WHERE settled_by = ${key} GROUP BY order_id) r
    WHERE o.id = r.order_id`);
}

/** The redemptions settled by `key`: (user_id, asset, cost, value). */
export function settledBy(key: string): SQL {
  return sql`SELECT user_id, coin AS asset, cost, value FROM wealth_redemptions WHERE settled_by = ${key}`;
}

/** Their "redemption arrived" items: (user_id, cause, params). */
export function arrivedItems(key: string): SQL {
  return sql`SELECT user_id, 'wealth:' || id AS cause, jsonb_build_object('line', 'wealth', 'asset', coin,
        'amount', value::text, 'dest', 'spot') AS params FROM wealth_redemptions WHERE settled_by = ${key}`;
}

export async function countSettled(tx: Db, key: string): Promise<number> {
  const [count] = await tx
    .select({ n: sql<string>`COUNT(*)::text` })
    .from(wealthRedemptions)
    .where(eq(wealthRedemptions.settledBy, key));
  return Number(count?.n ?? 0);
}
