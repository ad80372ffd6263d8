import {
  type AccountMode,
  blendedApr,
  checkSubscribe,
  dec,
  fixedBonusTiers,
  fixedSchedule,
  fixedTermPayout,
  roundSubscribeAmount,
  SimpleEarnHistoryType,
  SimpleEarnKey,
  SimpleEarnRedeemAccount,
  toWire,
  voucherDays,
} from '@earn/domain';
import { spotAvailability } from '../../../accounts/balances';
import { refuseLockedFunds } from '../../../accounts/settings';
import { getUser } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { UserPurpose, userAccount } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { priceUsdt } from '../../../market/assets';
import { orderAprTerms } from '../apr';
import { type FixedOrder, type FixedProduct, LINE_FIXED, SeReason, type Voucher } from '../model';
import {
  claimPersonalQuota,
  claimQuota,
  insertFixedOrder,
  spendVoucher,
  userVoucher,
} from '../store/fixed-orders';
import { history } from '../store/flex-positions';
import { onSale, remainingQuota, requireFixedProduct } from '../store/products';
import {
  assertRedeemAccount,
  assertVipRange,
  type FixedLendBody,
  lendable,
  specialEligible,
  voucherMatches,
} from './fixed-eligibility';
import { refuseBorrowedFunds, ruleError, withBalanceKey } from './rules';

/**
 * The product's own refusals of this subscription, in the order the spec's client expects them (on
 * sale, quota, VIP range, eligibility, rate, reinvest), and where the order is to be paid.
 */
async function chosenTerms(
  tx: Db,
  userId: number,
  product: FixedProduct,
  body: FixedLendBody,
  now: Date,
): Promise<{ reinvest: number; redeemAccount: number }> {
  const asset = product.asset;
  if (!onSale(product, now))
    throw errors.rule(SimpleEarnKey.notOnSale, 'This product is not on sale now', { coin: asset });
  if (remainingQuota(product).lt(product.minLendAmount))
    throw errors.rule(SimpleEarnKey.soldOut, 'Sold out', { coin: asset });
  await assertVipRange(tx, userId, product);
  if (!(await specialEligible(tx, userId, product))) {
    throw errors.rule(SimpleEarnKey.notEligible, 'You are not eligible for this product', {});
  }
  if (body.year_rate !== undefined && !dec(body.year_rate).eq(product.yearRate)) {
    throw errors.rule('simple_earn.rateChanged', 'The rate has changed; please check it and try again', {
      year_rate: toWire(product.yearRate),
    });
  }
  const reinvest = body.reinvest_status === 1 ? 1 : 0;
  if (reinvest === 1 && product.reinvest !== 1) {
    throw errors.rule(SimpleEarnKey.reinvestUnsupported, 'This product has no auto-reinvest', {});
  }
  let redeemAccount: number = SimpleEarnRedeemAccount.notOperated;
  if (reinvest === 0) {
    redeemAccount =
      body.redeem_account_type === SimpleEarnRedeemAccount.flexible
        ? SimpleEarnRedeemAccount.flexible
        : SimpleEarnRedeemAccount.spot;
    await assertRedeemAccount(tx, product, redeemAccount);
  }
  return { reinvest, redeemAccount };
}

/** The voucher the user chose, when it may be used on this asset now. */
async function chosenVoucher(
  tx: Db,
  userId: number,
  voucherId: number | undefined,
  asset: string,
  now: Date,
): Promise<Voucher | undefined> {
  if (!voucherId) return undefined;
  const found = await userVoucher(tx, userId, voucherId);
  if (!found || !voucherMatches(found, asset, now)) {
    throw errors.rule(SimpleEarnKey.voucherUnavailable, 'This voucher cannot be used', {});
  }
  return found;
}

