import { dec, flexibleBonusTiers, toWire } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../../infra/db/client';
import type { LadderTierJson } from '../../../infra/db/schema';
import type { FlexProduct } from '../model';
import { num } from './util';

/**
 * The bonus tiers the hour pays on a lent amount: the ladder, or one tier [0, ext_award_limit) at
 * ext_award_rate_year when there is no ladder (the domain's rule, which every APR shown uses too).
 */
export function bonusTiers(p: FlexProduct): LadderTierJson[] {
  return flexibleBonusTiers(p);
}

/**
 * The bonus of one hour for a lent amount, as SQL: the ladder's yearly figure (each tier by
 * earn_tier_yearly, the shard's tiers written as literals so the hot path reads no JSON) by
 * earn_hourly_bonus, ÷ 8760 × price ratio (migration 0043, the domain's hourlyBonus).
 */
export function bonusExpr(lent: SQL, tiers: LadderTierJson[], ratio: string): SQL {
  const terms = tiers.map((t) => {
    const right = t.right === '' || dec(t.right).isZero() ? sql`NULL` : num(t.right);
    return sql`earn_tier_yearly(${lent}, ${num(t.left)}, ${right}, ${num(t.apr)})`;
  });
  return sql`earn_hourly_bonus(${sql.join(terms, sql` + `)}, ${num(ratio)})`;
}

/**
 * What the plan of an hour fixes for one shard of one asset: the rates and index it books with, how
 * the demand is shared (all offers lent, or the last offer lent in order with its lent part), the
 * asset's supply for the close, and the range of position ids the shard books (none: all of them).
 */
export type FlexShard = {
  asset: string;
  part: number | null;
  /** Positions the shard books, about (ShardData.rows). */
  rows?: number;
  lo: string | null;
  hi: string | null;
  rate: string;
  index: string;
  idx: string;
  unit: string;
  covers: boolean;
  cut: { rate: string; offerAt: string; id: string; lent: string } | null;
  tiers: LadderTierJson[];
  ratio: string;
  awardAsset: string;
  demand: string;
  supplied: string;
  offered: string;
  pending: string;
};

export type HourTotals = {
  lent: string;
  interest: string;
  bonus: string;
};

/**
 * One asset's plan, set-based. Pending subscriptions from earlier hours start earning. Offers
 * (earning principal whose minimum APR is at most the hour's rate) are lent up to the borrow demand
 * in order of minimum APR, then offer time: when the demand does not cover them all, the plan finds
 * the offer at which it runs out (`cut`), so each shard knows its positions' lent amounts without the
 * others. The positions then split into ranges of ids of about `shardRows` each (0: one shard).
 */
export async function planAsset(tx: Db, p: FlexProduct, shardRows: number): Promise<FlexShard[]> {
  const asset = p.asset;
  const index = dec(p.accIndex).toFixed();
  const rate = dec(p.nextTimeRateYear).toFixed();
  // The hour's unit rate and index after it come with the supply: one statement.
  const [supply] = await rows<{
    u: string;
    idx: string;
    supplied: string;
    offered: string;
    pending: string;
    n: string;
    lo: string | null;
    hi: string | null;
  }>(
    tx,
    sql`SELECT earn_hourly_rate(${num(rate)})::text AS u, (${num(index)} + earn_hourly_rate(${num(rate)}))::text AS idx,
          COALESCE(SUM(principal), 0)::text AS supplied,
          COALESCE(SUM(principal) FILTER (WHERE min_lend_rate_year <= ${num(rate)}), 0)::text AS offered,
          (SELECT COALESCE(SUM(amount), 0) FROM se_flex_pending WHERE asset = ${asset})::text AS pending,
          COUNT(*)::text AS n, MIN(id)::text AS lo, MAX(id)::text AS hi
        FROM se_flex_positions WHERE asset = ${asset} AND principal > 0`,
  );
  if (!supply) throw new Error('no unit rate');
  const u = supply;
  const offered = dec(supply.offered);
  const demand = dec(p.borrowDemand);
  const covers = demand.gte(offered);
  let cut: FlexShard['cut'] = null;
  if (!covers) {
    const [m] = await rows<{ rate: string; offer_at: string; id: string; lent: string }>(
      tx,
      sql`SELECT min_lend_rate_year::text AS rate, offer_at::text AS offer_at, id::text AS id,
            (principal - (cum - ${num(demand.toFixed())}))::text AS lent
          FROM (SELECT id, principal, min_lend_rate_year, offer_at,
                  SUM(principal) OVER (ORDER BY min_lend_rate_year, offer_at, id) AS cum
                FROM se_flex_positions WHERE asset = ${asset} AND principal > 0 AND min_lend_rate_year <= ${num(rate)}) o
          WHERE cum >= ${num(demand.toFixed())} ORDER BY cum, min_lend_rate_year, offer_at, id LIMIT 1`,
    );
    if (!m) throw new Error(`no offer exhausts the demand of ${asset}`);
    cut = { rate: m.rate, offerAt: m.offer_at, id: m.id, lent: m.lent };
  }
  const tiers = bonusTiers(p);
  const awardAsset = p.awardAsset ?? asset;
  let ratio = '1';
  if (tiers.length > 0 && awardAsset !== asset) {
    const [r] = await rows<{ ratio: string }>(
      tx,
      sql`SELECT ((SELECT price_usdt FROM assets WHERE symbol = ${asset}) / (SELECT price_usdt FROM assets WHERE symbol = ${awardAsset}))::text AS ratio`,
    );
    ratio = r?.ratio ?? '0';
  }
  const base: FlexShard = {
    asset,
    part: null,
    lo: null,
    hi: null,
    rate,
    index,
    idx: u.idx,
    unit: u.u,
    covers,
    cut,
    tiers,
    ratio,
    awardAsset,
    demand: toWire(demand),
    supplied: supply?.supplied ?? '0',
    offered: supply?.offered ?? '0',
    pending: supply?.pending ?? '0',
  };
  const count = Number(supply?.n ?? '0');
  // `rows` tells the scheduler how much a shard books: a small hour is booked in its plan's transaction.
  if (shardRows <= 0 || count <= shardRows || !supply?.lo || !supply.hi) return [{ ...base, rows: count }];
  // Equal ranges of ids: ids of one asset are spread over the table's, so the counts are near equal.
  const lo = BigInt(supply.lo);
  const span = BigInt(supply.hi) - lo + 1n;
  const parts = BigInt(Math.ceil(count / shardRows));
  const width = (span + parts - 1n) / parts;
  const shards: FlexShard[] = [];
  for (let i = 0n; i < parts; i++)
    shards.push({
      ...base,
      part: Number(i),
      rows: Math.ceil(count / Number(parts)),
      lo: String(lo + i * width),
      hi: String(i === parts - 1n ? lo + span : lo + (i + 1n) * width),
    });
  return shards;
}
