import { type Decimal, dec } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import type { Job } from '../../infra/jobs/scheduler';
import type { AppDeps } from '../../kernel/deps';
import type { LineReads } from '../../kernel/reads';
import { movementsSql } from '../statements/movements';
import { withoutJit } from '../statements/queries';

export const ROLLUP_JOB = 'earn.rollup.daily';
const DAY_MS = 86_400_000;
/** The rollup of a day runs ten minutes after it ends: a call begun before midnight has committed. */
const ROLLUP_DELAY_SECONDS = 600;

const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** Every UTC day before this is in earn_daily_rollup; null: nothing rolled up yet. */
export async function rolledUntil(db: Db, lock = false): Promise<Date | null> {
  const [row] = await rows<{ until: string }>(
    db,
    sql`SELECT to_char(rolled_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS until
          FROM earn_rollup_state WHERE id = 1 ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) return null;
  const at = new Date(row.until);
  // The epoch is the state row's start: nothing rolled up.
  return at.getTime() > 0 ? at : null;
}

/**
 * Rewrites the rollup of the UTC days in [from, until) (from null: every day before until) from the
 * statement's movements of every user, set-based, in the caller's transaction: the days' rows are
 * deleted and summed again, so a rerun of a day leaves the same rows. The watermark moves to `until`
 * only when the days join those already rolled up (from at or before it), so it never skips a day.
 * The state row is locked first: two rollups of the same days run one after the other.
 */
export async function rollupDays(
  tx: Db,
  { reads, rollups }: Pick<AppDeps, 'reads' | 'rollups'>,
  from: Date | null,
  until: Date,
): Promise<void> {
  if (from !== null && from.getTime() % DAY_MS !== 0) throw new Error('rollup from a day start');
  if (until.getTime() % DAY_MS !== 0) throw new Error('rollup until a day start');
  await tx.execute(
    sql`INSERT INTO earn_rollup_state (id, rolled_until) VALUES (1, 'epoch') ON CONFLICT DO NOTHING`,
  );
  const watermark = await rolledUntil(tx, true);
  const days =
    from === null
      ? sql`day < ${until.toISOString()}::timestamptz`
      : sql`day >= ${from.toISOString()}::timestamptz AND day < ${until.toISOString()}::timestamptz`;
  // A year coalesced into one run (a long clock advance, a first rollup) sorts and groups the year's
  // hundreds of thousands of movements and flexible hours at once: with the default 4 MB each sort
  // spills to disk (on PGlite, a virtual one). A limit, not an allocation: a day's run uses little.
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  await tx.execute(sql`DELETE FROM earn_daily_rollup WHERE ${days}`);
  const movements = movementsSql(
    reads,
    { from: from ?? undefined, to: until, perDay: true },
    { priced: false },
  );
  await tx.execute(sql`
    INSERT INTO earn_daily_rollup (user_id, day, line, asset, type, amount)
    SELECT m.user_id, date_trunc('day', m.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', m.line, m.asset, m.type, SUM(m.amount)
      FROM (${movements}) m
     GROUP BY 1, 2, 3, 4, 5
    HAVING SUM(m.amount) <> 0`);
  // The lines' own indexes of the same days under the same watermark (simple earn's history hours).
  for (const rollup of rollups) await rollup(tx, from, until);
  const joins = from === null || (watermark !== null && from.getTime() <= watermark.getTime());
  if (joins && (watermark === null || until.getTime() > watermark.getTime()))
    await tx.execute(
      sql`UPDATE earn_rollup_state SET rolled_until = ${until.toISOString()}::timestamptz WHERE id = 1`,
    );
}

/**
 * The daily rollup: at 00:10 UTC, every day from the watermark up to the one that just ended (the
 * first run: the whole history). The scheduler runs the periods of every job in order of their ends,
 * and its job_runs row is the claim, so with several instances one rolls each day, after every hour
 * and day that books into it.
 */
export function rollupJob(deps: Pick<AppDeps, 'reads' | 'rollups'>): Job {
  return {
    name: ROLLUP_JOB,
    periodSeconds: 86_400,
    offsetSeconds: ROLLUP_DELAY_SECONDS,
    // Days due at once are rolled up in one run from the watermark (rollupDays takes a range), a
    // month at most: a year's days in one run were one statement of 17.6 s on PGlite (whose server
    // answers nothing meanwhile); a day at a time cost more in all (365 runs, 106 ms each).
    coalesce: 31,
    // It reads the days before its instant and writes its own rollup: a batch goes on across it.
    interleaves: true,
    // It sums entries into its own tables and books none: the payout metrics need not look for any.
    booksNothing: true,
    run: async (tx, period) => {
      const until = dayStart(period.end);
      const from = await rolledUntil(tx);
      if (from && from.getTime() >= until.getTime()) return;
      await rollupDays(tx, deps, from, until);
    },
  };
}

/**
 * A user's earnings (movement types `types`) per UTC day and asset over the days [from, to) (either
 * open): the rollup for the days before its watermark, the live movements from it on. Both read in
 * one transaction; a rollup committing in between rewrites days before the watermark read, with the
 * same rows.
 */
export async function earningsByDay(
  db: Db,
  reads: readonly LineReads[],
  userId: number,
  types: readonly string[],
  from?: Date,
  to?: Date,
): Promise<{ day: string; asset: string; amount: Decimal }[]> {
  return withoutJit(db, async (tx) => {
    const until = await rolledUntil(tx);
    const typeList = sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    );
    const out: { day: string; asset: string; amount: Decimal }[] = [];
    if (until && (!from || from < until)) {
      const end = to && to < until ? to : until;
      const rolled = await rows<{ day: string; asset: string; amount: string }>(
        tx,
        sql`SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, asset, SUM(amount)::text AS amount
              FROM earn_daily_rollup
             WHERE user_id = ${userId} AND type IN (${typeList}) AND day < ${end.toISOString()}::timestamptz
               ${from ? sql`AND day >= ${from.toISOString()}::timestamptz` : sql``}
             GROUP BY 1, 2`,
      );
      for (const r of rolled) out.push({ day: r.day, asset: r.asset, amount: dec(r.amount) });
    }
    const liveFrom = until && (!from || from < until) ? until : from;
    if (!to || !liveFrom || liveFrom < to) {
      const live = await rows<{ day: string; asset: string; amount: string }>(
        tx,
        sql`SELECT to_char(date_trunc('day', s.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, s.asset, SUM(s.amount)::text AS amount
              FROM (${movementsSql(reads, { userId, from: liveFrom ?? undefined, to }, { priced: false })}) s
             WHERE s.type IN (${typeList}) GROUP BY 1, 2`,
      );
      for (const r of live) out.push({ day: r.day, asset: r.asset, amount: dec(r.amount) });
    }
    return out;
  });
}
