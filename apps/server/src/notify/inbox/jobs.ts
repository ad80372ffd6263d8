import { rows, sql } from '../../infra/db/client';
import type { Job, Period } from '../../infra/jobs/scheduler';
import type { AppDeps } from '../../kernel/deps';
import { idleBatch } from '../../kernel/jobs';
import type { LineReads } from '../../kernel/reads';
import { notifyMany } from './create';

const HOUR_S = 3600;
const DAY_S = 86_400;
/** The daily summary runs at 01:00 UTC, after the day's last hour and the 00:30 fixed maturities. */
const DAILY_OFFSET_S = 3600;

/**
 * The lines' announcements of the hour (LineReads.announcements: launch-pool projects that started or
 * ended within it, for every user who switched them on): one item each.
 */
export async function runLaunchpoolAnnouncements(
  tx: Parameters<Job['run']>[0],
  reads: readonly LineReads[],
  period: Period,
): Promise<void> {
  for (const r of reads)
    for (const { kind, items } of r.announcements?.(period.start, period.end) ?? [])
      await notifyMany(tx, kind, items, period.end);
}

/**
 * Yesterday's earnings per user and coin, as the lines read them (LineReads.earnings): flexible
 * interest and bonuses (the hourly rows), fixed interest, voucher and bonus payouts (the history),
 * launch-pool rewards and auto-earn interest (the hourly rows), staking rewards and soft-staking
 * payouts credited during the day. One item per user and day; nothing for a user who earned nothing.
 */
export async function runDailyEarnings(
  tx: Parameters<Job['run']>[0],
  reads: readonly LineReads[],
  period: Period,
): Promise<void> {
  const dayEnd = new Date(period.end.getTime() - DAILY_OFFSET_S * 1000);
  const dayStart = new Date(dayEnd.getTime() - DAY_S * 1000);
  const day = dayStart.toISOString().slice(0, 10);
  const parts = reads.flatMap((r) => (r.earnings ? [r.earnings(dayStart, dayEnd)] : []));
  if (parts.length === 0) return;
  const earned = sql.join(
    parts,
    sql`
        UNION ALL `,
  );
  await notifyMany(
    tx,
    'daily_earnings',
    sql`WITH earned AS (
        ${earned}
      ), per_asset AS (
        SELECT user_id, asset, SUM(amount) AS amount FROM earned GROUP BY user_id, asset
      )
      SELECT user_id, ${`day:${day}`}::text AS cause,
        jsonb_build_object('day', ${day}::text, 'earnings',
          jsonb_agg(jsonb_build_object('asset', asset, 'amount', amount::text) ORDER BY asset)) AS params
      FROM per_asset GROUP BY user_id`,
    period.end,
  );
}

export function inboxJobs(deps: AppDeps): Job[] {
  return [
    {
      name: 'inbox.launchpool',
      periodSeconds: HOUR_S,
      run: (tx, period) => runLaunchpoolAnnouncements(tx, deps.reads, period),
      // Hours with nothing to announce write nothing: a clock advance records them at once.
      batch: idleBatch(async (db, first, max) => {
        const to = new Date(first.start.getTime() + max * HOUR_S * 1000);
        for (const r of deps.reads)
          for (const { items } of r.announcements?.(first.start, to) ?? []) {
            const [found] = await rows<{ any: boolean }>(db, sql`SELECT EXISTS (${items}) AS any`);
            if (found?.any !== false) return 0;
          }
        return max;
      }),
      // Reads the launch pools and writes inbox items: no money, nothing a batch of another line reads.
      independent: true,
      booksNothing: true,
    },
    {
      name: 'inbox.daily_earnings',
      periodSeconds: DAY_S,
      offsetSeconds: DAILY_OFFSET_S,
      run: (tx, period) => runDailyEarnings(tx, deps.reads, period),
      // It reads the closed day's earnings (the rows of hours and payouts before the day's end, all
      // booked before its instant in any order) and writes inbox items, which no batch reads: another
      // line's batch may run ahead of it (the flexible hours from midnight on, in one part).
      independent: true,
      booksNothing: true,
    },
  ];
}