/** Subscribes a fixed product: checks, the spot debit, the order, the voucher and both quotas, the history record. */
export async function subscribeFixed(
  tx: Db,
  userId: number,
  body: FixedLendBody,
  now: Date,
): Promise<FixedOrder> {
  const user = await getUser(tx, userId);
  refuseLockedFunds(user, SimpleEarnKey.notSubscribe);
  const product = await requireFixedProduct(tx, body.product_id);
  const asset = product.asset;
  const { reinvest, redeemAccount } = await chosenTerms(tx, userId, product, body, now);
  const amount = roundSubscribeAmount(body.amount);
  const voucher = await chosenVoucher(tx, userId, body.financial_rate_id, asset, now);
  const mode = user.accountMode as AccountMode;
  const [spot] = await spotAvailability(tx, userId, mode, [asset]);
  const { productRemaining, userRemaining } = await lendable(tx, userId, product);
  const failure = checkSubscribe({
    amount,
    minAmount: product.minLendAmount,
    available: spot?.lendEarnAvailable ?? 0,
    productRemaining,
    userRemaining: userRemaining ?? undefined,
    voucher: voucher
      ? { buy_limit_low: voucher.buyLimitLow, buy_limit_high: voucher.buyLimitHigh }
      : undefined,
    asset,
  });
  if (failure) throw ruleError(failure, 'Subscription refused');

  await withBalanceKey(
    () =>
      transfer(tx, {
        from: userAccount(userId, asset, UserPurpose.spot),
        to: userAccount(userId, asset, UserPurpose.fixed),
        amount,
        reason: SeReason.fixedSubscribe,
        at: now,
      }),
    asset,
  );
  await refuseBorrowedFunds(tx, userId, mode, asset);
  const schedule = fixedSchedule(Math.floor(now.getTime() / 1000), product.lockUpPeriod);
  const couponDays = voucher ? voucherDays(voucher.rateDay, product.lockUpPeriod) : 0;
  const tiers = fixedBonusTiers(product.bonusAsset, product.ladderApr);
  const ratio =
    product.bonusAsset && tiers.length > 0
      ? (await priceUsdt(tx, asset)).div(await priceUsdt(tx, product.bonusAsset))
      : dec(1);
  // The one rule the APR shown for this order also follows (packages/domain/src/simple-earn/apr.ts).
  const payout = fixedTermPayout(
    amount,
    {
      yearRate: product.yearRate,
      termDays: product.lockUpPeriod,
      bonusTiers: tiers,
      voucher: voucher ? { rateRatioPercent: voucher.rateRatio, rateDay: voucher.rateDay } : null,
    },
    ratio,
  );
  const bonus = payout.bonus;
  const order = await insertFixedOrder(tx, {
    userId,
    productId: product.id,
    asset,
    productType: product.type,
    principal: toWire(amount),
    yearRate: product.yearRate,
    lockUpPeriod: product.lockUpPeriod,
    interest: toWire(payout.interest),
    voucherId: voucher?.id ?? null,
    couponRateRatio: voucher?.rateRatio ?? '0',
    couponRateDay: couponDays,
    couponInterest: toWire(payout.voucher),
    bonusAsset: bonus.gt(0) ? product.bonusAsset : null,
    bonusAmount: toWire(bonus),
    reinvestStatus: reinvest,
    redeemAccountType: redeemAccount,
    status: 1,
    createdAt: now,
    startAt: new Date(schedule.startAt * 1000),
    finishAt: new Date(schedule.finishAt * 1000),
  });
  if (voucher && !(await spendVoucher(tx, voucher.id, order.id)))
    throw errors.rule(SimpleEarnKey.voucherUnavailable, 'This voucher was just used', {});
  if (!(await claimPersonalQuota(tx, product, userId, amount))) {
    throw errors.rule(SimpleEarnKey.individualRemainingQuota, 'Above your remaining quota', { coin: asset });
  }
  // The product row is hot: the quota is claimed here and taken from it at commit (se_fixed_quota_claims).
  await claimQuota(tx, product.id, amount);
  await history(tx, {
    userId,
    line: LINE_FIXED,
    type: SimpleEarnHistoryType.subscribe,
    mode: 0,
    asset,
    amount: toWire(amount),
    orderId: order.id,
    productId: product.id,
    lendRateYear: product.yearRate,
    blendedApr: toWire(blendedApr(amount, orderAprTerms(order, product.ladderApr)).apr),
    couponPrincipal: voucher ? toWire(amount) : null,
    rateRatio: voucher?.rateRatio ?? null,
    at: now,
  });
  return order;
}
