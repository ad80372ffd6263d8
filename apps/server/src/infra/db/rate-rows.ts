import type { SQL } from 'drizzle-orm';
import type { RateRow } from '../../kernel/reads';
import { type Db, rows, sql } from './client';

/** A line's rates read by one query yielding (target, asset, product_id, rate), ordered by target. */
export const rateQuery =
  (q: SQL) =>
  (db: Db): Promise<RateRow[]> =>
    rows<RateRow>(
      db,
      sql`SELECT target, asset, product_id, rate::text AS rate FROM (${q}) q ORDER BY target`,
    ).then((list) =>
      list.map((r) => ({ ...r, product_id: r.product_id === null ? null : Number(r.product_id) })),
    );
