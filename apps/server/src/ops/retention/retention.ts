import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../infra/db/client';
import type { Job } from '../../infra/jobs/scheduler';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * What is kept how long. Rows past their window are deleted in small batches, each its own short
 * transaction, so no cleanup ever holds many row locks or a long snapshot. The windows are the ones the
 * README's "Retention" section promises; changing one here changes what users and operators can rely on.
 */
export interface RetentionRule {
  table: string;
  /** Seconds a row is kept after its time column. */
  keepSeconds: number;
  /**
   * A scalar subquery: the earliest time-column value among rows the rule may delete, or an earlier
   * one (a bound: the rule's delete then finds nothing yet). Read every pass, it must be an index look.
   */
  oldest: SQL;
  /** Deletes at most `batch` rows whose time is before `cutoff`; answers how many it deleted. */
  remove(cutoff: Date, batch: number): SQL;
}

/** The common shape: rows keyed by `id`, past their window by one time column (indexed). */
function byIdOlderThan(table: string, column: string): Pick<RetentionRule, 'oldest' | 'remove'> {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  return {
    oldest: sql`(SELECT min(${c}) FROM ${t})`,
    remove: (cutoff, batch) => sql`
      DELETE FROM ${t} WHERE id IN (
        SELECT id FROM ${t} WHERE ${c} < ${cutoff}
        ORDER BY ${c} LIMIT ${batch} FOR UPDATE SKIP LOCKED)`,
  };
}

/**
 * The oldest closed sharded period, for both the job_shards rule (closed periods with shards) and the
 * job_periods rule (those without): with the same window, the earlier of the two is exactly this one,
 * so the next instant due is the same, and it is read up job_periods_closed_end_idx at once where
 * each rule's own minimum probed job_shards for every period (~10 ms a stop after two months).
 */
const OLDEST_CLOSED_PERIOD = sql`(SELECT period_end FROM job_periods WHERE closed_at IS NOT NULL
  ORDER BY period_end LIMIT 1)`;

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    // A replay after a day is a new request: clients retry within seconds or minutes, not days.
    table: 'idempotency_keys',
    keepSeconds: DAY,
    oldest: sql`(SELECT min(created_at) FROM idempotency_keys)`,
    remove: (cutoff, batch) => sql`
      DELETE FROM idempotency_keys WHERE (user_id, key) IN (
        SELECT user_id, key FROM idempotency_keys WHERE created_at < ${cutoff}
        ORDER BY created_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)`,
  },
  {
    // An expired session can no longer be used; a month keeps it for support questions.
    table: 'sessions',
    keepSeconds: 30 * DAY,
    oldest: sql`(SELECT min(expires_at) FROM sessions)`,
    remove: (cutoff, batch) => sql`
      DELETE FROM sessions WHERE token_hash IN (
        SELECT token_hash FROM sessions WHERE expires_at < ${cutoff}
        ORDER BY expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)`,
  },
  {
    table: 'analytics_events',
    keepSeconds: 90 * DAY,
    ...byIdOlderThan('analytics_events', 'at'),
  },
  {
    // The funding-password lock counts failures of the last 15 minutes; a day is ample.
    table: 'fundpass_failures',
    keepSeconds: DAY,
    ...byIdOlderThan('fundpass_failures', 'at'),
  },
  {
    // The security page lists sign-ins of the last half year; the two-factor lock counts 15 minutes.
    table: 'sign_in_events',
    keepSeconds: 180 * DAY,
    ...byIdOlderThan('sign_in_events', 'at'),
  },
  {
    // A reset code works 15 minutes at most, used or not; a day after that it answers nothing. Deleting
    // the newest code is safe: the ones before it were retired when it was made, so a code typed later
    // still meets a used or expired row, or none, and is refused either way.
    table: 'fundpass_reset_codes',
    keepSeconds: DAY,
    ...byIdOlderThan('fundpass_reset_codes', 'expires_at'),
  },
  {
    // The scheduler finds where each job stands from its newest row, so that row always stays.
    table: 'job_runs',
    keepSeconds: 30 * DAY,
    // The oldest row that is not its job's newest: per job with more than one row, its oldest. Read up
    // the period_end index from its start, past the few jobs with a single row (a clock advance asks at
    // every stop: a pass over the whole table grew with its rows, ~30 ms a stop after two months).
    oldest: sql`(SELECT j.period_end FROM job_runs j WHERE EXISTS (
      SELECT 1 FROM job_runs l WHERE l.job = j.job AND l.period_start > j.period_start)
      ORDER BY j.period_end LIMIT 1)`,
    remove: (cutoff, batch) => sql`
      DELETE FROM job_runs WHERE (job, period_start) IN (
        SELECT job, period_start FROM job_runs j WHERE period_end < ${cutoff}
          AND period_start < (SELECT max(period_start) FROM job_runs l WHERE l.job = j.job)
        ORDER BY period_end LIMIT ${batch} FOR UPDATE SKIP LOCKED)`,
  },
  {
    // A sharded period's shards, once the period is closed: their totals are in its close's rows.
    table: 'job_shards',
    keepSeconds: 30 * DAY,
    oldest: OLDEST_CLOSED_PERIOD,
    remove: (cutoff, batch) => sql`
      DELETE FROM job_shards WHERE (job, period_start, shard) IN (
        SELECT s.job, s.period_start, s.shard FROM job_shards s
        JOIN job_periods p ON p.job = s.job AND p.period_start = s.period_start
        WHERE p.closed_at IS NOT NULL AND p.period_end < ${cutoff}
        ORDER BY p.period_end LIMIT ${batch} FOR UPDATE OF s SKIP LOCKED)`,
  },
  {
    // A closed period's row, once its shards are gone (an open one is what holders' calls wait on).
    table: 'job_periods',
    keepSeconds: 30 * DAY,
    oldest: OLDEST_CLOSED_PERIOD,
    remove: (cutoff, batch) => sql`
      DELETE FROM job_periods WHERE (job, period_start) IN (
        SELECT job, period_start FROM job_periods p WHERE closed_at IS NOT NULL AND period_end < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM job_shards s WHERE s.job = p.job AND s.period_start = p.period_start)
        ORDER BY period_end LIMIT ${batch} FOR UPDATE SKIP LOCKED)`,
  },
];

