import { dec, SimpleEarnKey, SimpleEarnProductType, SimpleEarnRedeemAccount } from '@earn/domain';
import { getUser } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import type { FixedProduct, Voucher } from '../model';
import { fixedOrderCount, userQuotaUsed } from '../store/fixed-orders';
import { flexProduct, remainingQuota } from '../store/products';

export interface FixedLendBody {
  product_id: number;
  amount: string;
  year_rate?: string;
  reinvest_status?: number;
  redeem_account_type?: number;
  financial_rate_id?: number;
}

/**
 * Special products: when the operator lists users, only they may subscribe; otherwise the product is
 * for newcomers to fixed simple earn (no fixed order before).
 */
export async function specialEligible(db: Db, userId: number, product: FixedProduct): Promise<boolean> {
  if (product.type !== SimpleEarnProductType.special) return true;
  if (product.specialUsers.length > 0) return product.specialUsers.includes(userId);
  return (await fixedOrderCount(db, userId)) === 0;
}

export function voucherMatches(v: Voucher, asset: string, now: Date): boolean {
  const currencies = v.usingCurrency
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return (
    v.usedOrderId === null &&
    v.expiredAt.getTime() > now.getTime() &&
    (currencies.length === 0 || currencies.includes(asset))
  );
}

/** What the user may still put into the product: personal cap (if any) and product capacity. */
export async function lendable(db: Db, userId: number, product: FixedProduct) {
  const productRemaining = remainingQuota(product);
  const cap = dec(product.userMaxLendVolume);
  const userRemaining = cap.isZero() ? null : cap.minus(await userQuotaUsed(db, product.id, userId));
  return { productRemaining, userRemaining };
}

export async function assertVipRange(db: Db, userId: number, product: FixedProduct): Promise<void> {
  if (product.type !== SimpleEarnProductType.vip) return;
  const tier = (await getUser(db, userId)).vipTier;
  if (tier < product.minVip) {
    throw errors.rule(SimpleEarnKey.vipExclusive, `This product is for VIP ${product.minVip} and above`, {
      min_vip: product.minVip,
    });
  }
  if (product.maxVip > 0 && tier > product.maxVip) {
    throw errors.rule(
      SimpleEarnKey.vipAbove,
      `This product is for VIP ${product.minVip} to ${product.maxVip}`,
      {
        max_vip: product.maxVip,
      },
    );
  }
}

/** Paying into flexible needs the product to allow a choice and the coin to have a flexible product. */
export async function assertRedeemAccount(tx: Db, product: FixedProduct, type: number): Promise<void> {
  if (type !== SimpleEarnRedeemAccount.flexible) return;
  if (product.redeemAccount !== 1 || !(await flexProduct(tx, product.asset))) {
    throw errors.rule(
      SimpleEarnKey.redeemAccountUnsupported,
      'This product pays out to the spot account only',
      {},
    );
  }
}
