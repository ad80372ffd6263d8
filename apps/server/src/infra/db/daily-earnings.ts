import { type SQL, sql } from 'drizzle-orm';

/**
 * The earnings (LineReads.earnings, kernel/reads.ts) of a line that pays once a day into `table`
 * (user_id, coin, day, amount, created_at): what was credited during [from, to); the day column
 * bounds the partitions read. Here, below the lines, because staking and soft staking both pay this
 * way and a line does not import another; the kernel keeps only the contract.
 */
export function dailyPaidEarnings(table: string, from: Date, to: Date): SQL {
  const s = from.toISOString();
  const e = to.toISOString();
  return sql`SELECT user_id, coin AS asset, amount FROM ${sql.identifier(table)}
          WHERE day >= ${s}::timestamptz - interval '7 days' AND day < ${e}::timestamptz
            AND created_at >= ${s}::timestamptz AND created_at < ${e}::timestamptz AND amount > 0`;
}
