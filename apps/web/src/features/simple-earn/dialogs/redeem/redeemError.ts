import { checkFlexibleRedeem, dec, MIN_FLEXIBLE_REDEEM } from '@earn/domain';
import { trimAmountOnBlur } from '../../../../components/amount';

/** Section 5: the text starting with 0.000000 is below the smallest redemption. */
export function redeemError(
  text: string,
  redeemable: string,
  asset: string,
): { key: string; params: Record<string, string> } | null {
  if (text.startsWith('0.000000'))
    return { key: 'redeem.number.minLimit', params: { amount: MIN_FLEXIBLE_REDEEM, coin: asset } };
  const t = trimAmountOnBlur(text);
  if (!t || dec(t).isZero()) return null;
  return checkFlexibleRedeem(dec(t), redeemable, asset);
}
