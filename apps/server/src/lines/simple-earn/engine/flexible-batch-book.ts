import { dec, toWire } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../../infra/db/client';
import type { Period } from '../../../kernel/jobs';
import { SYSTEM_OWNER, UserPurpose } from '../../../ledger/accounts';
import { SePurpose, SeReason } from '../model';
import { bonusExpr } from './flexible-plan';
import { type AssetWindow, HOUR, lentPositions } from './flexible-window';
import { iso, num } from './util';

/** Per asset and hour: what the hour's rows add up to (the shard's result). */
export type Totals = { lent: string; interest: string; bonus: string };

const hourAt = (first: Period, i: number) => new Date(first.start.getTime() + i * HOUR);

/**
 * A window part's whole book in one statement (on PGlite each statement costs its parse, plan and
 * round trip, and re-reading the rows just written cost more than writing them): every asset's
 * interest rows of every hour (the hour alone's formulas, with hour i's index and bonus_cum), the
 * bonus assets' positions' bonus_cum moved by the hours' bonus terms, the journal entries in the
 * order the hours alone book them (hour, then asset, interest before bonus: the same ids), their
 * postings (a bonus's user legs from the rows the INSERT returns), the balances, the account ids each
 * hour's interest entry draws and does not use (its upsert proposes both accounts), each hour's
 * record per asset (se_flex_hours) and the products as the last hour leaves them. The statement's
 * parts all read the same snapshot: the interest rows read bonus_cum before its UPDATE, as the hours
 * alone do. Answers each asset's hours' totals (toWire'd as the hour alone's close writes them).
 */
