import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../infra/db/client';
import type { Job } from '../../infra/jobs/scheduler';
import { indexHistoryDays } from '../../lines/simple-earn/store/history-days';

/**
 * The histories that grow by the hour or the day with every holding, partitioned by month of their time
 * column (migration 0029). Each began as its own DEFAULT partition `<table>_default`, holding the rows
 * from before the partitioning and any month that has no partition yet.
 */
export const PARTITIONED_TABLES = [
  {
    table: 'se_flex_interest',
    column: 'period_start',
    rollup: {
      keys: ['position_id', 'user_id', 'asset', 'bonus_asset'],
      sums: ['interest', 'bonus'],
      fill: { lent: '0', rate_year: '0' },
    },
  },
  {
    table: 'launchpool_rewards',
    column: 'hour_start',
    rollup: {
      keys: ['rid', 'user_id', 'pid', 'coin'],
      sums: ['amount'],
      fill: { created_at: 'max(created_at)' },
    },
  },
  {
    table: 'launchpool_interest',
    column: 'hour_start',
    rollup: {
      keys: ['rid', 'user_id', 'pid', 'coin'],
      sums: ['amount'],
      fill: { created_at: 'max(created_at)' },
    },
  },
  // Rewards held on a position (not paid) and paid ones share a key per day: a month has no single
  // row per key that keeps both apart, so staking's months are not rolled up nor detached.
  { table: 'staking_rewards', column: 'day', rollup: undefined },
  {
    table: 'soft_staking_payouts',
    column: 'day',
    rollup: {
      keys: ['user_id', 'coin'],
      sums: ['eligible', 'gross', 'amount'],
      fill: { rate: '0', carry: '0', created_at: 'max(created_at)' },
    },
  },
] as const satisfies readonly {
  table: string;
  column: string;
  /**
   * How a detached month stays in the sums: one row per key at the month's first instant, with the
   * month's totals, so every total by any key (what reconciliation and the screens add up) is unchanged.
   */
  rollup:
    | { keys: readonly string[]; sums: readonly string[]; fill: Readonly<Record<string, string>> }
    | undefined;
}[];

export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Months created ahead of the clock: a partition exists long before its first row. */
export const MONTHS_AHEAD = 2;

export function monthStart(at: Date, plusMonths = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plusMonths, 1));
}

export function partitionName(table: string, month: Date): string {
  const mm = String(month.getUTCMonth() + 1).padStart(2, '0');
  return `${table}_p${month.getUTCFullYear()}${mm}`;
}

// Identifiers come from the constant list above and dates this module formats, never from input.
const ident = (name: string) => sql.raw(`"${name}"`);
const literal = (at: Date) => sql.raw(`'${at.toISOString()}'`);

/**
 * Creates the partition of `month` unless it exists. Rows the default partition already holds for that
 * month (the clock got there before the job did) move into it in the same transaction, since
 * PostgreSQL refuses a partition whose rows the default still has.
 */
