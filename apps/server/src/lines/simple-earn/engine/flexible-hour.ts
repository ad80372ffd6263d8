import { dec, toWire } from '@earn/domain';
import { asc } from 'drizzle-orm';
import { type Db, sql } from '../../../infra/db/client';
import { seFlexProducts } from '../../../infra/db/schema';
import { type Period, runWhole } from '../../../infra/jobs/scheduler';
import { shardedWork } from '../../../kernel/jobs';
import { rateWatch } from '../../../kernel/notices';
import { FLEX_LOCK_KEY } from '../model';
import { sweepAutoEarn } from './auto-earn';
import { bookShard, closeAssets } from './flexible-book';
import { settleFrozen } from './flexible-frozen';
import { type FlexShard, type HourTotals, planAsset } from './flexible-plan';
import { iso } from './util';

/**
 * The flexible hour in shards. The plan (under the exclusive lock, so no holder's call is half done)
 * moves pending amounts into principal and fixes each asset's terms and ranges; the shards book the
 * positions; the close moves each index, pays frozen redemptions, sweeps auto-earn and observes the
 * coming hour's rates. Between plan and close the hour is open (its job_periods row), and holders'
 * calls wait for the close (lockFlexShared), so every shard books the positions the plan saw.
 */
export const flexibleHour = shardedWork<FlexShard, HourTotals>({
  async plan(tx, _period, shardRows) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FLEX_LOCK_KEY})`);
    const products = await tx.select().from(seFlexProducts).orderBy(asc(seFlexProducts.asset)).for('update');
    const s = iso(_period.start);
    // Pending subscriptions from earlier hours start earning (every asset's at once: one pass).
    await tx.execute(sql`WITH moved AS (
        DELETE FROM se_flex_pending WHERE hour_start < ${s}::timestamptz
          AND asset IN (SELECT asset FROM se_flex_products) RETURNING position_id, amount
      ), agg AS (SELECT position_id, SUM(amount) AS amount FROM moved GROUP BY position_id)
      UPDATE se_flex_positions p SET acc_offset = p.acc_offset - agg.amount * pr.acc_index, principal = p.principal + agg.amount
      FROM agg, se_flex_products pr WHERE p.id = agg.position_id AND pr.asset = p.asset`);
    const shards: FlexShard[] = [];
    for (const p of products)
      for (const shard of await planAsset(tx, p, shardRows)) shards.push({ ...shard });
    return shards;
  },
  async book(tx, period, params) {
    return { ...(await bookShard(tx, params, period)) };
  },
  async close(tx, period, shards) {
    const byAsset = new Map<string, { plan: FlexShard; totals: HourTotals }>();
    for (const { params, result } of shards) {
      const plan = params;
      const r = result;
      const seen = byAsset.get(plan.asset);
      if (!seen) byAsset.set(plan.asset, { plan, totals: { ...r } });
      else
        seen.totals = {
          lent: toWire(dec(seen.totals.lent).plus(r.lent)),
          interest: toWire(dec(seen.totals.interest).plus(r.interest)),
          bonus: toWire(dec(seen.totals.bonus).plus(r.bonus)),
        };
    }
    await closeAssets(tx, [...byAsset.values()], period);
    await settleFrozen(tx, period);
    await sweepAutoEarn(tx, period);
    // The rates the coming hour pays: a change tells holders and fires the APR alerts on it.
    await rateWatch().observeSimpleEarnRates(tx, period.end);
  },
});

/** The flexible hour whole, in the caller's transaction (PGlite, JOB_SHARD_ROWS=0, benchmarks). */
export async function runFlexibleHour(tx: Db, period: Period, shardRows = 0): Promise<void> {
  await runWhole(tx, flexibleHour, period, shardRows);
}
