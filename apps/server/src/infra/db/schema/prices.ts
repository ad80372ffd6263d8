import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { assetSymbol, money, ts } from './columns';

/**
 * The history of every asset's USDT price: one row per asset at each hour's end (the hourly job
 * `market.prices.hourly`) and one at each operator change (`setPrice`). A movement is valued at the
 * latest row at or before its time (market/prices.ts, `priceAt`).
 */
export const assetPrices = pgTable(
  'asset_prices',
  {
    asset: assetSymbol('asset'),
    at: ts('at').notNull(),
    priceUsdt: money('price_usdt').notNull(),
    /** `hour`: the hourly record; `set`: an operator's (or the seed's) change. */
    source: text('source').notNull(),
  },
  // (asset, at) is the one index: a valuation probes it backwards from the movement's time.
  (t) => [primaryKey({ columns: [t.asset, t.at] })],
);
