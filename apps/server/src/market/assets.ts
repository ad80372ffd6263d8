import { type Decimal, dec, toWire } from '@earn/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { assets } from '../infra/db/schema';
import { errors } from '../kernel/errors';
import { QUOTE_ASSET, recordPriceChange } from './prices';

export type AssetRow = typeof assets.$inferSelect;

export { QUOTE_ASSET };

export async function findAsset(db: Db, symbol: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(assets).where(eq(assets.symbol, symbol.toUpperCase()));
  return row;
}

/** The asset, or the "unknown asset" error every call answers for a coin we do not list. */
export async function requireAsset(db: Db, symbol: string): Promise<AssetRow> {
  const row = await findAsset(db, symbol);
  if (!row) throw errors.unknownAsset(symbol);
  return row;
}

export async function requireAssets(db: Db, symbols: string[]): Promise<AssetRow[]> {
  const wanted = [...new Set(symbols.map((s) => s.toUpperCase()))];
  if (wanted.length === 0) return [];
  const found = await db.select().from(assets).where(inArray(assets.symbol, wanted));
  const missing = wanted.find((s) => !found.some((f) => f.symbol === s));
  if (missing) throw errors.unknownAsset(missing);
  return found;
}

export async function listAssets(db: Db): Promise<AssetRow[]> {
  return db.select().from(assets).orderBy(assets.symbol);
}

export async function priceUsdt(db: Db, symbol: string): Promise<Decimal> {
  if (symbol === QUOTE_ASSET) return dec(1);
  return dec((await requireAsset(db, symbol)).priceUsdt);
}

/** Sets a price, listing the asset if it is new. */
export async function setPrice(
  db: Db,
  opts: { symbol: string; usdt: Decimal; at: Date; name?: string; precision?: number },
): Promise<AssetRow> {
  const symbol = opts.symbol.toUpperCase();
  if (symbol === QUOTE_ASSET && !opts.usdt.eq(1)) {
    throw errors.invalidParams('USDT is the quote currency; its price is fixed at 1');
  }
  const [row] = await db
    .insert(assets)
    .values({
      symbol,
      name: opts.name ?? symbol,
      priceUsdt: toWire(opts.usdt),
      precision: opts.precision ?? 8,
      listedAt: opts.at,
      updatedAt: opts.at,
    })
    .onConflictDoUpdate({ target: assets.symbol, set: { priceUsdt: toWire(opts.usdt), updatedAt: opts.at } })
    .returning();
  if (!row) throw new Error('asset upsert returned nothing');
  await recordPriceChange(db, symbol, opts.usdt, opts.at);
  return row;
}
