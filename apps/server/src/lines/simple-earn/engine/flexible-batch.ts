import { dec, toWire } from '@earn/domain';
import { asc } from 'drizzle-orm';
import { type Db, rows, sql } from '../../../infra/db/client';
import { seFlexProducts } from '../../../infra/db/schema';
import type { BookedPeriod, Period } from '../../../kernel/jobs';
import { rateWatch } from '../../../kernel/notices';
import { SYSTEM_OWNER, UserPurpose } from '../../../ledger/accounts';
import { FLEX_LOCK_KEY, SePurpose, SeReason } from '../model';
import { idleSweep } from './auto-earn';
import { bonusExpr, planAsset } from './flexible-plan';
import {
  type AssetWindow,
  accountsReady,
  type Carry,
  carries,
  HOUR,
  lentPositions,
  productInputs,
  quietState,
  resumeWindows,
  steps,
} from './flexible-window';
import { iso, num } from './util';

/*
 * Flexible hours booked k at a time (a clock advance's quiet window), written row for row as k hours
 * booked one by one would write them. Quiet means each hour's result is determined by the hour
 * before: no pending subscription starts earning, no redemption is frozen, no auto-earn sweep can
 * move anything (auto-earn.ts idleSweep), and every asset lends all its principal (the demand covers every offer, and every
 * holder's minimum APR is met), so positions' offsets stand still and each hour adds to the index
 * and to every bonus_cum the same exact terms. Anything else answers "not quiet", and the scheduler
 * books the hour alone. Other jobs' periods in the window are the scheduler's concern (Job.independent).
 */

/** Per asset and hour: what the hour's rows add up to (the shard's result). */
type Totals = { lent: string; interest: string; bonus: string };

/**
 * Books up to `max` flexible hours from `first` on when they are quiet; answers each hour's shards
 * (params and results, per asset in plan order), or none when the window is not quiet (nothing then
 * is written but the hour's locks). `resume`: the scheduler says this job's last window in the same
 * transaction ended at `first.start` and only interleaving periods ran since (Job.interleaves).
 */
