import { useQuery } from '@tanstack/react-query';
import { queries } from '../api/queries';
import { centDecimals } from './format';

/** Before the listed assets load, or for a coin they do not list: the app's amounts' 8 decimals. */
const FALLBACK_DECIMALS = 8;

/**
 * The decimals a valuation of each coin is shown to: a cent's worth at the coin's USDT price (as the
 * assets page and the overview show values in USDT to the cent), never finer than the asset's own
 * decimals (GET /api/web/v1/market/assets). USDT: 2; BTC at 60,000: 7.
 */
export function useValuationDecimals(): (coin: string) => number {
  const assets = useQuery(queries.assets());
  return (coin) => {
    const asset = assets.data?.find((a) => a.asset === coin);
    return asset ? Math.min(asset.precision, centDecimals(asset.price_usdt)) : FALLBACK_DECIMALS;
  };
}
