import { dec } from '@earn/domain';
import { asc, type SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../../infra/db/client';
import { seFlexProducts } from '../../../infra/db/schema';
import type { Period } from '../../../kernel/jobs';
import { SYSTEM_OWNER, UserPurpose } from '../../../ledger/accounts';
import { type FlexProduct, SePurpose } from '../model';
import { bonusExpr, type FlexShard } from './flexible-plan';
import { num } from './util';

/*
 * A flexible window's plan (flexible-batch.ts books it): each hour's index, whether the accounts its
 * entries post to exist, the quiet state it relies on, and what carries a window across interleaving
 * periods of other jobs in the same stop (resume).
 */

export const HOUR = 3_600_000;

/** One asset's window: its first hour's plan (flexible-plan.ts) and each hour's index before and after. */
export interface AssetWindow {
  plan: FlexShard & { rows: number };
  /** The index the window's first part started from, and how many hours before this part's. */
  base: string;
  offset: number;
  /** Per hour: the index the hour starts from (as stored: no trailing zeros) and the one after it (the plan's text). */
  steps: { index: string; idx: string }[];
  bonus: boolean;
}

/** Whether any pending amount waits (from when), any redemption is frozen, any auto-earn switch is on. */
type QuietState = { pending_from: string | null; frozen: boolean; auto: boolean };
const QUIET = sql`(EXTRACT(EPOCH FROM (SELECT MIN(hour_start) FROM se_flex_pending
    WHERE asset IN (SELECT asset FROM se_flex_products))) * 1000)::bigint::text AS pending_from,
  EXISTS (SELECT 1 FROM se_flex_positions WHERE frozen_amount > 0) AS frozen,
  EXISTS (SELECT 1 FROM se_auto_invest WHERE status = 1) AS auto`;

export async function quietState(tx: Db): Promise<QuietState | undefined> {
  const [state] = await rows<QuietState>(tx, sql`SELECT ${QUIET}`);
  return state;
}

/**
 * A window's state between its parts in one stop (runFlexibleHours' resume): where it ended, the
 * products' terms it planned from, and its assets' plans (their first index: each part's hours step on
 * from it).
 */
export interface Carry {
  next: number;
  products: string;
  windows: AssetWindow[];
}
export const carries = new WeakMap<Db, Carry>();

/** The products' columns a plan reads (all but those an hour's close writes), as text to compare. */
export function productInputs(products: FlexProduct[]): string {
  return JSON.stringify(
    products.map(
      ({
        accIndex,
        accruedUntil,
        lastRateYear,
        lastSupplied,
        lastLent,
        liquidityLeft,
        bonusPaidTotal,
        ...terms
      }) => terms,
    ),
  );
}

/**
 * The carried window's next hours, up to `max`, when nothing it planned from moved since its last part:
 * no pending amount starting to earn in them and the pending sums as planned, no frozen redemption or
 * auto-earn switch, the products' terms and each index as it left them, the same earning positions and
 * principal. Undefined: plan afresh.
 */
export async function resumeWindows(
  tx: Db,
  carry: Carry,
  first: Period,
  max: number,
): Promise<AssetWindow[] | undefined> {
  // The next part's steps and whether some account its entries post to is missing, for up to `max`
  // hours, in the statement that reads the state (a statement less each, on a part of a few hours):
  // a part cut shorter by a pending amount books a prefix of those steps, and needs no account that
  // the longer part would not (when one is missing, the window is planned afresh and checked again).
  const parts = carry.windows.map((w) => ({ w, offset: w.offset + w.steps.length }));
  const values = sql.join(
    parts.map(({ w, offset }, a) => sql`(${a}::int, ${num(w.base)}, ${num(w.plan.rate)}, ${offset}::int)`),
    sql`, `,
  );
  // No asset earning (no flexible product, or none with a holder): nothing to step, and VALUES needs a row.
  const stepped =
    parts.length === 0
      ? sql`NULL::jsonb`
      : sql`(SELECT jsonb_agg(jsonb_build_object('a', v.a, 'index', trim_scale(v.base + g.i * earn_hourly_rate(v.rate))::text,
            'idx', (trim_scale(v.base + g.i * earn_hourly_rate(v.rate)) + earn_hourly_rate(v.rate))::text) ORDER BY v.a, g.i)
          FROM (VALUES ${values}) AS v(a, base, rate, off)
          CROSS JOIN LATERAL generate_series(v.off, v.off + ${max - 1}::int) g(i))`;
  const missing =
    parts.length === 0
      ? sql`false`
      : sql.join(
          parts.map(({ w, offset }) => {
            const unit = sql`earn_hourly_rate(${num(w.plan.rate)})`;
            // The same values as the steps' texts (trim_scale keeps the value).
            const index = sql`(${num(w.base)} + ${offset}::int * ${unit})`;
            const last = sql`(${num(w.base)} + ${offset + max - 1}::int * ${unit} + ${unit})`;
            return sql`(${blockedAt(w.plan, w.bonus, index, last, max)})`;
          }),
          sql` OR `,
        );
  // Every earning position still offered at the rate (the window lends them all), per asset.
  const [state] = await rows<
    QuietState & {
      supply: { asset: string; n: number; supplied: string; above: number }[] | null;
      pending: { asset: string; amount: string }[] | null;
      steps: { a: number; index: string; idx: string }[] | null;
      blocked: boolean;
    }
  >(
    tx,
    sql`SELECT ${QUIET}, (SELECT jsonb_agg(s) FROM (
          SELECT q.asset, COUNT(*)::int AS n, SUM(q.principal)::text AS supplied,
            COUNT(*) FILTER (WHERE q.min_lend_rate_year > f.next_time_rate_year)::int AS above
          FROM se_flex_positions q JOIN se_flex_products f ON f.asset = q.asset WHERE q.principal > 0 GROUP BY q.asset) s) AS supply,
        (SELECT jsonb_agg(s) FROM (SELECT asset, SUM(amount)::text AS amount FROM se_flex_pending GROUP BY asset) s) AS pending,
        ${stepped} AS steps, ${missing} AS blocked`,
  );
  if (!state || state.frozen || state.auto || state.blocked !== false) return undefined;
  let hours = max;
  if (state.pending_from !== null)
    hours = Math.min(hours, Math.floor((Number(state.pending_from) - first.start.getTime()) / HOUR) + 1);
  if (hours < 1) return undefined;
  const products = await tx.select().from(seFlexProducts).orderBy(asc(seFlexProducts.asset));
  if (productInputs(products) !== carry.products) return undefined;
  for (const w of carry.windows) {
    const product = products.find((p) => p.asset === w.plan.asset);
    const s = state.supply?.find((r) => r.asset === w.plan.asset);
    if (!product || (s?.above ?? 0) > 0 || (s?.n ?? 0) !== w.plan.rows) return undefined;
    if (!dec(s?.supplied ?? '0').eq(w.plan.supplied)) return undefined;
    // The pending sum the plan books with (the hours' liquidity left and records): a subscription
    // since (one starting to earn after the part, so not cutting it) moved it.
    const pending = state.pending?.find((r) => r.asset === w.plan.asset)?.amount ?? '0';
    if (!dec(pending).eq(w.plan.pending)) return undefined;
    if (product.accruedUntil?.getTime() !== first.start.getTime()) return undefined;
  }
  // Hour k of the window starts from index + k × unit (the sums are exact): each product's index now.
  const found = state.steps ?? [];
  const windows = parts.map(({ w, offset }, a) => {
    const mine = found
      .filter((r) => r.a === a)
      .slice(0, hours)
      .map(({ index, idx }) => ({ index, idx }));
    const head = mine[0];
    if (!head || mine.length !== hours) throw new Error(`flexible window ${w.plan.asset}: no steps`);
    return { ...w, plan: { ...w.plan, index: head.index, idx: head.idx }, offset, steps: mine };
  });
  for (const w of windows) {
    const product = products.find((p) => p.asset === w.plan.asset);
    if (!product || w.steps[0]?.index !== dec(product.accIndex).toFixed()) return undefined;
  }
  return windows;
}

/**
 * Each hour's index: the hour starts from the index the hour before stored (its text without trailing
 * zeros, as num() writes it) and moves by the same unit rate; the sums are exact, so hour k of a window
 * whose first hour started at `base` starts at base + k × unit, and its `idx` text is the plan's own
 * expression on that literal. A window's later part (resume) steps on from `offset` hours.
 */
export async function steps(
  tx: Db,
  plan: FlexShard & { rows: number },
  base: string,
  offset: number,
  hours: number,
): Promise<AssetWindow> {
  const unit = sql`earn_hourly_rate(${num(plan.rate)})`;
  const found = await rows<{ index: string; idx: string }>(
    tx,
    sql`SELECT trim_scale(${num(base)} + g.i * ${unit})::text AS index,
          (trim_scale(${num(base)} + g.i * ${unit}) + ${unit})::text AS idx
        FROM generate_series(${offset}::int, ${offset + hours - 1}::int) g(i) ORDER BY g.i`,
  );
  const head = found[0];
  if (!head || (offset === 0 && (head.index !== plan.index || head.idx !== plan.idx)))
    throw new Error(`flexible window ${plan.asset}: the index steps do not start at the plan's`);
  // The plan as the part's first hour books it (its index and idx: accountsReady reads them).
  return {
    plan: { ...plan, index: head.index, idx: head.idx },
    base,
    offset,
    steps: found,
    bonus: plan.tiers.length > 0,
  };
}

/** The asset's lent positions (all of them: the window lends every earning position in full). */
export function lentPositions(p: FlexShard): ReturnType<typeof sql> {
  const b = p.tiers.length > 0 ? bonusExpr(sql`principal`, p.tiers, p.ratio) : sql`0`;
  return sql`SELECT id, user_id, principal, acc_offset, bonus_cum, ${b} AS b FROM se_flex_positions
    WHERE asset = ${p.asset} AND principal > 0 AND min_lend_rate_year <= ${num(p.rate)}`;
}

/**
 * Whether every account the window's entries would post to exists already (a new account's id is
 * drawn where the hour alone would draw it: such a window is booked hour by hour until it exists).
 */
export async function accountsReady(tx: Db, windows: AssetWindow[], hours: number): Promise<boolean> {
  if (windows.length === 0) return true;
  const [r] = await rows<{ blocked: boolean }>(
    tx,
    sql`SELECT ${sql.join(
      windows.map((w) => sql`(${blocked(w, hours)})`),
      sql` OR `,
    )} AS blocked`,
  );
  return r?.blocked === false;
}

/** Whether some account the window's entries post to is missing, as a scalar subquery. */
function blocked(w: AssetWindow, hours: number): SQL {
  const last = w.steps[hours - 1]?.idx ?? w.plan.idx;
  return blockedAt(w.plan, w.bonus, num(w.plan.index), num(last), hours);
}

/** blocked() with the window's first index and its last hour's index after as SQL values. */
function blockedAt(p: FlexShard, bonus: boolean, index: SQL, last: SQL, hours: number): SQL {
  const account = (user: ReturnType<typeof sql>, asset: string, purpose: string) =>
    sql`EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = ${user} AND a.asset = ${asset} AND a.purpose = ${purpose})`;
  const system = (asset: string, purpose: string) => account(sql`${SYSTEM_OWNER}::bigint`, asset, purpose);
  const bonusPaid = sql`trunc(x.bonus_cum + ${hours} * x.b, 8) > trunc(x.bonus_cum, 8)`;
  return sql`WITH x AS (${lentPositions(p)})
      SELECT (EXISTS (SELECT 1 FROM x WHERE trunc(x.acc_offset + x.principal * ${last}, 8) > trunc(x.acc_offset + x.principal * ${index}, 8))
          AND NOT (${system(p.asset, SePurpose.flexInterestExpense)} AND ${system(p.asset, SePurpose.flexInterest)}))
        OR (${bonus} AND EXISTS (SELECT 1 FROM x WHERE ${bonusPaid})
          AND NOT (${system(p.awardAsset, SePurpose.flexBonusExpense)}
            AND NOT EXISTS (SELECT 1 FROM x WHERE ${bonusPaid} AND NOT ${account(sql`x.user_id`, p.awardAsset, UserPurpose.spot)})))`;
}
