import { type Decimal, dec } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../infra/db/client';
import type { Job } from '../infra/jobs/scheduler';

/** USDT is the quote currency: its price is 1 by definition and cannot be set. */
export const QUOTE_ASSET = 'USDT';

/**
 * Prices over time. `asset_prices` keeps a row per listed asset at every hour's end (the job below)
 * and one at every operator change (setPrice), so each payout can be valued at the price of its time.
 */

/** Records each listed asset's current price at `at`; a second run for the same instant adds nothing. */
export async function recordPrices(tx: Db, at: Date): Promise<void> {
  await tx.execute(sql`INSERT INTO asset_prices (asset, at, price_usdt, source)
    SELECT symbol, ${at.toISOString()}::timestamptz, price_usdt, 'hour' FROM assets WHERE symbol <> ${QUOTE_ASSET}
    ON CONFLICT (asset, at) DO NOTHING`);
}

/** Writes an operator's price change into the history at the instant it was made. */
export async function recordPriceChange(tx: Db, asset: string, usdt: Decimal, at: Date): Promise<void> {
  if (asset === QUOTE_ASSET) return;
  await tx.execute(sql`INSERT INTO asset_prices (asset, at, price_usdt, source)
    VALUES (${asset}, ${at.toISOString()}::timestamptz, ${usdt.toFixed()}::numeric, 'set')
    ON CONFLICT (asset, at) DO UPDATE SET price_usdt = EXCLUDED.price_usdt, source = 'set'`);
}

/**
 * SQL for an asset's USDT price at an instant: USDT is 1; otherwise the latest recorded price at or
 * before it; before the first record, the first record (the earliest price known); an asset never
 * recorded, its current price; an unknown asset, NULL.
 */
export function priceAtSql(asset: SQL, at: SQL): SQL {
  return sql`(CASE WHEN ${asset} = ${QUOTE_ASSET} THEN 1::numeric ELSE COALESCE(
      (SELECT ap.price_usdt FROM asset_prices ap WHERE ap.asset = ${asset} AND ap.at <= ${at} ORDER BY ap.at DESC LIMIT 1),
      (SELECT ap.price_usdt FROM asset_prices ap WHERE ap.asset = ${asset} ORDER BY ap.at LIMIT 1),
      (SELECT a.price_usdt FROM assets a WHERE a.symbol = ${asset})) END)`;
}

/**
 * SQL for the price in force at an instant, for a fixing: the latest recorded at or before it and no
 * older than `maxAgeSeconds` (the hourly record makes one each hour; an older one is a stopped feed);
 * NULL when there is none. No fallback, unlike priceAtSql: a settlement needs the price of its time.
 */
export function priceInForceSql(asset: SQL, at: SQL, maxAgeSeconds: number): SQL {
  return sql`(CASE WHEN ${asset} = ${QUOTE_ASSET} THEN 1::numeric ELSE
      (SELECT ap.price_usdt FROM asset_prices ap WHERE ap.asset = ${asset} AND ap.at <= ${at}
          AND ap.at >= ${at} - make_interval(secs => ${maxAgeSeconds}) ORDER BY ap.at DESC LIMIT 1) END)`;
}

/** An asset's USDT price at an instant (see priceAtSql); undefined for an asset never listed. */
export async function priceAt(db: Db, asset: string, at: Date): Promise<Decimal | undefined> {
  const [row] = await rows<{ price: string | null }>(
    db,
    sql`SELECT ${priceAtSql(sql`${asset.toUpperCase()}::text`, sql`${at.toISOString()}::timestamptz`)}::text AS price`,
  );
  return row?.price == null ? undefined : dec(row.price);
}

/**
 * Hourly: every listed asset's price at the hour's end. Set-based (one INSERT … SELECT), claimed per
 * hour by the scheduler, and ON CONFLICT DO NOTHING besides, so it is idempotent and safe to race.
 */
export function priceHistoryJob(): Job {
  return {
    name: 'market.prices.hourly',
    periodSeconds: 3600,
    run: (tx, period) => recordPrices(tx, period.end),
    // A clock advance records consecutive hours in one statement: each hour's row is the listed price,
    // which only an operator call changes (never inside a stop's transaction), so every hour of the
    // batch records what it would alone. The scheduler bounds the batch before any job that is not
    // independent (a dual settlement reads the hour's price), and writes each hour's job_runs claim.
    batch: {
      async run(tx, first, max) {
        if (max < 1) return [];
        const last = new Date(first.end.getTime() + (max - 1) * 3_600_000);
        await tx.execute(sql`INSERT INTO asset_prices (asset, at, price_usdt, source)
          SELECT a.symbol, h, a.price_usdt, 'hour'
            FROM assets a
           CROSS JOIN generate_series(${first.end.toISOString()}::timestamptz, ${last.toISOString()}::timestamptz,
                                      interval '1 hour') h
           WHERE a.symbol <> ${QUOTE_ASSET}
          ON CONFLICT (asset, at) DO NOTHING`);
        return Array.from({ length: max }, () => []);
      },
    },
    // Reads the listed prices and writes their history: nothing another job's batch reads or writes.
    independent: true,
    booksNothing: true,
  };
}