export async function bookWindow(
  tx: Db,
  windows: AssetWindow[],
  first: Period,
  hours: number,
): Promise<Totals[][]> {
  if (windows.length === 0) return [];
  const n = windows.length;
  const hr = sql.join(
    Array.from(
      { length: hours },
      (_, i) => sql`(${i}::int, ${iso(hourAt(first, i))}::text, ${iso(hourAt(first, i))}::timestamptz)`,
    ),
    sql`, `,
  );
  const assets = sql.join(
    windows.map((w, a) => {
      const p = w.plan;
      const tiers = w.bonus ? JSON.stringify(p.tiers) : null;
      return sql`(${a}::int, ${p.asset}::text, ${p.awardAsset}::text, ${w.bonus}::boolean, ${num(p.rate)}, ${p.demand}::numeric,
        ${toWire(dec(p.supplied))}::numeric, ${dec(p.supplied).toFixed()}::numeric, ${dec(p.pending).toFixed()}::numeric, ${tiers}::jsonb, ${w.bonus ? num(p.ratio) : sql`NULL::numeric`})`;
    }),
    sql`, `,
  );
  const st = sql.join(
    windows.flatMap((w, a) =>
      w.steps.slice(0, hours).map((s, i) => sql`(${a}::int, ${i}::int, ${num(s.index)}, ${num(s.idx)})`),
    ),
    sql`, `,
  );
  // Hour i's index is ix₀ + i × unit exactly (flexible-window.ts steps: exact sums, unit = idx₀ − ix₀),
  // so a position's cumulative interest before hour i, acc_offset + principal × ix_i, is
  // a0 + i × du with a0 = acc_offset + principal × ix₀ and du = principal × unit, the same exact
  // figure (checked below: steady) with a short multiplier per row instead of two 30-digit indexes,
  // less than half the time of the rows' arithmetic on PGlite. bonus_cum likewise moves by b a row.
  const positions = windows.map((w, a) => {
    const head = w.steps[0];
    if (!head) throw new Error(`flexible window ${w.plan.asset}: no steps`);
    return sql`, x${sql.raw(String(a))} AS MATERIALIZED (
        SELECT id, user_id, principal, acc_offset + principal * ${num(head.index)} AS a0,
          principal * (${num(head.idx)} - ${num(head.index)}) AS du, bonus_cum, b FROM (${lentPositions(w.plan)}) q)`;
  });
  const selects = windows.map((w, a) => {
    const p = w.plan;
    const bonus = w.bonus
      ? sql`trunc(x.bonus_cum + (hr.i + 1) * x.b, 8) - trunc(x.bonus_cum + hr.i * x.b, 8)`
      : sql`0::numeric`;
    return sql`SELECT ${a}::int AS a, hr.i, hr.at, x.id, x.user_id, ${p.asset}::text, x.principal,
        ${num(p.rate)}, trunc(x.a0 + (hr.i + 1) * x.du, 8) - trunc(x.a0 + hr.i * x.du, 8), ${bonus},
        ${w.bonus ? p.awardAsset : null}::text
      FROM hr CROSS JOIN x${sql.raw(String(a))} x`;
  });
  const bumps = windows
    .filter((w) => w.bonus)
    .map(
      (w, k) => sql`, bump${sql.raw(String(k))} AS (
        UPDATE se_flex_positions SET bonus_cum = bonus_cum + ${hours} * ${bonusExpr(sql`principal`, w.plan.tiers, w.plan.ratio)}
        WHERE asset = ${w.plan.asset} AND principal > 0 AND min_lend_rate_year <= ${num(w.plan.rate)} RETURNING 1)`,
    );
  const last = hours - 1;
  const found = await rows<{
    a: number;
    i: number;
    lent: string;
    interest: string;
    bonus: string;
    legs: number;
    posted: number;
    burnt: number;
    drawn: number;
    steady: boolean;
  }>(
    tx,
    sql`WITH hr(i, start, at) AS (VALUES ${hr}),
      w(a, asset, award, bonus, rate, demand, supplied, supplied_raw, pending, tiers, ratio) AS (VALUES ${assets}),
      st(a, i, ix, idx) AS (VALUES ${st})${sql.join(positions, sql``)},
      steady AS (SELECT bool_and(s.ix = f.ix + s.i * (f.idx - f.ix) AND s.idx = s.ix + (f.idx - f.ix)) AS ok
        FROM st s JOIN st f ON f.a = s.a AND f.i = 0),
      ins AS (
        INSERT INTO se_flex_interest (period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset)
        SELECT at, id, user_id, asset, principal, rate, interest, bonus, bonus_asset
        FROM (${sql.join(selects, sql` UNION ALL `)}) u(a, i, at, id, user_id, asset, principal, rate, interest, bonus, bonus_asset)
        -- The hours alone's order (asset, hour, position): windows are in asset order, so by integers,
        -- not by the asset's text under its collation and a timestamp cast a row.
        ORDER BY a, i, id
        RETURNING period_start, user_id, asset, lent, interest, bonus
      )${sql.join(bumps, sql``)},
      tot AS (SELECT asset, period_start, SUM(lent) AS lent, SUM(interest) AS interest, SUM(bonus) AS bonus
        FROM ins GROUP BY asset, period_start),
      grid AS MATERIALIZED (
        SELECT w.*, hr.i, hr.start, s.idx, trunc(COALESCE(t.lent, 0), 8) AS lent,
          trunc(COALESCE(t.interest, 0), 8) AS interest, trunc(COALESCE(t.bonus, 0), 8) AS bonus_paid
        FROM w CROSS JOIN hr JOIN st s ON s.a = w.a AND s.i = hr.i
        LEFT JOIN tot t ON t.asset = w.asset AND t.period_start = hr.at
      ),
      src AS MATERIALIZED (
        SELECT i * ${2 * n}::int + a * 2 AS ord, 'i' AS kind, asset, award, start, interest AS amount FROM grid WHERE interest > 0
        UNION ALL SELECT i * ${2 * n}::int + a * 2 + 1, 'b', asset, award, start, bonus_paid FROM grid WHERE bonus_paid > 0
      ),
      ${ledgerCtes()}, closed AS (
        INSERT INTO se_flex_hours (asset, period_start, rate_year, demand, supplied, lent, interest_paid, bonus_paid, bonus_asset, index_after, bonus_tiers, bonus_ratio)
        SELECT asset, start::timestamptz, rate, demand, supplied, lent, interest, bonus_paid, CASE WHEN bonus THEN award END, idx,
          tiers, ratio FROM grid ORDER BY a, i
        RETURNING 1
      ), product AS (
        UPDATE se_flex_products p SET acc_index = v.idx, accrued_until = ${iso(hourAt(first, hours))}::timestamptz,
          last_rate_year = v.rate, last_supplied = v.supplied, last_lent = v.lent,
          liquidity_left = trunc(v.supplied_raw - v.lent + v.pending, 8), bonus_paid_total = p.bonus_paid_total + v.paid
        FROM (SELECT g.*, (SELECT SUM(bonus_paid) FROM grid b WHERE b.a = g.a) AS paid FROM grid g WHERE g.i = ${last}::int) v
        WHERE p.asset = v.asset
        RETURNING 1
      )
      SELECT g.a, g.i, g.lent::text AS lent, g.interest::text AS interest, g.bonus_paid::text AS bonus,
        (SELECT COUNT(*) FROM legs)::int AS legs, (SELECT COUNT(*) FROM posted)::int AS posted,
        (SELECT n FROM burnt) AS burnt, (SELECT 2 * COUNT(*) FROM src WHERE kind = 'i')::int AS drawn, (SELECT ok FROM steady) AS steady
      FROM grid g ORDER BY g.a, g.i`,
  );
  const head = found[0];
  if (!head || head.legs !== head.posted || head.burnt !== head.drawn || found.length !== n * hours)
    throw new Error(`flexible window from ${iso(first.start)}: entries not fully posted`);
  // Never expected: the steps are built as sums (above); the period then fails and nothing is kept.
  if (head.steady !== true)
    throw new Error(`flexible window from ${iso(first.start)}: the index steps are not even`);
  return windows.map((_, a) =>
    Array.from({ length: hours }, (_, i) => {
      const r = found[a * hours + i];
      if (!r || r.a !== a || r.i !== i) throw new Error('flexible window: an hour without its figures');
      return { lent: toWire(dec(r.lent)), interest: toWire(dec(r.interest)), bonus: toWire(dec(r.bonus)) };
    }),
  );
}

