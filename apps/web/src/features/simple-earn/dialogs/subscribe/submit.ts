import { dec, roundSubscribeAmount, SimpleEarnProductType, SimpleEarnRedeemAccount } from '@earn/domain';
import { handleApiError } from '../../../../api/errors';
import { requireLogin } from '../../../../api/session';
import type { useMoneySubmit } from '../../../../components/money-submit/useMoneySubmit';
import {
  inlineRule,
  passesLockCheck,
  type useFixedSubscribe,
  type useFlexSubscribe,
} from '../../api/actions';
import { fetchSubscribeCheck } from '../../api/queries';
import type { FixedProduct, Voucher } from '../../api/types';
import { amountApr } from '../../rules';
import type { SubscribeSuccess } from './constants';

/**
 * The subscribe action: the lock check, a special product's eligibility, then the order, all under the
 * one money submit (one Idempotency-Key for the order, reused by a second click and on retries).
 */
export function subscribeSubmit({
  isLoggedIn,
  canSubmit,
  reinvestOn,
  held,
  amount,
  product,
  fixed,
  vip,
  redeemTo,
  voucher,
  submitter,
  fixedAction,
  flexAction,
  refresh,
  setSuccess,
  setServerError,
  setIneligible,
}: {
  isLoggedIn: boolean;
  canSubmit: boolean;
  reinvestOn: boolean;
  held: string;
  amount: string | null;
  product: FixedProduct;
  fixed: boolean;
  vip: boolean;
  redeemTo: number;
  voucher: Voucher | null;
  submitter: ReturnType<typeof useMoneySubmit>;
  fixedAction: ReturnType<typeof useFixedSubscribe>;
  flexAction: ReturnType<typeof useFlexSubscribe>;
  refresh: () => Promise<unknown>;
  setSuccess: (s: SubscribeSuccess) => void;
  setServerError: (e: { key: string; params: Record<string, unknown> }) => void;
  setIneligible: (v: boolean) => void;
}): () => Promise<void> {
  const passesSpecialCheck = async (): Promise<boolean> => {
    if (product.type !== SimpleEarnProductType.special) return true;
    let able = false;
    try {
      able = (await fetchSubscribeCheck(product.id)).is_able_subscribe;
    } catch (e) {
      handleApiError(e, { action: 'simpleEarn.subscribeCheck' });
    }
    if (!able) setIneligible(true);
    return able;
  };

  const submit = async () => {
    if (!isLoggedIn) return requireLogin();
    if (!canSubmit || !amount) return;
    const sent = roundSubscribeAmount(amount).toFixed();
    const fixedBody = {
      product_id: product.id,
      redeem_account_type: reinvestOn ? SimpleEarnRedeemAccount.notOperated : redeemTo,
      reinvest_status: reinvestOn ? 1 : 0,
      amount: sent,
      year_rate: product.year_rate,
      financial_rate_id: voucher?.financial_rate_id,
      ...(vip ? { isVip: 1 } : {}),
    };
    const flexBody = { asset: product.asset, amount: sent, rateYear: product.year_rate };
    try {
      const done = await submitter.run(fixed ? fixedBody : flexBody, async (idempotencyKey) => {
        if (!(await passesLockCheck('subscribe')) || !(await passesSpecialCheck())) return null;
        if (fixed) {
          const order = await fixedAction.run(fixedBody, { idempotencyKey });
          // The order's APR over its term, as its holding card and history record show it.
          return order?.blended_apr ?? amountApr(product, sent, voucher)?.apr.toFixed() ?? product.year_rate;
        }
        const answer = await flexAction.run(flexBody, { idempotencyKey });
        // The holding's APR once this amount earns, as the holding card and history record show it.
        return (
          answer?.blended_apr ??
          amountApr(product, dec(held).plus(sent).toFixed())?.apr.toFixed() ??
          product.year_rate
        );
      });
      if (!done || done.value === null) return;
      setSuccess({ amount: sent, product, apr: done.value });
      await refresh();
    } catch (e) {
      const rule = inlineRule(e);
      if (rule) setServerError(rule);
      else
        handleApiError(e, { action: fixed ? 'simpleEarn.subscribe.fixed' : 'simpleEarn.subscribe.flexible' });
    }
  };
  return submit;
}
