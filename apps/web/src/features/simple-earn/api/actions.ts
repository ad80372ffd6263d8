import { isApiError } from '../../../api/client';
import { handleApiError, toast } from '../../../api/errors';
import { useApiAction } from '../../../api/useApiAction';
import { i18next } from '../../../i18n';
import { API, fetchTradeInfo, fixedBase } from './queries';

/**
 * Section 8's lock check before a subscribe or redeem: funding in use and locked stops the action
 * with the spec's warning; a failed check shows 'Networkerr'. Resolves true when the action may go on.
 */
export async function passesLockCheck(action: 'subscribe' | 'redeem'): Promise<boolean> {
  try {
    const info = await fetchTradeInfo();
    if (info.use_funding && info.locked) {
      toast(
        'warning',
        i18next.t(action === 'subscribe' ? 'lend_earn.notsubscribe.toast' : 'lend_earn.notredeem.toast'),
      );
      return false;
    }
    return true;
  } catch (e) {
    if (isApiError(e) && e.code === 401) {
      handleApiError(e);
      return false;
    }
    toast('error', i18next.t('Networkerr'));
    return false;
  }
}

/** A rule failure the dialog shows under its input, or null when the toast catalogue should speak. */
export function inlineRule(e: unknown): { key: string; params: Record<string, unknown> } | null {
  if (isApiError(e) && e.kind === 'api' && e.key && i18next.exists(e.key))
    return { key: e.key, params: e.params };
  return null;
}

export const useFlexSubscribe = () =>
  useApiAction({
    name: 'simpleEarn.subscribe.flexible',
    path: `${API}/uni-loan/earn/subscribe`,
    form: true,
    silent: true,
  });

export const useFixedSubscribe = (vip = false) =>
  useApiAction({
    name: 'simpleEarn.subscribe.fixed',
    path: `${fixedBase(vip)}/user/lend`,
    form: true,
    silent: true,
  });

export const useFlexRedeem = () =>
  useApiAction({
    name: 'simpleEarn.redeem',
    path: `${API}/uni-loan/earn/redeem`,
    form: true,
    silent: true,
  });

export const useCancelRedeem = () =>
  useApiAction({
    name: 'simpleEarn.redeem.cancel',
    path: `${API}/uni-loan/earn/redeem/cancel`,
    form: true,
  });

export const usePreRedeem = (vip = false) =>
  useApiAction({
    name: 'simpleEarn.preRedeem',
    path: `${fixedBase(vip)}/user/pre-redeem`,
    form: true,
  });

export const useSetMinRate = () =>
  useApiAction({
    name: 'simpleEarn.interestRate',
    path: `${API}/uni-loan/earn/interest-rate`,
    form: true,
    silent: true,
  });

export const useAutoInvest = () =>
  useApiAction({
    name: 'simpleEarn.autoInvest',
    path: `${API}/uni-loan/earn/autoivest`,
    form: true,
  });

export const useSetReinvest = (vip = false) =>
  useApiAction({
    name: 'simpleEarn.reinvest',
    method: 'put',
    path: `${fixedBase(vip)}/user/reinvest-status/{order_id}`,
    form: true,
  });

export const useSetRedeemAccount = (vip = false) =>
  useApiAction({
    name: 'simpleEarn.redeemAccount',
    method: 'put',
    path: `${fixedBase(vip)}/user/redeem-account-type/{order_id}`,
    form: true,
  });
