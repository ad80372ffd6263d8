import {
  dec,
  flexibleBonusTiers,
  SIMPLE_EARN_HOURS_PER_YEAR,
  SimpleEarnHistoryMode,
  SimpleEarnHistoryType,
  toWire,
} from '@earn/domain';
import { asc, type SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../infra/db/client';
import { type LadderTierJson, seFlexProducts } from '../../infra/db/schema';
import { type Job, type Period, runWhole } from '../../infra/jobs/scheduler';
import { shardedWork } from '../../kernel/jobs';
import { notices, rateWatch } from '../../kernel/notices';
import { SYSTEM_OWNER, systemAccount, UserPurpose } from '../../ledger/accounts';
import { postBulkEntry } from '../../ledger/bulk';
import { postEntry } from '../../ledger/ledger';
import {
  DAY_MS,
  FLEX_LOCK_KEY,
  type FlexProduct,
  HOUR_MS,
  LINE_FIXED,
  LINE_FLEXIBLE,
  SePurpose,
  SeReason,
} from './model';
import { lockFlexShared } from './store/flex-positions';

const iso = (d: Date) => d.toISOString();
const num = (v: string) => sql.raw(`${dec(v).toFixed()}::numeric`);

/**
 * The bonus tiers the hour pays on a lent amount: the ladder, or one tier [0, ext_award_limit) at
 * ext_award_rate_year when there is no ladder (the domain's rule, which every APR shown uses too).
 */
export function bonusTiers(p: FlexProduct): LadderTierJson[] {
  return flexibleBonusTiers(p);
}

/** The bonus of one hour for a lent amount, as SQL: Σ tiers width × apr / 8760 × price ratio. */
function bonusExpr(lent: SQL, tiers: LadderTierJson[], ratio: string): SQL {
  const terms = tiers.map((t) => {
    const right = t.right === '' || dec(t.right).isZero() ? lent : sql`LEAST(${lent}, ${num(t.right)})`;
    return sql`GREATEST(0, ${right} - ${num(t.left)}) * ${num(t.apr)}`;
  });
  return sql`((${sql.join(terms, sql` + `)}) / ${SIMPLE_EARN_HOURS_PER_YEAR} * ${num(ratio)})`;
}

/**
 * What the plan of an hour fixes for one shard of one asset: the rates and index it books with, how
 * the demand is shared (all offers lent, or the last offer lent in order with its lent part), the
 * asset's supply for the close, and the range of position ids the shard books (none: all of them).
 */
type FlexShard = {
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

type HourTotals = {
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
async function planAsset(tx: Db, p: FlexProduct, shardRows: number): Promise<FlexShard[]> {
  const asset = p.asset;
  const index = dec(p.accIndex).toFixed();
  const rate = dec(p.nextTimeRateYear).toFixed();
  const [u] = await rows<{ u: string; idx: string }>(
    tx,
    sql`SELECT (${num(rate)} / ${SIMPLE_EARN_HOURS_PER_YEAR})::text AS u, (${num(index)} + ${num(rate)} / ${SIMPLE_EARN_HOURS_PER_YEAR})::text AS idx`,
  );
  if (!u) throw new Error('no unit rate');
  const [supply] = await rows<{
    supplied: string;
    offered: string;
    pending: string;
    n: string;
    lo: string | null;
    hi: string | null;
  }>(
    tx,
    sql`SELECT COALESCE(SUM(principal), 0)::text AS supplied,
          COALESCE(SUM(principal) FILTER (WHERE min_lend_rate_year <= ${num(rate)}), 0)::text AS offered,
          (SELECT COALESCE(SUM(amount), 0) FROM se_flex_pending WHERE asset = ${asset})::text AS pending,
          COUNT(*)::text AS n, MIN(id)::text AS lo, MAX(id)::text AS hi
        FROM se_flex_positions WHERE asset = ${asset} AND principal > 0`,
  );
  const offered = dec(supply?.offered ?? '0');
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

/**
 * Books one shard of an asset's hour: each lent position of its range gets one append-only row with
 * the interest of the hour, paid as the 8-decimal floor of its exact cumulative interest less what
 * was paid before (the fraction carries forward; exact cumulative = acc_offset + principal × index,
 * and the index moves by rate / 8760 when the hour closes), the bonus tiers' award goes to spot, and
 * one general-ledger entry books the shard's interest into the pooled interest account.
 */
async function bookShard(tx: Db, p: FlexShard, period: Period): Promise<HourTotals> {
  const s = iso(period.start);
  const asset = p.asset;
  const range =
    p.lo === null || p.hi === null ? sql`true` : sql`id >= ${p.lo}::bigint AND id < ${p.hi}::bigint`;
  const unit = num(p.unit);
  const bonusSql =
    p.tiers.length > 0
      ? sql`trunc(bonus_cum + ${bonusExpr(sql`lent`, p.tiers, p.ratio)}, 8) - trunc(bonus_cum, 8)`
      : sql`0`;
  // When the demand covers every offer, each offered position lends its whole principal and its
  // cumulative interest after the hour is acc_offset + principal × the new index: the same exact
  // figure as before + principal × rate/8760, in fewer numeric operations per row (the hot part).
  const earned = p.covers
    ? sql`trunc(acc_offset + principal * ${num(p.idx)}, 8) - trunc(acc_offset + principal * ${num(p.index)}, 8)`
    : sql`trunc(cum_before + lent * ${unit}, 8) - trunc(cum_before, 8)`;
  // Offers before the cut are lent whole, the cut's offer in part, later ones not at all.
  const lentExpr = p.cut
    ? sql`CASE WHEN (min_lend_rate_year, offer_at, id) < (${num(p.cut.rate)}, ${p.cut.offerAt}::timestamptz, ${p.cut.id}::bigint) THEN principal
        WHEN id = ${p.cut.id}::bigint THEN ${num(p.cut.lent)} ELSE 0 END`
    : sql`principal`;
  const source = p.covers
    ? sql`SELECT id, user_id, bonus_cum, acc_offset, principal, principal AS lent
        FROM se_flex_positions WHERE asset = ${asset} AND principal > 0 AND min_lend_rate_year <= ${num(p.rate)} AND ${range}`
    : sql`SELECT * FROM (
          SELECT id, user_id, bonus_cum, acc_offset + principal * ${num(p.index)} AS cum_before, ${lentExpr} AS lent
          FROM se_flex_positions WHERE asset = ${asset} AND principal > 0 AND min_lend_rate_year <= ${num(p.rate)} AND ${range}
        ) m WHERE lent > 0`;
  // The shard's totals from the rows it writes (RETURNING), not read back from the table.
  const [totals] = await rows<HourTotals>(
    tx,
    sql`WITH ins AS (
        INSERT INTO se_flex_interest (period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset)
        SELECT ${s}::timestamptz, id, user_id, ${asset}, lent, ${num(p.rate)}, ${earned}, ${bonusSql}, ${p.tiers.length > 0 ? p.awardAsset : null}
        FROM (${source}) x
        RETURNING lent, interest, bonus
      ) SELECT COALESCE(SUM(lent), 0)::text AS lent, COALESCE(SUM(interest), 0)::text AS interest,
          COALESCE(SUM(bonus), 0)::text AS bonus FROM ins`,
  );
  const interest = dec(totals?.interest ?? '0');
  const bonus = dec(totals?.bonus ?? '0');
  const mine = sql`h.period_start = ${s}::timestamptz AND h.asset = ${asset}${
    p.lo === null || p.hi === null
      ? sql``
      : sql` AND h.position_id >= ${p.lo}::bigint AND h.position_id < ${p.hi}::bigint`
  }`;
  if (p.tiers.length > 0) {
    await tx.execute(sql`UPDATE se_flex_positions p SET bonus_cum = p.bonus_cum + ${bonusExpr(sql`h.lent`, p.tiers, p.ratio)}
      FROM se_flex_interest h WHERE ${mine} AND h.position_id = p.id`);
  }
  const ref = p.part === null ? `${asset}:${s}` : `${asset}:${s}:${p.part}`;
  if (interest.gt(0)) {
    await postEntry(tx, {
      reason: SeReason.flexInterest,
      ref,
      at: period.end,
      postings: [
        { account: systemAccount(asset, SePurpose.flexInterestExpense), amount: interest.negated() },
        { account: systemAccount(asset, SePurpose.flexInterest), amount: interest },
      ],
    });
  }
  if (bonus.gt(0)) {
    // Bonuses go straight to spot, in the award coin: a campaign, not the pooled interest.
    await postBulkEntry(tx, {
      reason: SeReason.flexBonus,
      ref,
      at: period.end,
      legs: sql`SELECT user_id, bonus_asset AS asset, ${UserPurpose.spot}::text AS purpose, bonus AS amount
          FROM se_flex_interest h WHERE ${mine} AND bonus > 0
        UNION ALL SELECT ${SYSTEM_OWNER}::bigint, ${p.awardAsset}::text, ${SePurpose.flexBonusExpense}::text, ${bonus.negated().toFixed()}::numeric`,
    });
  }
  return { lent: toWire(dec(totals?.lent ?? '0')), interest: toWire(interest), bonus: toWire(bonus) };
}

/**
 * Closes an asset's hour once every shard is booked: positions the index credits but that lent less
 * than their principal get their offset lowered by what they did not earn (until now the index has
 * not moved, so the books agree in between), the index moves, and the hour's record is written.
 */
async function closeAsset(tx: Db, p: FlexShard, totals: HourTotals, period: Period): Promise<void> {
  const s = iso(period.start);
  const asset = p.asset;
  const unit = num(p.unit);
  if (p.covers) {
    if (dec(p.offered).eq(p.supplied)) {
      // Every earning position was lent in full: the index alone accounts for the hour.
    } else
      await tx.execute(sql`UPDATE se_flex_positions SET acc_offset = acc_offset - principal * ${unit}
      WHERE asset = ${asset} AND principal > 0 AND min_lend_rate_year > ${num(p.rate)}`);
  } else {
    await tx.execute(sql`UPDATE se_flex_positions p SET acc_offset = p.acc_offset - (p.principal - COALESCE(h.lent, 0)) * ${unit}
      FROM se_flex_positions q LEFT JOIN se_flex_interest h ON h.position_id = q.id AND h.period_start = ${s}::timestamptz
      WHERE q.id = p.id AND p.asset = ${asset} AND p.principal > 0 AND COALESCE(h.lent, 0) < p.principal`);
  }
  const lent = dec(totals.lent);
  const bonus = dec(totals.bonus);
  const supplied = dec(p.supplied);
  const idle = supplied.minus(lent).plus(p.pending);
  const bonusAsset = p.tiers.length > 0 ? p.awardAsset : null;
  await tx.execute(sql`UPDATE se_flex_products SET acc_index = ${num(p.idx)}, accrued_until = ${iso(period.end)}::timestamptz,
      last_rate_year = ${num(p.rate)}, last_supplied = ${toWire(supplied)}::numeric, last_lent = ${toWire(lent)}::numeric,
      liquidity_left = ${toWire(idle)}::numeric, bonus_paid_total = bonus_paid_total + ${toWire(bonus)}::numeric
    WHERE asset = ${asset}`);
  // The tiers and ratio are the bonus's inputs: a bonus row's breakdown recomputes its hour from them.
  const bonusTiersJson = p.tiers.length > 0 ? JSON.stringify(p.tiers) : null;
  const bonusRatio = p.tiers.length > 0 ? num(p.ratio) : sql`NULL::numeric`;
  await tx.execute(sql`INSERT INTO se_flex_hours (asset, period_start, rate_year, demand, supplied, lent, interest_paid, bonus_paid, bonus_asset, index_after, bonus_tiers, bonus_ratio)
    VALUES (${asset}, ${s}::timestamptz, ${num(p.rate)}, ${p.demand}::numeric, ${toWire(supplied)}::numeric, ${toWire(lent)}::numeric,
      ${totals.interest}::numeric, ${toWire(bonus)}::numeric, ${bonusAsset}, ${num(p.idx)}, ${bonusTiersJson}::jsonb, ${bonusRatio})`);
}

/** Frozen redemptions are paid at the hour: the lending behind them is recalled at the hour's end. */
async function settleFrozen(tx: Db, period: Period): Promise<void> {
  const [any] = await rows<{ found: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM se_flex_positions WHERE frozen_amount > 0) AS found`,
  );
  if (!any?.found) return;
  const ref = iso(period.start);
  const entry = await postBulkEntry(tx, {
    reason: SeReason.flexRedeemSettle,
    ref,
    at: period.end,
    legs: sql`SELECT user_id, asset, ${UserPurpose.flexible}::text AS purpose, -frozen_amount AS amount FROM se_flex_positions WHERE frozen_amount > 0
      UNION ALL SELECT user_id, asset, ${UserPurpose.spot}::text, frozen_amount FROM se_flex_positions WHERE frozen_amount > 0`,
  });
  if (entry === null) return;
  await tx.execute(sql`INSERT INTO se_history (user_id, line, type, mode, asset, amount, at)
    SELECT p.user_id, ${LINE_FLEXIBLE}, ${SimpleEarnHistoryType.redeem}::int,
      CASE WHEN u.account_mode = 'classic' THEN ${SimpleEarnHistoryMode.redeemSpot}::int ELSE ${SimpleEarnHistoryMode.redeemUnified}::int END,
      p.asset, p.frozen_amount, ${iso(period.end)}::timestamptz
    FROM se_flex_positions p JOIN users u ON u.id = p.user_id WHERE p.frozen_amount > 0`);
  await notices().notifyMany(
    tx,
    'redemption_arrived',
    sql`SELECT user_id, 'flexible:' || id || ':' || ${ref} AS cause,
        jsonb_build_object('line', 'flexible', 'asset', asset, 'amount', frozen_amount::text, 'dest', 'spot') AS params
      FROM se_flex_positions WHERE frozen_amount > 0`,
    period.end,
  );
  await tx.execute(
    sql`UPDATE se_flex_positions SET frozen_amount = 0, frozen_at = NULL WHERE frozen_amount > 0`,
  );
}

/**
 * Auto-earn: each hour, the idle spot balance (own funds: less unified-account loans, 6 decimals down)
 * of every asset a user switched on — or every flexible asset under the global switch — moves into
 * flexible when it reaches the product minimum; it earns from the next hour. Users whose funds are
 * in use and locked are skipped.
 */
async function sweepAutoEarn(tx: Db, period: Period): Promise<void> {
  const [any] = await rows<{ found: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM se_auto_invest WHERE status = 1) AS found`,
  );
  if (!any?.found) return;
  const at = iso(period.end);
  await tx.execute(
    sql`CREATE TEMP TABLE IF NOT EXISTS se_sweep (user_id bigint, asset text, position_id bigint, amount numeric) ON COMMIT DELETE ROWS`,
  );
  await tx.execute(sql`DELETE FROM se_sweep`);
  await tx.execute(sql`INSERT INTO se_sweep (user_id, asset)
    SELECT DISTINCT ON (c.user_id, c.asset) c.user_id, c.asset FROM (
      SELECT a.user_id, p.asset, COALESCE(s.status, a.status) AS status
      FROM se_auto_invest a CROSS JOIN se_flex_products p
      LEFT JOIN se_auto_invest s ON s.user_id = a.user_id AND s.asset = p.asset
      WHERE a.asset = '' AND p.status = 1
      UNION ALL
      SELECT a.user_id, a.asset, a.status FROM se_auto_invest a JOIN se_flex_products p ON p.asset = a.asset AND p.status = 1
      WHERE a.asset <> ''
    ) c JOIN users u ON u.id = c.user_id
    WHERE c.status = 1 AND NOT (u.use_funding AND u.locked)`);
  const [n] = await rows<{ n: string }>(tx, sql`SELECT COUNT(*)::text AS n FROM se_sweep`);
  if (!n || n.n === '0') return;
  // Positions in id order, then spot accounts in the ledger's key order: the order requests take them in.
  await tx.execute(sql`INSERT INTO se_flex_positions (user_id, asset, min_lend_rate_year, offer_at, created_at)
    SELECT w.user_id, w.asset, p.limit_min_lend_rate_year / 100, ${at}::timestamptz, ${at}::timestamptz
    FROM se_sweep w JOIN se_flex_products p ON p.asset = w.asset ON CONFLICT (user_id, asset) DO NOTHING`);
  await tx.execute(
    sql`SELECT p.id FROM se_flex_positions p JOIN se_sweep w ON w.user_id = p.user_id AND w.asset = p.asset ORDER BY p.id FOR UPDATE OF p`,
  );
  await tx.execute(sql`SELECT a.id FROM ledger_accounts a JOIN se_sweep w ON w.user_id = a.user_id AND w.asset = a.asset AND a.purpose = ${UserPurpose.spot}
    ORDER BY a.user_id, a.asset COLLATE "C" FOR UPDATE OF a`);
  await tx.execute(sql`UPDATE se_sweep w SET position_id = p.id,
      amount = trunc(GREATEST(0, a.balance - COALESCE(l.amount, 0)), 6)
    FROM se_flex_positions p, ledger_accounts a
      LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
    WHERE p.user_id = w.user_id AND p.asset = w.asset
      AND a.user_id = w.user_id AND a.asset = w.asset AND a.purpose = ${UserPurpose.spot}`);
  await tx.execute(sql`DELETE FROM se_sweep w USING se_flex_products p
    WHERE p.asset = w.asset AND (w.amount IS NULL OR w.amount <= 0 OR w.amount < p.min_lend_amount)`);
  const entry = await postBulkEntry(tx, {
    reason: SeReason.autoEarn,
    ref: iso(period.start),
    at: period.end,
    legs: sql`SELECT user_id, asset, ${UserPurpose.spot}::text AS purpose, -amount AS amount FROM se_sweep
      UNION ALL SELECT user_id, asset, ${UserPurpose.flexible}::text, amount FROM se_sweep`,
  });
  if (entry === null) return;
  await tx.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    SELECT position_id, ${iso(period.end)}::timestamptz, asset, amount FROM se_sweep
    ON CONFLICT (position_id, hour_start) DO UPDATE SET amount = se_flex_pending.amount + EXCLUDED.amount`);
  await tx.execute(sql`INSERT INTO se_history (user_id, line, type, mode, asset, amount, at)
    SELECT user_id, ${LINE_FLEXIBLE}, ${SimpleEarnHistoryType.subscribe}::int, ${SimpleEarnHistoryMode.autoEarn}::int, asset, amount, ${at}::timestamptz FROM se_sweep`);
}

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
    for (const { plan, totals } of byAsset.values()) await closeAsset(tx, plan, totals, period);
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

/**
 * Fixed maturities of the day, set-based: orders whose maturity day started by period end − 30 min are
 * paid principal + interest + voucher yield into their redeem-to account (spot, or flexible earning
 * from the next hour), or rolled into a new order of the same product when auto-reinvest is on and
 * the product still takes them (on sale, quota and personal cap allowing, in order id order). Bonuses
 * go to spot in the bonus coin.
 */
export async function runFixedMaturity(tx: Db, period: Period): Promise<void> {
  const now = iso(period.end);
  await lockFlexShared(tx);
  await prepareDue(tx);
  await tx.execute(sql`WITH u AS (
      UPDATE se_fixed_orders SET status = 2, redeem_type = 2, settled_at = ${now}::timestamptz
      WHERE ${maturing(period)} RETURNING *
    ) ${insertDue(sql`reinvest_status = 1`)}`);
  const [n] = await rows<{ n: string }>(tx, sql`SELECT COUNT(*)::text AS n FROM se_due`);
  if (!n || n.n === '0') return;
  await releaseQuota(tx);
  await decideReinvest(tx, now);
  await payDue(tx, period, iso(period.start));
  await takeReinvestQuota(tx);
  await reportDue(tx, period);
}

/** Orders of the period still active whose maturity day started by its end − 30 min. */
function maturing(period: Period): SQL {
  const cut = iso(new Date(period.end.getTime() - 30 * 60 * 1000));
  return sql`status = 1 AND finish_at <= ${cut}::timestamptz`;
}

/** The period's due orders, one row each, in a temporary table of the transaction. */
async function prepareDue(tx: Db): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS se_due (order_id bigint, user_id bigint, product_id int, asset text,
    principal numeric, interest numeric, coupon numeric, payout numeric, bonus numeric, bonus_asset text, dest text,
    finish_at timestamptz, reinvest boolean NOT NULL DEFAULT false, new_order_id bigint) ON COMMIT DELETE ROWS`);
  await tx.execute(sql`DELETE FROM se_due`);
}

/** Fills se_due from the orders of `u` (a CTE the caller names); `reinvest` says which roll over. */
function insertDue(reinvest: SQL): SQL {
  return sql`INSERT INTO se_due (order_id, user_id, product_id, asset, principal, interest, coupon, payout, bonus, bonus_asset, dest, finish_at, reinvest)
    SELECT id, user_id, product_id, asset, principal, interest, coupon_interest, principal + interest + coupon_interest,
      bonus_amount, bonus_asset,
      CASE WHEN redeem_account_type = 2 AND EXISTS (SELECT 1 FROM se_flex_products f WHERE f.asset = u.asset)
        THEN ${UserPurpose.flexible} ELSE ${UserPurpose.spot} END,
      finish_at, ${reinvest} FROM u`;
}

/** The due principal leaves each product's sold amount and each holder's personal quota. */
async function releaseQuota(tx: Db): Promise<void> {
  await tx.execute(sql`UPDATE se_fixed_products p SET sold_amount = p.sold_amount - d.total
    FROM (SELECT product_id, SUM(principal) AS total FROM se_due GROUP BY product_id) d WHERE p.id = d.product_id`);
  await tx.execute(sql`UPDATE se_fixed_user_quota q SET used = q.used - d.total
    FROM (SELECT product_id, user_id, SUM(principal) AS total FROM se_due GROUP BY product_id, user_id) d
    WHERE q.product_id = d.product_id AND q.user_id = d.user_id`);
}

/**
 * Auto-reinvest as far as each product's room and each holder's cap allow, in order id order: an
 * order refused rolls no new order and is paid to its redeem-to account.
 */
async function decideReinvest(tx: Db, now: string): Promise<void> {
  await tx.execute(sql`UPDATE se_due d SET reinvest = false WHERE d.reinvest AND d.order_id NOT IN (
    SELECT order_id FROM (
      SELECT d2.order_id, p.total_quota - p.sold_amount AS room, p.user_max_lend_volume AS cap, COALESCE(q.used, 0) AS used,
        SUM(d2.payout) OVER (PARTITION BY d2.product_id ORDER BY d2.order_id) AS cum,
        SUM(d2.payout) OVER (PARTITION BY d2.product_id, d2.user_id ORDER BY d2.order_id) AS ucum
      FROM se_due d2 JOIN se_fixed_products p ON p.id = d2.product_id
      LEFT JOIN se_fixed_user_quota q ON q.product_id = d2.product_id AND q.user_id = d2.user_id
      WHERE d2.reinvest AND p.status = 1 AND p.reinvest = 1 AND p.start_time <= ${now}::timestamptz
        AND (p.end_time IS NULL OR p.end_time > ${now}::timestamptz)
    ) ok WHERE cum <= room AND (cap = 0 OR used + ucum <= cap))`);
}

/**
 * Books the due orders (one balanced entry keyed by `ref`): principal and yield to the redeem-to
 * account or into a new order, bonuses to spot; flexible payouts earn from the next hour.
 */
async function payDue(tx: Db, period: Period, ref: string): Promise<void> {
  const now = iso(period.end);
  await postBulkEntry(tx, {
    reason: SeReason.fixedMaturity,
    ref,
    at: period.end,
    legs: sql`SELECT user_id, asset, ${UserPurpose.fixed}::text AS purpose, -principal AS amount FROM se_due
      UNION ALL SELECT ${SYSTEM_OWNER}::bigint, asset, ${SePurpose.fixedInterestExpense}::text, -(interest + coupon) FROM se_due
      UNION ALL SELECT user_id, asset, CASE WHEN reinvest THEN ${UserPurpose.fixed} ELSE dest END, payout FROM se_due
      UNION ALL SELECT ${SYSTEM_OWNER}::bigint, bonus_asset, ${SePurpose.fixedBonusExpense}::text, -bonus FROM se_due WHERE bonus > 0
      UNION ALL SELECT user_id, bonus_asset, ${UserPurpose.spot}::text, bonus FROM se_due WHERE bonus > 0`,
  });

  // Paid into flexible: the holding earns from the next hour.
  await tx.execute(sql`INSERT INTO se_flex_positions (user_id, asset, min_lend_rate_year, offer_at, created_at)
    SELECT DISTINCT d.user_id, d.asset, p.limit_min_lend_rate_year / 100, ${now}::timestamptz, ${now}::timestamptz
    FROM se_due d JOIN se_flex_products p ON p.asset = d.asset WHERE NOT d.reinvest AND d.dest = ${UserPurpose.flexible}
    ON CONFLICT (user_id, asset) DO NOTHING`);
  await tx.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    SELECT p.id, date_trunc('hour', ${now}::timestamptz), d.asset, SUM(d.payout)
    FROM se_due d JOIN se_flex_positions p ON p.user_id = d.user_id AND p.asset = d.asset
    WHERE NOT d.reinvest AND d.dest = ${UserPurpose.flexible} GROUP BY p.id, d.asset
    ON CONFLICT (position_id, hour_start) DO UPDATE SET amount = se_flex_pending.amount + EXCLUDED.amount`);

  // Reinvested: a new order of the same product, from the old maturity, at the product's current rate.
  await tx.execute(sql`WITH ins AS (
      INSERT INTO se_fixed_orders (user_id, product_id, asset, product_type, principal, year_rate, lock_up_period, interest,
        bonus_asset, bonus_amount, reinvest_status, redeem_account_type, status, parent_order_id, created_at, start_at, finish_at)
      SELECT d.user_id, p.id, d.asset, p.type, d.payout, p.year_rate, p.lock_up_period,
        trunc(d.payout * p.year_rate / 365 * p.lock_up_period, 8),
        CASE WHEN p.bonus_asset IS NOT NULL AND jsonb_array_length(p.ladder_apr) > 0 THEN p.bonus_asset END,
        COALESCE(CASE WHEN p.bonus_asset IS NOT NULL AND jsonb_array_length(p.ladder_apr) > 0 THEN trunc((
          SELECT SUM(GREATEST(0, CASE WHEN COALESCE(t->>'right', '') IN ('', '0') THEN d.payout ELSE LEAST(d.payout, (t->>'right')::numeric) END
            - (t->>'left')::numeric) * (t->>'apr')::numeric) FROM jsonb_array_elements(p.ladder_apr) t
        ) / 365 * p.lock_up_period * (SELECT a.price_usdt FROM assets a WHERE a.symbol = d.asset)
          / (SELECT b.price_usdt FROM assets b WHERE b.symbol = p.bonus_asset), 8) END, 0),
        1, 0, 1, d.order_id, ${now}::timestamptz, d.finish_at, d.finish_at + make_interval(days => p.lock_up_period)
      FROM se_due d JOIN se_fixed_products p ON p.id = d.product_id WHERE d.reinvest
      RETURNING id, parent_order_id
    ) UPDATE se_due d SET new_order_id = ins.id FROM ins WHERE ins.parent_order_id = d.order_id`);
}

/** The reinvested payouts take their products' quota and their holders' personal quota. */
async function takeReinvestQuota(tx: Db): Promise<void> {
  await tx.execute(sql`UPDATE se_fixed_products p SET sold_amount = p.sold_amount + d.total
    FROM (SELECT product_id, SUM(payout) AS total FROM se_due WHERE reinvest GROUP BY product_id) d WHERE p.id = d.product_id`);
  await tx.execute(sql`INSERT INTO se_fixed_user_quota (product_id, user_id, used)
    SELECT product_id, user_id, SUM(payout) FROM se_due WHERE reinvest GROUP BY product_id, user_id
    ON CONFLICT (product_id, user_id) DO UPDATE SET used = se_fixed_user_quota.used + EXCLUDED.used`);
}

/** The holders' notices and history lines of the due orders. */
async function reportDue(tx: Db, period: Period): Promise<void> {
  const now = iso(period.end);
  await notices().notifyMany(
    tx,
    'fixed_matured',
    sql`SELECT user_id, 'order:' || order_id AS cause,
        jsonb_build_object('order_id', order_id, 'asset', asset, 'amount', payout::text, 'principal', principal::text,
          'interest', (interest + coupon)::text, 'bonus', bonus::text, 'bonus_asset', bonus_asset,
          'dest', CASE WHEN reinvest THEN 'reinvest' WHEN dest = ${UserPurpose.flexible} THEN 'flexible' ELSE 'spot' END,
          'new_order_id', new_order_id) AS params
      FROM se_due`,
    period.end,
  );

  const H = SimpleEarnHistoryType;
  await tx.execute(sql`INSERT INTO se_history (user_id, line, type, mode, asset, amount, order_id, product_id, coupon_principal,
      coupon_interest, rate_ratio, bonus_amount, bonus_asset, redeem_type, lend_rate_year, at)
    SELECT d.user_id, ${LINE_FIXED}, ${H.interest}::int, 0, d.asset, d.interest, d.order_id, d.product_id, NULL::numeric, NULL::numeric, NULL::numeric, NULL::numeric, NULL::text, NULL::int, o.year_rate, ${now}::timestamptz
      FROM se_due d JOIN se_fixed_orders o ON o.id = d.order_id WHERE d.interest > 0
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.rateUp}::int, 0, d.asset, d.coupon, d.order_id, d.product_id, d.principal, d.coupon, o.coupon_rate_ratio, NULL, NULL, NULL, NULL, ${now}::timestamptz
      FROM se_due d JOIN se_fixed_orders o ON o.id = d.order_id WHERE d.coupon > 0
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.bonus}::int, 0, d.asset, d.bonus, d.order_id, d.product_id, NULL, NULL, NULL, d.bonus, d.bonus_asset, NULL, NULL, ${now}::timestamptz
      FROM se_due d WHERE d.bonus > 0
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.redeem}::int,
        CASE WHEN d.reinvest THEN ${SimpleEarnHistoryMode.autoReinvest}::int WHEN d.dest = ${UserPurpose.spot} THEN ${SimpleEarnHistoryMode.redeemSpot}::int ELSE 0 END,
        d.asset, d.payout, d.order_id, d.product_id, NULL, NULL, NULL, NULL, NULL, 2, NULL, ${now}::timestamptz
      FROM se_due d
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.subscribe}::int, ${SimpleEarnHistoryMode.autoReinvest}::int, d.asset, d.payout, d.new_order_id, d.product_id,
        NULL, NULL, NULL, NULL, NULL, NULL, p.year_rate, ${now}::timestamptz
      FROM se_due d JOIN se_fixed_products p ON p.id = d.product_id WHERE d.reinvest
    UNION ALL SELECT d.user_id, ${LINE_FLEXIBLE}, ${H.subscribe}::int, 0, d.asset, d.payout, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ${now}::timestamptz
      FROM se_due d WHERE NOT d.reinvest AND d.dest = ${UserPurpose.flexible}`);
}

/**
 * What the plan of a day's maturities fixes for one shard: its orders (a range of ids, and how many),
 * which of them roll over (per product, auto-reinvest up to an order id, less the orders a holder's
 * cap refused) and the sold amount the plan already moved for them, per product, until they are booked.
 */
type FixedShard = {
  part: number | null;
  lo: string;
  hi: string;
  orders: number;
  upTo: Record<string, string>;
  refused: string[];
  quota: Record<string, string>;
};

/**
 * The day's fixed maturities in shards. The plan takes every due order's quota decision at once, as
 * the whole period does (the room and caps it leaves, in order id order): it releases the due
 * principal and takes the reinvested payouts from each product's sold amount and holders' quota, so
 * a subscription between shards sees the day's quota as the whole period leaves it. Each shard then
 * matures a range of order ids by that decision: its entry, flexible payouts, new orders, notices and
 * history, in one transaction. Users cannot touch an order within an hour of its maturity, so the
 * orders a shard finds are those the plan saw. Reconciliation counts the quota of shards not yet booked.
 */
export const fixedMaturity = shardedWork<FixedShard>({
  async plan(tx, period, shardRows) {
    await prepareDue(tx);
    await tx.execute(
      sql`WITH u AS (SELECT * FROM se_fixed_orders WHERE ${maturing(period)}) ${insertDue(sql`reinvest_status = 1`)}`,
    );
    const [n] = await rows<{ n: number }>(tx, sql`SELECT COUNT(*)::int AS n FROM se_due`);
    const count = n?.n ?? 0;
    if (count === 0) return [];
    await releaseQuota(tx);
    await decideReinvest(tx, iso(period.end));
    await takeReinvestQuota(tx);
    const [up] = await rows<{ up: Record<string, string> | null }>(
      tx,
      sql`SELECT jsonb_object_agg(product_id::text, up::text) AS up
          FROM (SELECT product_id, MAX(order_id) AS up FROM se_due WHERE reinvest GROUP BY product_id) x`,
    );
    const parts = shardRows > 0 ? Math.ceil(count / shardRows) : 1;
    // Ranges of equal counts (ntile): the ids of a day's maturities are spread over months of orders.
    const ranges = await rows<{
      lo: string;
      hi: string;
      orders: number;
      refused: string[];
      quota: Record<string, string>;
    }>(
      tx,
      sql`WITH up AS (SELECT product_id, MAX(order_id) AS up FROM se_due WHERE reinvest GROUP BY product_id),
        t AS (
          SELECT d.order_id, d.product_id, d.reinvest, d.payout, d.principal,
            (o.reinvest_status = 1 AND NOT d.reinvest AND d.order_id <= up.up) AS refused,
            ntile(${parts}::int) OVER (ORDER BY d.order_id) AS tile
          FROM se_due d JOIN se_fixed_orders o ON o.id = d.order_id LEFT JOIN up ON up.product_id = d.product_id
        ),
        q AS (SELECT tile, product_id, SUM(CASE WHEN reinvest THEN payout ELSE 0 END - principal) AS delta FROM t GROUP BY tile, product_id)
        SELECT MIN(t.order_id)::text AS lo, MAX(t.order_id)::text AS hi, COUNT(*)::int AS orders,
          COALESCE(jsonb_agg(t.order_id::text ORDER BY t.order_id) FILTER (WHERE t.refused), '[]'::jsonb) AS refused,
          (SELECT jsonb_object_agg(q.product_id::text, q.delta::text) FROM q WHERE q.tile = t.tile) AS quota
        FROM t GROUP BY t.tile ORDER BY t.tile`,
    );
    return ranges.map((r, i) => ({
      part: ranges.length === 1 ? null : i,
      lo: r.lo,
      hi: r.hi,
      orders: r.orders,
      upTo: up?.up ?? {},
      refused: r.refused,
      quota: r.quota,
    }));
  },
  async book(tx, period, params) {
    const p = params;
    const now = iso(period.end);
    await lockFlexShared(tx);
    await prepareDue(tx);
    const reinvest = sql`reinvest_status = 1 AND id <= COALESCE((${JSON.stringify(p.upTo)}::jsonb ->> product_id::text)::bigint, 0)
      AND id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(p.refused)}::jsonb)::bigint)`;
    await tx.execute(sql`WITH u AS (
        UPDATE se_fixed_orders SET status = 2, redeem_type = 2, settled_at = ${now}::timestamptz
        WHERE ${maturing(period)} AND id BETWEEN ${p.lo}::bigint AND ${p.hi}::bigint RETURNING *
      ) ${insertDue(reinvest)}`);
    const [n] = await rows<{ n: number }>(tx, sql`SELECT COUNT(*)::int AS n FROM se_due`);
    // The plan moved these orders' quota: booking other orders than it saw would leave it wrong.
    if ((n?.n ?? 0) !== p.orders)
      throw new Error(
        `fixed maturity shard ${p.lo}-${p.hi}: ${n?.n ?? 0} orders due, the plan saw ${p.orders}`,
      );
    await payDue(tx, period, p.part === null ? iso(period.start) : `${iso(period.start)}:${p.part}`);
    await reportDue(tx, period);
    return { orders: p.orders };
  },
  async close() {
    // Nothing is left for the day once every shard is booked: the plan took the quota.
  },
});

export const FLEX_HOURLY_JOB = 'simple-earn.flexible-hourly';
export const FIXED_DAILY_JOB = 'simple-earn.fixed-maturity';

export function simpleEarnJobs(): Job[] {
  return [
    {
      name: FLEX_HOURLY_JOB,
      periodSeconds: HOUR_MS / 1000,
      run: (tx, period) => runFlexibleHour(tx, period),
      sharded: flexibleHour,
    },
    {
      name: FIXED_DAILY_JOB,
      periodSeconds: DAY_MS / 1000,
      offsetSeconds: 1800,
      run: runFixedMaturity,
      sharded: fixedMaturity,
    },
  ];
}