/**
 * The window's journal entries from `src` (ord, kind, asset, award, start, amount), in ord order, their
 * postings (a bonus's user legs from `ins`, the rows just inserted), the balances moved, and the
 * account ids each interest entry's upsert would draw (burnt): bookWindow's ledger part.
 */
function ledgerCtes(): SQL {
  return sql`je AS (
        INSERT INTO journal_entries (reason, ref, created_at, memo)
        SELECT CASE WHEN kind = 'i' THEN ${SeReason.flexInterest} ELSE ${SeReason.flexBonus} END,
          asset || ':' || start, start::timestamptz + interval '1 hour', NULL::jsonb
        FROM src ORDER BY ord
        RETURNING id, reason, ref
      ), e AS (
        SELECT je.id, src.* FROM je JOIN src ON je.ref = src.asset || ':' || src.start
          AND je.reason = CASE WHEN src.kind = 'i' THEN ${SeReason.flexInterest} ELSE ${SeReason.flexBonus} END
      ), legs AS MATERIALIZED (
        SELECT e.id AS entry_id, ${SYSTEM_OWNER}::bigint AS user_id, e.asset, ${SePurpose.flexInterestExpense}::text AS purpose, -e.amount AS amount FROM e WHERE kind = 'i'
        UNION ALL SELECT e.id, ${SYSTEM_OWNER}::bigint, e.asset, ${SePurpose.flexInterest}::text, e.amount FROM e WHERE kind = 'i'
        UNION ALL SELECT e.id, h.user_id, e.award, ${UserPurpose.spot}::text, h.bonus FROM e
          JOIN ins h ON h.period_start = e.start::timestamptz AND h.asset = e.asset AND h.bonus > 0 WHERE e.kind = 'b'
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
      ), burnt AS (
        SELECT COUNT(*)::int AS n FROM (SELECT nextval(pg_get_serial_sequence('ledger_accounts', 'id'))
          FROM generate_series(1, (SELECT 2 * COUNT(*) FROM src WHERE kind = 'i'))) x
      )`;
}