export async function runFlexibleHours(
  tx: Db,
  first: Period,
  max: number,
  shardRows: number,
  resume = false,
): Promise<BookedPeriod[]> {
  const carried = carries.get(tx);
  carries.delete(tx);
  if (resume && carried?.next === first.start.getTime()) {
    const windows = await resumeWindows(tx, carried, first, max);
    if (windows) return book(tx, windows, first, windows[0]?.steps.length ?? 0, 0, { ...carried, windows });
  }
  if (max < 2) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FLEX_LOCK_KEY})`);
  const state = await quietState(tx);
  if (!state || state.frozen) return [];
  let hours = max;
  // Pending amounts start earning in the first hour that starts after their hour_start.
  if (state.pending_from !== null)
    hours = Math.min(hours, Math.floor((Number(state.pending_from) - first.start.getTime()) / HOUR) + 1);
  if (hours < 2) return [];
  const products = await tx.select().from(seFlexProducts).orderBy(asc(seFlexProducts.asset)).for('update');
  const windows: AssetWindow[] = [];
  for (const p of products) {
    const planned = await planAsset(tx, p, shardRows);
    const plan = planned[0];
    if (planned.length !== 1 || !plan || typeof plan.rows !== 'number') return [];
    if (!plan.covers || plan.cut !== null || !dec(plan.offered).eq(plan.supplied)) return [];
    const window = await steps(tx, { ...plan, rows: plan.rows }, plan.index, 0, hours);
    if (!(await accountsReady(tx, [window], hours))) return [];
    windows.push(window);
  }
  // Auto-earn on: quiet while its sweep moves nothing (the users it looks at counted, for their ids).
  const swept = state.auto
    ? await idleSweep(
        tx,
        windows.filter((w) => w.bonus).map((w) => ({ asset: w.plan.asset, award: w.plan.awardAsset })),
      )
    : 0;
  if (swept === null) return [];
  // A window goes on across interleaving periods only without auto-earn (their entries move spot).
  const carry = state.auto ? undefined : { next: 0, products: productInputs(products), windows };
  const booked = await book(tx, windows, first, hours, swept, carry);
  // The rates looked at after the first hour stand for the window (the window's inputs do not move):
  // the later hours' looks would record and tell nothing.
  await rateWatch().observeSimpleEarnRates(tx, first.end);
  return booked;
}

/** The window's rows, entries and hour records, and each hour's shards (BookedPeriod); `carry` goes on. */
async function book(
  tx: Db,
  windows: AssetWindow[],
  first: Period,
  hours: number,
  swept: number,
  carry: Carry | undefined,
): Promise<BookedPeriod[]> {
  const totals = await bookAssets(tx, windows, first, hours);
  await bookEntries(tx, windows, totals, first, hours);
  await closeHours(tx, windows, totals, first, hours);
  // Each hour's sweep upserts a position for every user it looks at: the ids it draws are drawn here.
  if (swept > 0)
    await tx.execute(
      sql`SELECT nextval(pg_get_serial_sequence('se_flex_positions', 'id')) FROM generate_series(1, ${hours * swept})`,
    );
  if (carry) carries.set(tx, { ...carry, next: hourAt(first, hours).getTime() });
  const booked: BookedPeriod[] = [];
  for (let i = 0; i < hours; i++)
    booked.push(
      windows.map((w, a) => {
        const step = w.steps[i];
        const t = totals[a]?.[i];
        if (!step || !t) throw new Error('flexible window: an hour without its figures');
        return {
          params: { ...w.plan, index: step.index, idx: step.idx },
          result: { lent: t.lent, interest: t.interest, bonus: t.bonus },
        };
      }),
    );
  return booked;
}

const hourAt = (first: Period, i: number) => new Date(first.start.getTime() + i * HOUR);

/**
 * Every asset's interest rows of every hour of the window in one statement (the hour alone's formulas,
 * with hour i's index and bonus_cum; each asset reads only its own positions), then each bonus asset's
 * positions' bonus_cum moved by the hours' bonus terms; answers each asset's hours' totals.
 */
async function bookAssets(tx: Db, windows: AssetWindow[], first: Period, hours: number): Promise<Totals[][]> {
  if (windows.length === 0) return [];
  const selects = windows.map((w) => {
    const p = w.plan;
    const steps = sql.join(
      w.steps.map((s, i) => sql`(${i}::int, ${num(s.index)}, ${num(s.idx)})`),
      sql`, `,
    );
    const bonus = w.bonus
      ? sql`trunc(x.bonus_cum + h.i * x.b + x.b, 8) - trunc(x.bonus_cum + h.i * x.b, 8)`
      : sql`0::numeric`;
    return sql`SELECT ${iso(first.start)}::timestamptz + h.i * interval '1 hour', x.id, x.user_id, ${p.asset}::text, x.principal,
        ${num(p.rate)}, trunc(x.acc_offset + x.principal * h.idx, 8) - trunc(x.acc_offset + x.principal * h.ix, 8), ${bonus},
        ${w.bonus ? p.awardAsset : null}::text
      FROM (VALUES ${steps}) AS h(i, ix, idx) CROSS JOIN (${lentPositions(p)}) x`;
  });
  const found = await rows<{ asset: string; at: string; lent: string; interest: string; bonus: string }>(
    tx,
    sql`WITH ins AS (
        INSERT INTO se_flex_interest (period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset)
        SELECT * FROM (${sql.join(selects, sql` UNION ALL `)}) u ORDER BY 4, 1, 2
        RETURNING asset, period_start, lent, interest, bonus
      ) SELECT asset, (EXTRACT(EPOCH FROM period_start) * 1000)::bigint::text AS at, SUM(lent)::text AS lent,
          SUM(interest)::text AS interest, SUM(bonus)::text AS bonus FROM ins GROUP BY asset, period_start`,
  );
  for (const { plan: p, bonus } of windows)
    if (bonus)
      await tx.execute(sql`UPDATE se_flex_positions SET bonus_cum = bonus_cum + ${hours} * ${bonusExpr(sql`principal`, p.tiers, p.ratio)}
        WHERE asset = ${p.asset} AND principal > 0 AND min_lend_rate_year <= ${num(p.rate)}`);
  const byHour = new Map(found.map((r) => [`${r.asset}:${Number(r.at)}`, r]));
  return windows.map((w) => {
    const totals: Totals[] = [];
    for (let i = 0; i < hours; i++) {
      const r = byHour.get(`${w.plan.asset}:${hourAt(first, i).getTime()}`);
      totals.push({
        lent: toWire(dec(r?.lent ?? '0')),
        interest: toWire(dec(r?.interest ?? '0')),
        bonus: toWire(dec(r?.bonus ?? '0')),
      });
    }
    return totals;
  });
}

/**
 * The window's journal entries in the order the hours alone book them (hour, then asset, interest
 * before bonus: the same ids), their postings, the balances, and the account ids each hour's interest
 * entry draws and does not use (its upsert proposes both accounts), so later accounts keep their ids.
 */
async function bookEntries(
  tx: Db,
  windows: AssetWindow[],
  totals: Totals[][],
  first: Period,
  hours: number,
): Promise<void> {
  const entries: {
    ord: number;
    kind: 'i' | 'b';
    asset: string;
    award: string;
    start: string;
    amount: string;
  }[] = [];
  for (let i = 0; i < hours; i++)
    windows.forEach((w, a) => {
      const t = totals[a]?.[i];
      if (!t) return;
      const start = iso(hourAt(first, i));
      const base = { asset: w.plan.asset, award: w.plan.awardAsset, start };
      if (dec(t.interest).gt(0))
        entries.push({ ord: entries.length, kind: 'i', ...base, amount: t.interest });
      if (dec(t.bonus).gt(0)) entries.push({ ord: entries.length, kind: 'b', ...base, amount: t.bonus });
    });
  if (entries.length === 0) return;
  const interestEntries = entries.filter((e) => e.kind === 'i').length;
  const [r] = await rows<{ legs: number; posted: number; burnt: number }>(
    tx,
    sql`WITH src AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
          AS r(ord int, kind text, asset text, award text, start text, amount numeric)),
      je AS (
        INSERT INTO journal_entries (reason, ref, created_at, memo)
        SELECT CASE WHEN kind = 'i' THEN ${SeReason.flexInterest} ELSE ${SeReason.flexBonus} END,
          asset || ':' || start, start::timestamptz + interval '1 hour', NULL::jsonb
        FROM src ORDER BY ord
        RETURNING id, reason, ref
      ), e AS (
        SELECT je.id, src.* FROM je JOIN src ON je.ref = src.asset || ':' || src.start
          AND je.reason = CASE WHEN src.kind = 'i' THEN ${SeReason.flexInterest} ELSE ${SeReason.flexBonus} END
      ), legs AS (
        SELECT e.id AS entry_id, ${SYSTEM_OWNER}::bigint AS user_id, e.asset, ${SePurpose.flexInterestExpense}::text AS purpose, -e.amount AS amount FROM e WHERE kind = 'i'
        UNION ALL SELECT e.id, ${SYSTEM_OWNER}::bigint, e.asset, ${SePurpose.flexInterest}::text, e.amount FROM e WHERE kind = 'i'
        UNION ALL SELECT e.id, h.user_id, e.award, ${UserPurpose.spot}::text, h.bonus FROM e
          JOIN se_flex_interest h ON h.period_start = e.start::timestamptz AND h.asset = e.asset AND h.bonus > 0 WHERE e.kind = 'b'
        UNION ALL SELECT e.id, ${SYSTEM_OWNER}::bigint, e.award, ${SePurpose.flexBonusExpense}::text, -e.amount FROM e WHERE kind = 'b'
      ), posted AS (
        INSERT INTO postings (entry_id, account_id, asset, amount)
        SELECT l.entry_id, a.id, l.asset, l.amount FROM legs l
        JOIN ledger_accounts a ON a.user_id = l.user_id AND a.asset = l.asset AND a.purpose = l.purpose
        ORDER BY l.entry_id, l.user_id, l.asset COLLATE "C", l.purpose COLLATE "C"
        RETURNING account_id, amount
      ), moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + s.amount
        FROM (SELECT account_id, SUM(amount) AS amount FROM posted GROUP BY account_id) s WHERE a.id = s.account_id
        RETURNING 1
      )
      SELECT (SELECT COUNT(*) FROM legs)::int AS legs, (SELECT COUNT(*) FROM posted)::int AS posted,
        (SELECT COUNT(*) FROM (SELECT nextval(pg_get_serial_sequence('ledger_accounts', 'id'))
          FROM generate_series(1, ${2 * interestEntries})) n)::int AS burnt`,
  );
  if (!r || r.legs !== r.posted || r.burnt !== 2 * interestEntries)
    throw new Error(`flexible window from ${iso(first.start)}: entries not fully posted`);
}

/** Each hour's record per asset (se_flex_hours) and the products as the window's last hour leaves them. */
async function closeHours(
  tx: Db,
  windows: AssetWindow[],
  totals: Totals[][],
  first: Period,
  hours: number,
): Promise<void> {
  if (windows.length === 0) return;
  const rowsSql: ReturnType<typeof sql>[] = [];
  const products: ReturnType<typeof sql>[] = [];
  windows.forEach((w, a) => {
    const p = w.plan;
    const t = totals[a] ?? [];
    const supplied = toWire(dec(p.supplied));
    const tiersJson = w.bonus ? JSON.stringify(p.tiers) : null;
    const ratio = w.bonus ? num(p.ratio) : sql`NULL::numeric`;
    let bonusPaid = dec(0);
    for (let i = 0; i < hours; i++) {
      const h = t[i];
      const step = w.steps[i];
      if (!h || !step) throw new Error('flexible window: an hour without its figures');
      bonusPaid = bonusPaid.plus(h.bonus);
      rowsSql.push(sql`(${p.asset}, ${iso(hourAt(first, i))}::timestamptz, ${num(p.rate)}, ${p.demand}::numeric, ${supplied}::numeric,
        ${h.lent}::numeric, ${h.interest}::numeric, ${h.bonus}::numeric, ${w.bonus ? p.awardAsset : null}, ${num(step.idx)},
        ${tiersJson}::jsonb, ${ratio})`);
    }
    const last = t[hours - 1];
    const step = w.steps[hours - 1];
    if (!last || !step) throw new Error('flexible window: no last hour');
    const idle = toWire(dec(p.supplied).minus(last.lent).plus(p.pending));
    products.push(sql`(${p.asset}::text, ${num(step.idx)}::numeric, ${num(p.rate)}::numeric, ${supplied}::numeric,
      ${last.lent}::numeric, ${idle}::numeric, ${toWire(bonusPaid)}::numeric)`);
  });
  await tx.execute(sql`INSERT INTO se_flex_hours (asset, period_start, rate_year, demand, supplied, lent, interest_paid, bonus_paid, bonus_asset, index_after, bonus_tiers, bonus_ratio)
    VALUES ${sql.join(rowsSql, sql`, `)}`);
  await tx.execute(sql`UPDATE se_flex_products p SET acc_index = v.idx, accrued_until = ${iso(hourAt(first, hours))}::timestamptz,
      last_rate_year = v.rate, last_supplied = v.supplied, last_lent = v.lent,
      liquidity_left = v.idle, bonus_paid_total = p.bonus_paid_total + v.bonus
    FROM (VALUES ${sql.join(products, sql`, `)}) AS v(asset, idx, rate, supplied, lent, idle, bonus)
    WHERE p.asset = v.asset`);
}
