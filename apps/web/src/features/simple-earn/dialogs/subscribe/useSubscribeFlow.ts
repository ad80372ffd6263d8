import { SimpleEarnRedeemAccount } from '@earn/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../../app/auth';
import { useMoneySubmit } from '../../../../components/money-submit/useMoneySubmit';
import { useOnline } from '../../../../components/OfflineNotice';
import { useFixedSubscribe, useFlexSubscribe } from '../../api/actions';
import { seQueries } from '../../api/queries';
import type { ProductDetail, Voucher } from '../../api/types';
import { useRefreshEarn, useServerNow, useSpecialEligibility, useVipTier } from '../../hooks';
import { prefs } from '../../prefs';
import { vouchersFor } from '../../rules';
import type { AutoEarnTarget } from '../AutoEarnModal';

import { SUBSCRIBE_DEBOUNCE_MS, type SubscribeSuccess } from './constants';
import { subscribeFigures } from './figures';
import { subscribeSubmit } from './submit';

/**
 * The subscribe dialog's state: the term, the amount, the voucher, reinvest and redeem-to (remembered
 * in prefs), the server's inline refusal, the success answer and the small dialogs it opens; the
 * figures derived from them (`figures.ts`) and the submit (`submit.ts`). Null while the asset has no
 * term to show.
 */
export function useSubscribeFlow({
  detail,
  initialId,
  vip,
}: {
  detail: ProductDetail;
  initialId?: number;
  vip: boolean;
}) {
  const { t } = useTranslation();
  const { me, isLoggedIn } = useMe();
  const tier = useVipTier();
  const now = useServerNow();
  const refresh = useRefreshEarn();
  const entries = detail.fixed_list;
  const [productId, setProductId] = useState<number>(
    entries.some((p) => p.id === initialId) ? (initialId as number) : (entries[0]?.id ?? 0),
  );
  const product = entries.find((p) => p.id === productId) ?? entries[0];
  const fixed = !!product && product.id !== 0;
  const [amount, setAmount] = useState<string | null>(null);
  const [voucherId, setVoucherId] = useState<string | null>(null);
  const { reinvest, setReinvestChoice, redeemTo, setRedeemTo } = useReinvestChoice();
  const [serverError, setServerError] = useState<{ key: string; params: Record<string, unknown> } | null>(
    null,
  );
  const [success, setSuccess] = useState<SubscribeSuccess | null>(null);
  const [ineligible, setIneligible] = useState(false);
  const [minAprOpen, setMinAprOpen] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const [autoEarn, setAutoEarn] = useState<AutoEarnTarget | null>(null);
  const selectedTermRef = useRef<HTMLButtonElement>(null);
  // On a narrow screen the term row scrolls: bring the chosen term into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on term change only
  useEffect(() => {
    selectedTermRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [productId]);

  const available = useQuery({ ...seQueries.available(detail.asset), enabled: isLoggedIn });
  const lendable = useQuery({ ...seQueries.lendable(product?.id ?? 0, vip), enabled: isLoggedIn && fixed });
  const vouchers = useQuery({ ...seQueries.vouchers(product?.id ?? 0), enabled: isLoggedIn && fixed });
  const holdings = useQuery({ ...seQueries.flexHoldings(), enabled: isLoggedIn && !fixed });
  const autoInvest = useQuery({ ...seQueries.autoInvest(), enabled: isLoggedIn && !fixed });
  const flexAction = useFlexSubscribe();
  const fixedAction = useFixedSubscribe(vip);
  // One subscription is one order: a double click or a second try sends the action's one key; the
  // spec's 500 ms debounce on top. The body is mounted with its dialog: reopened, it is a new action.
  const submitter = useMoneySubmit({ debounceMs: SUBSCRIBE_DEBOUNCE_MS });
  const online = useOnline();
  // A special product's eligibility is asked when it is shown, not only at Subscribe (issue 27).
  const special = useSpecialEligibility(product);
  const specialBlocked = isLoggedIn && special.special && special.eligible !== true;

  // A new term starts clean: its own voucher list, quota and server answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on term change only
  useEffect(() => {
    setVoucherId(null);
    setServerError(null);
  }, [productId]);

  const usable = useMemo(
    () => vouchersFor(vouchers.data?.list ?? [], detail.asset),
    [vouchers.data, detail.asset],
  );
  const voucher: Voucher | null = usable.find((v) => String(v.id) === voucherId) ?? null;
  if (!product) return null;

  const figures = subscribeFigures({
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
    available: available.data,
    lendable: lendable.data,
    holdings: holdings.data,
    autoInvest: autoInvest.data,
  });
  const submit = subscribeSubmit({
    isLoggedIn,
    canSubmit: figures.canSubmit,
    reinvestOn: figures.reinvestOn,
    held: figures.held,
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
  });

  return {
    ...figures,
    detail,
    entries,
    product,
    fixed,
    tier,
    now,
    isLoggedIn,
    productId,
    setProductId,
    selectedTermRef,
    amount,
    setAmount,
    voucherId,
    setVoucherId,
    voucher,
    usable,
    redeemTo,
    setRedeemTo,
    setReinvestChoice,
    serverError,
    setServerError,
    success,
    setSuccess,
    ineligible,
    setIneligible,
    minAprOpen,
    setMinAprOpen,
    depositOpen,
    setDepositOpen,
    autoEarn,
    setAutoEarn,
    special,
    specialBlocked,
    lendable,
    pending: submitter.pending,
    submitter,
    submit,
  };
}

/** Auto-reinvest and redeem-to, remembered in prefs; reinvest off puts redeem-to back to spot. */
function useReinvestChoice() {
  const [reinvest, setReinvest] = useState<number>(() => prefs.reinvestStatus());
  const [redeemTo, setRedeemTo] = useState<number>(
    () => prefs.redeemAccountType() || SimpleEarnRedeemAccount.spot,
  );

  const setReinvestChoice = (on: boolean) => {
    setReinvest(on ? 1 : 0);
    prefs.setReinvestStatus(on ? 1 : 0);
    if (!on) {
      // Section 4: off restores redeem-to as operated and resets the stored type to 1.
      setRedeemTo(SimpleEarnRedeemAccount.spot);
      prefs.setRedeemAccountType(SimpleEarnRedeemAccount.spot);
    }
  };

  return { reinvest, setReinvestChoice, redeemTo, setRedeemTo };
}

export type SubscribeFlow = NonNullable<ReturnType<typeof useSubscribeFlow>>;
