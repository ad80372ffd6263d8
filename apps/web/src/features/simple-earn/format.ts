import { dec } from '@earn/domain';
import { formatAmount, formatFractionPercent, formatPercent } from '../../components/format';

/** A fraction as a percentage for display: 0.0523 → "5.23%" (the app's one rule: fixed decimals, half up). */
export function pct(fraction: string | number, decimals = 2): string {
  return formatFractionPercent(dec(fraction || 0).toFixed(), decimals);
}

/** A percentage already in percent: "2" → "2.00%". */
export function pctOf(percent: string, decimals = 2): string {
  return formatPercent(dec(percent || 0).toFixed(), decimals);
}

/** Amounts: 8 decimals, cut. */
export function amt(value: string, decimals = 8): string {
  return formatAmount(dec(value || 0).toFixed(), decimals);
}

/** Stablecoins skip the USDT conversion hint (section 9). */
export const STABLECOINS = ['USDT', 'USDC', 'USD', 'USDD'] as const;
export function usdtHint(asset: string, amount: string, usdtRate: string): string | null {
  if ((STABLECOINS as readonly string[]).includes(asset) || !amount || !usdtRate) return null;
  return `≈ ${formatAmount(dec(amount).times(usdtRate).toFixed(), 2)} USDT`;
}

/** The server's day as 'YYYY-MM-DD' in UTC, the zone of every date the lists write (and of the days picked). */
export function serverDay(nowSeconds: number): string {
  return new Date(nowSeconds * 1000).toISOString().slice(0, 10);
}

/** The last `days` days up to the server's today (UTC), as a picker range. */
export function lastDays(nowSeconds: number, days: number): [string, string] {
  return [serverDay(nowSeconds - days * 86_400), serverDay(nowSeconds)];
}
