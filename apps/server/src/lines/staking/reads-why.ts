import { type Db, rows, sql } from '../../infra/db/client';
import type { StatementWhy, WhyRow } from '../../kernel/whys';

/**
 * A staking day's payment to spot: `day:${day start}`, or a shard's `day:${day start}:${product}` and
 * `:${first user id}` (staking engine). One posting per user and coin sums that user's records of the
 * day in that coin: the base reward and each campaign's, of every product (of the shard's product).
 */
const STAKING_DAY =
  /^staking day:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)(?::(\d{1,9})(?::\d{1,18})?)?$/;
/**
 * The reward records behind each staking-day payment row, in one read: the user's paid records of
 * those days in the row's coin (and the shard's product, when the payment was a shard's). A row whose
 * records are not found (none should be) opens nothing.
 */
export async function stakingWhys(
  db: Db,
  userId: number | undefined,
  found: readonly WhyRow[],
): Promise<Map<number, StatementWhy>> {
  const out = new Map<number, StatementWhy>();
  if (userId === undefined) return out;
  const wanted = found.flatMap((r, index) => {
    const m = r.line === 'staking' && r.type === 'reward' ? STAKING_DAY.exec(r.product) : null;
    return m?.[1] ? [{ index, row: r, day: m[1], product: m[2] === undefined ? null : Number(m[2]) }] : [];
  });
  if (wanted.length === 0) return out;
  const days = [...new Set(wanted.map((w) => w.day))];
  const records = await rows<{ id: string; coin: string; day: string; product_id: number }>(
    db,
    sql`SELECT id::text AS id, coin, to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS day, product_id
        FROM staking_rewards
        WHERE user_id = ${userId} AND paid
          AND day IN (${sql.join(
            days.map((d) => sql`${d}::timestamptz`),
            sql`, `,
          )})
        ORDER BY id`,
  );
  for (const w of wanted) {
    const ids = records
      .filter(
        (f) =>
          f.day === w.day && f.coin === w.row.asset && (w.product === null || f.product_id === w.product),
      )
      .map((f) => Number(f.id));
    if (ids.length > 0) out.set(w.index, { kind: 'staking_day', ids });
  }
  return out;
}