/** Rows deleted per table per pass: small enough that each delete commits in milliseconds. */
export const RETENTION_BATCH = 5000;

function toDate(value: unknown): Date | undefined {
  if (value === null || value === undefined) return undefined;
  return value instanceof Date ? value : new Date(String(value));
}

/**
 * The instant the next row falls due, rounded up to the hour: a test clock moving across a year stops
 * at most at the hours it stops at anyway, not at every session's expiry.
 */
export async function nextRetentionDue(db: Db, rules = RETENTION_RULES): Promise<Date | undefined> {
  // One statement for every table: a test clock asks this at each stop of a long advance.
  const dues = sql.join(
    rules.map((rule) => sql`${rule.oldest} + make_interval(secs => ${rule.keepSeconds})`),
    sql`, `,
  );
  const [row] = await rows<{ t: unknown }>(db, sql`SELECT LEAST(${dues}) AS t`);
  const earliest = toDate(row?.t);
  if (!earliest) return undefined;
  return new Date(Math.ceil(earliest.getTime() / (HOUR * 1000)) * HOUR * 1000);
}

/** One batch per table of the rows past their window at `now`; answers the rows deleted per table. */
export async function removeExpired(
  tx: Db,
  now: Date,
  batch = RETENTION_BATCH,
  rules = RETENTION_RULES,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  const cutoffs = rules.map((rule) => new Date(now.getTime() - rule.keepSeconds * 1000));
  // Which tables have anything past their window, in one statement: once rows expire every hour
  // (job runs after a month) a pass is due hourly, and most tables then have nothing to delete.
  const flags = sql.join(
    rules.map(
      (rule, i) => sql`COALESCE(${rule.oldest} < ${cutoffs[i]}, false) AS ${sql.identifier(`d${i}`)}`,
    ),
    sql`, `,
  );
  const [due] = await rows<Record<string, boolean>>(tx, sql`SELECT ${flags}`);
  for (const [i, rule] of rules.entries()) {
    const cutoff = cutoffs[i] ?? now;
    if (!due?.[`d${i}`]) {
      deleted[rule.table] = 0;
      continue;
    }
    const result = (await tx.execute(rule.remove(cutoff, batch))) as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    deleted[rule.table] = Number(result.rowCount ?? result.affectedRows ?? 0);
  }
  return deleted;
}

/**
 * Retention as due work: every scheduler pass that finds rows past their window deletes one batch per
 * table in one transaction of a few milliseconds, so a backlog drains pass by pass while requests go on. Deleting what
 * is past its window is idempotent, and SKIP LOCKED keeps two instances off each other's rows.
 */
export function retentionJob(batch = RETENTION_BATCH): Job {
  return {
    name: 'retention.cleanup',
    // The work is all due work; the scheduler's Job also has a periodic part, which here has nothing
    // to do (a yearly no-op claim), since a period's one transaction would hold every batch at once.
    periodSeconds: 365 * DAY,
    run: async () => undefined,
    // Deletes only rows a month or more past (keys, sessions, old job records): nothing a batch reads or writes.
    independent: true,
    booksNothing: true,
    due: {
      next: (db) => nextRetentionDue(db),
      run: async (tx, now) => {
        const deleted = await removeExpired(tx, now, batch);
        return Object.values(deleted).reduce((a, b) => a + b, 0);
      },
    },
  };
}
