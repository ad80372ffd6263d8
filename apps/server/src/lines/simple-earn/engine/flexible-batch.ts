import { dec } from '@earn/domain';
import { asc } from 'drizzle-orm';
import { type Db, sql } from '../../../infra/db/client';
import { seFlexProducts } from '../../../infra/db/schema';
import type { BookedPeriod, Period } from '../../../kernel/jobs';
import { rateWatch } from '../../../kernel/notices';
import { FLEX_LOCK_KEY } from '../model';
import { idleSweep } from './auto-earn';
import { bookWindow } from './flexible-batch-book';
import { planAsset } from './flexible-plan';
import {
  type AssetWindow,
  accountsReady,
  type Carry,
  carries,
  HOUR,
  productInputs,
  quietState,
  resumeWindows,
  steps,
} from './flexible-window';

/*
 * Flexible hours booked k at a time (a clock advance's quiet window), written row for row as k hours
 * booked one by one would write them. Quiet means each hour's result is determined by the hour
 * before: no pending subscription starts earning, no redemption is frozen, no auto-earn sweep can
 * move anything (auto-earn.ts idleSweep), and every asset lends all its principal (the demand covers every offer, and every
 * holder's minimum APR is met), so positions' offsets stand still and each hour adds to the index
 * and to every bonus_cum the same exact terms. Anything else answers "not quiet", and the scheduler
 * books the hour alone. Other jobs' periods in the window are the scheduler's concern (Job.independent).
 */

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
  // One hour afresh only when the scheduler offers just one (its part cut by interleaving periods:
  // the hours after them resume from this plan); else a plan for one hour costs what the hour alone does.
  if (max < 1) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FLEX_LOCK_KEY})`);
  const state = await quietState(tx);
  if (!state || state.frozen) return [];
  let hours = max;
  // Pending amounts start earning in the first hour that starts after their hour_start.
  if (state.pending_from !== null)
    hours = Math.min(hours, Math.floor((Number(state.pending_from) - first.start.getTime()) / HOUR) + 1);
  if (hours < Math.min(2, max)) return [];
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
  const totals = await bookWindow(tx, windows, first, hours);
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
