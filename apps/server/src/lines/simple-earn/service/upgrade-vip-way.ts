import { dec, SimpleEarnProductType, toWire, VIP_RESUBSCRIBE_TIER } from '@earn/domain';
import { getUser } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { UserPurpose } from '../../../ledger/accounts';
import { balancesOf } from '../../../ledger/ledger';
import { fixedProduct } from '../store/products';

/**
 * How the user reaches the VIP tier a product needs (tier 5 without one). Our tier rule for the
 * guide: each tier needs 1000 GT held or 1 000 000 USDT of 60-day volume; holding GT is recommended
 * while its gap is under 10 000, else trade volume.
 */
export async function upgradeVipWay(db: Db, userId: number, pid: number | undefined) {
  const user = await getUser(db, userId);
  const product = pid ? await fixedProduct(db, pid) : undefined;
  const target =
    product && product.type === SimpleEarnProductType.vip ? product.minVip : VIP_RESUBSCRIBE_TIER;
  if (user.vipTier >= target)
    return { recommend_type: 0, recommend_asset: '', recommend_value: '0', target_tier: target };
  const held = [UserPurpose.spot, UserPurpose.flexible, UserPurpose.fixed];
  let gt = dec(0);
  for (const purpose of held) gt = gt.plus((await balancesOf(db, user.id, purpose, ['GT'])).get('GT') ?? 0);
  const gtGap = dec(1000).times(target).minus(gt);
  if (gtGap.lt(10_000)) {
    return {
      recommend_type: 1,
      recommend_asset: 'GT',
      recommend_value: toWire(gtGap.gt(0) ? gtGap : 0),
      target_tier: target,
    };
  }
  const volumeGap = dec(1_000_000).times(target).minus(user.tradingVolume60d);
  return {
    recommend_type: 3,
    recommend_asset: 'USDT',
    recommend_value: toWire(volumeGap.gt(0) ? volumeGap : 0),
    target_tier: target,
  };
}
