import { SimpleEarnHistoryType } from '@earn/domain';
import { sql } from '../../infra/db/client';
import type { Job, Period } from '../../infra/jobs/scheduler';
import type { AppDeps } from '../../kernel/deps';
import { notifyMany } from './create';

const HOUR_S = 3600;
const DAY_S = 86_400;
/** The daily summary runs at 01:00 UTC, after the day's last hour and the 00:30 fixed maturities. */
const DAILY_OFFSET_S = 3600;

/**
 * Launch-pool projects that started or ended within the hour: one item per project for every user who
 * switched launch-pool announcements on (herald startup_mining_switch).
 */
export async function runLaunchpoolAnnouncements(
  tx: Parameters<Job['run']>[0],
  period: Period,
): Promise<void> {
  const s = period.start.toISOString();
  const e = period.end.toISOString();
  for (const [kind, column] of [
    ['launchpool_start', sql.raw('start_at')],
    ['launchpool_end', sql.raw('end_at')],
  ] as const) {
    await notifyMany(
      tx,
      kind,
      sql`SELECT n.user_id, 'project:' || p.pid AS cause,
          jsonb_build_object('project', p.pid, 'name', p.name, 'name_zh', p.i18n->'zh-CN'->>'name',
            'coin', p.reward_coin) AS params
        FROM launchpool_projects p JOIN notification_settings n ON n.startup_mining_switch = 1
        WHERE p.${column} >= ${s}::timestamptz AND p.${column} < ${e}::timestamptz`,
      period.end,
    );
  }
}

/**
 * Yesterday's earnings per user and coin: flexible interest and bonuses (the hourly rows), fixed
 * interest, voucher and bonus payouts (the history), launch-pool rewards and auto-earn interest (the
 * hourly rows), staking rewards and soft-staking payouts credited during the day. One item per user
 * and day; nothing for a user who earned nothing.
 */
export async function runDailyEarnings(tx: Parameters<Job['run']>[0], period: Period): Promise<void> {
  const dayEnd = new Date(period.end.getTime() - DAILY_OFFSET_S * 1000);
  const dayStart = new Date(dayEnd.getTime() - DAY_S * 1000);
  const day = dayStart.toISOString().slice(0, 10);
  const s = dayStart.toISOString();
  const e = dayEnd.toISOString();
  const H = SimpleEarnHistoryType;
  await notifyMany(
    tx,
    'daily_earnings',
    sql`WITH earned AS (
        SELECT user_id, asset, interest AS amount FROM se_flex_interest
          WHERE period_start >= ${s}::timestamptz AND period_start < ${e}::timestamptz AND interest > 0
        UNION ALL SELECT user_id, bonus_asset, bonus FROM se_flex_interest
          WHERE period_start >= ${s}::timestamptz AND period_start < ${e}::timestamptz AND bonus > 0
        UNION ALL SELECT user_id, COALESCE(bonus_asset, asset), amount FROM se_history
          WHERE line = 'fixed' AND type IN (${H.interest}, ${H.rateUp}, ${H.bonus})
            AND at >= ${s}::timestamptz AND at < ${e}::timestamptz AND amount > 0
        UNION ALL SELECT user_id, coin, amount FROM launchpool_rewards
          WHERE hour_start >= ${s}::timestamptz AND hour_start < ${e}::timestamptz
        UNION ALL SELECT user_id, coin, amount FROM launchpool_interest
          WHERE hour_start >= ${s}::timestamptz AND hour_start < ${e}::timestamptz
        -- Staking and soft staking pay once a day: what was credited during the day (the day column
        -- bounds the partitions read).
        UNION ALL SELECT user_id, coin, amount FROM staking_rewards
          WHERE day >= ${s}::timestamptz - interval '7 days' AND day < ${e}::timestamptz
            AND created_at >= ${s}::timestamptz AND created_at < ${e}::timestamptz AND amount > 0
        UNION ALL SELECT user_id, coin, amount FROM soft_staking_payouts
          WHERE day >= ${s}::timestamptz - interval '7 days' AND day < ${e}::timestamptz
            AND created_at >= ${s}::timestamptz AND created_at < ${e}::timestamptz AND amount > 0
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

export function inboxJobs(_deps: AppDeps): Job[] {
  return [
    { name: 'inbox.launchpool', periodSeconds: HOUR_S, run: runLaunchpoolAnnouncements },
    {
      name: 'inbox.daily_earnings',
      periodSeconds: DAY_S,
      offsetSeconds: DAILY_OFFSET_S,
      run: runDailyEarnings,
    },
  ];
}