export async function ensurePartition(tx: Db, t: PartitionedTable, month: Date): Promise<boolean> {
  const name = partitionName(t.table, month);
  const [found] = await rows<{ n: number }>(
    tx,
    sql`SELECT 1 AS n FROM pg_class WHERE relname = ${name} AND relnamespace = 'public'::regnamespace`,
  );
  if (found) return false;
  const from = literal(month);
  const to = literal(monthStart(month, 1));
  const inRange = sql`${ident(t.column)} >= ${from} AND ${ident(t.column)} < ${to}`;
  await tx.execute(
    sql`CREATE TABLE ${ident(name)} (LIKE ${ident(t.table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
  );
  // The same bounds as a constraint: attaching then skips scanning the new table to prove them.
  await tx.execute(
    sql`ALTER TABLE ${ident(name)} ADD CONSTRAINT ${ident(`${name}_range`)} CHECK (${inRange})`,
  );
  await tx.execute(sql`WITH moved AS (DELETE FROM ${ident(`${t.table}_default`)} WHERE ${inRange} RETURNING *)
    INSERT INTO ${ident(name)} SELECT * FROM moved`);
  await tx.execute(
    sql`ALTER TABLE ${ident(t.table)} ATTACH PARTITION ${ident(name)} FOR VALUES FROM (${from}) TO (${to})`,
  );
  await tx.execute(sql`ALTER TABLE ${ident(name)} DROP CONSTRAINT ${ident(`${name}_range`)}`);
  return true;
}

/** Partitions for the months after `now`'s, up to MONTHS_AHEAD; answers the ones it created. */
export async function createAhead(tx: Db, now: Date): Promise<string[]> {
  const wanted = PARTITIONED_TABLES.flatMap((t) =>
    Array.from({ length: MONTHS_AHEAD }, (_, k) => ({ t, month: monthStart(now, k + 1) })),
  );
  // One look for them all: on most days every one exists (a daily job, months ahead).
  const names = wanted.map(({ t, month }) => sql`${partitionName(t.table, month)}`);
  const existing = await rows<{ name: string }>(
    tx,
    sql`SELECT relname::text AS name FROM pg_class
         WHERE relname IN (${sql.join(names, sql`, `)}) AND relnamespace = 'public'::regnamespace`,
  );
  const have = new Set(existing.map((r) => r.name));
  const created: string[] = [];
  for (const { t, month } of wanted) {
    if (have.has(partitionName(t.table, month))) continue;
    if (await ensurePartition(tx, t, month)) created.push(partitionName(t.table, month));
  }
  return created;
}

export interface PartitionInfo {
  table: string;
  partition: string;
  /** The partition's bounds as PostgreSQL states them, or DEFAULT. */
  bounds: string;
  rows: number;
}

export async function listPartitions(db: Db): Promise<PartitionInfo[]> {
  const names = PARTITIONED_TABLES.map((t) => t.table);
  const list = await rows<{ table: string; partition: string; bounds: string }>(
    db,
    sql`SELECT parent.relname AS table, child.relname AS partition, pg_get_expr(child.relpartbound, child.oid) AS bounds
      FROM pg_inherits i JOIN pg_class parent ON parent.oid = i.inhparent JOIN pg_class child ON child.oid = i.inhrelid
      WHERE parent.relname IN ${sql.raw(`(${names.map((n) => `'${n}'`).join(', ')})`)}
      ORDER BY parent.relname, child.relname`,
  );
  const out: PartitionInfo[] = [];
  for (const p of list) {
    const [count] = await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM ${ident(p.partition)}`);
    out.push({ ...p, rows: Number(count?.n ?? 0) });
  }
  return out;
}

/**
 * Detaches every monthly partition that ends on or before `before` (a month's first instant): each
 * becomes a table of its own, to archive (pg_dump -t) and drop. In the same transaction the month
 * leaves one row per key with its totals in the history (in the default partition), so reconciliation
 * and every sum still agree with the ledger; histories show the month as those totals.
 */
export async function detachBefore(db: Db, before: Date): Promise<string[]> {
  const detached: string[] = [];
  for (const p of await listPartitions(db)) {
    const match = /_p(\d{4})(\d{2})$/.exec(p.partition);
    const spec = PARTITIONED_TABLES.find((t) => t.table === p.table);
    if (!match || !spec?.rollup) continue;
    const month = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
    if (monthStart(month, 1).getTime() > before.getTime()) continue;
    const { keys, sums, fill } = spec.rollup;
    const columns = [spec.column, ...keys, ...sums, ...Object.keys(fill)].map((c) => `"${c}"`).join(', ');
    const values = [
      `'${month.toISOString()}'::timestamptz`,
      ...keys.map((k) => `"${k}"`),
      ...sums.map((c) => `sum("${c}")`),
      ...Object.values(fill),
    ].join(', ');
    await db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE ${ident(p.table)} DETACH PARTITION ${ident(p.partition)}`);
      await tx.execute(
        sql.raw(`INSERT INTO "${p.table}" (${columns}) SELECT ${values} FROM "${p.partition}"
          GROUP BY ${keys.map((k) => `"${k}"`).join(', ')}`),
      );
      // The flexible history's index of hours follows the rows: the month's days (and the next
      // month's first, whose midnight record was the month's last hour) now hold its totals.
      if (p.table === 'se_flex_interest')
        await indexHistoryDays(tx, month, new Date(monthStart(month, 1).getTime() + 86_400_000));
    });
    detached.push(p.partition);
  }
  return detached;
}

/** Daily: the next months' partitions exist before the clock reaches them. */
export function partitionsJob(): Job {
  return {
    name: 'partitions.maintain',
    periodSeconds: 24 * 3600,
    run: async (tx, period) => {
      await createAhead(tx, period.end);
    },
    // It creates the months after the clock's (a month of rows lies between them and any batch's hours).
    independent: true,
    booksNothing: true,
  };
}
