import { dec, fixedMaxAmount, roundSubscribeAmount } from '@earn/domain';
import type { TFunction } from 'i18next';
import type { useMe } from '../../../../app/auth';
import type {
  AutoInvest,
  FixedProduct,
  FlexHolding,
  Lendable,
  ProductDetail,
  Voucher,
} from '../../api/types';
import { isSoldOut, subscribeFailure, vipStanding } from '../../rules';

/**
 * What the subscribe form shows and allows, from its state and the server's figures: the rule the
 * amount breaks, the maximum, whether Subscribe is on and why not, the holding a flexible amount is
 * placed above.
 */
export function subscribeFigures({
  t,
  me,
  isLoggedIn,
  detail,
  product,
  fixed,
  tier,
  amount,
  voucher,
  reinvest,
  serverError,
  specialBlocked,
  online,
  available,
  lendable,
  holdings,
  autoInvest,
}: {
  t: TFunction;
  me: ReturnType<typeof useMe>['me'];
  isLoggedIn: boolean;
  detail: ProductDetail;
  product: FixedProduct;
  fixed: boolean;
  tier: number;
  amount: string | null;
  voucher: Voucher | null;
  reinvest: number;
  serverError: { key: string; params: Record<string, unknown> } | null;
  specialBlocked: boolean;
  online: boolean;
  available: string | undefined;
  lendable: Lendable | undefined;
  holdings: { list: FlexHolding[] } | undefined;
  autoInvest: AutoInvest | undefined;
}) {
  const soldOut = isSoldOut(product);
  const standing = vipStanding(product, tier);
  const availableAmount = available ?? '0';
  const canReinvest = fixed && product.reinvest === 1;
  const reinvestOn = canReinvest && reinvest === 1;
  const canChooseRedeemTo = fixed && product.redeem_account === 1;
  const failure = isLoggedIn
    ? subscribeFailure({ amount, product, available: availableAmount, lendable: lendable, voucher })
    : null;
  const errorText = failure
    ? t(failure.key, failure.params)
    : serverError
      ? t(serverError.key, serverError.params)
      : null;
  const max = !isLoggedIn
    ? null
    : fixed
      ? lendable
        ? fixedMaxAmount(lendable.lendable, availableAmount).toFixed()
        : null
      : roundSubscribeAmount(availableAmount).toFixed();
  const noRate = dec(product.year_rate || 0).isZero();
  const blocked = soldOut || standing !== 'ok' || noRate || specialBlocked;
  const canSubmit = isLoggedIn && !!amount && !failure && !serverError && !blocked && online;
  // Why Subscribe is greyed, unless the dialog already says it (sold-out alert and label, the VIP card
  // for a tier above the range, the rule under the amount).
  const submitBlock =
    soldOut || specialBlocked || standing === 'above' || errorText || !online
      ? null
      : standing === 'below'
        ? t('se.vip.upgradeBody', { tier: product.min_vip })
        : noRate
          ? t('se.noRateReason')
          : !amount
            ? t('amount.enterFirst')
            : null;
  const flexHolding = holdings?.list.find((h) => h.asset === detail.asset);
  // What already earns (or waits to) in the holding: a new amount is placed above it on the ladder.
  const held = flexHolding
    ? dec(flexHolding.principal || 0)
        .plus(flexHolding.pending_amount || 0)
        .toFixed()
    : '0';
  const autoStatus =
    autoInvest?.list.find((a) => a.asset === detail.asset)?.status ?? autoInvest?.global_status ?? 0;
  const spotLabel = me && me.account_mode !== 'classic' ? t('se.redeemTo.unified') : t('se.redeemTo.spot');
  return {
    soldOut,
    standing,
    availableAmount,
    canReinvest,
    reinvestOn,
    canChooseRedeemTo,
    failure,
    errorText,
    max,
    noRate,
    blocked,
    canSubmit,
    submitBlock,
    flexHolding,
    held,
    autoStatus,
    spotLabel,
  };
}
