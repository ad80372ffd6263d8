import { dec } from '@earn/domain';
import type { MarketAsset } from '../../../../api/queries';
import { formatAmount } from '../../../../components/format';

/** "≈ 78.14 USDC": received × price(coin) / price(payout coin), 8 decimals down; '—' without prices. */
export function estimatePayout(
  received: string,
  coin: string,
  payoutCoin: string,
  assets: MarketAsset[] | undefined,
): string {
  const from = assets?.find((a) => a.asset === coin)?.price_usdt;
  const to = assets?.find((a) => a.asset === payoutCoin)?.price_usdt;
  if (!from || !to || dec(to).isZero()) return '—';
  const value = dec(received).times(from).div(to).toDecimalPlaces(8, 1);
  return `≈ ${formatAmount(value.toFixed())} ${payoutCoin}`;
}
