import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queries } from '../../../../api/queries';
import { useOnline } from '../../../../components/OfflineNotice';
import { useQueryPhase } from '../../../../components/query-state/state';
import { useServerClock } from '../../../../components/serverTime';
import { isRedeemResult, type RedeemResult, STAKING_BASE, stakingQueries } from '../../api/index';
import { stakingRequest, useSubmitAction } from '../../components/useSubmitAction';
import {
  positiveAmount,
  quickRedeemState,
  type RedeemType,
  type RedeemView,
  redeemableProtocols,
  redeemQuote,
  redeemViolation,
} from '../../rules';

/**
 * The redeem dialog's state and actions: the product and the user's holdings, the view, the amount,
 * the redeem type (standard or quick), the chosen protocol and the redeem itself, sent through the
 * staking submit hook.
 */
export function useRedeemFlow({ coin, opened, pid }: { coin: string; opened: boolean; pid?: number }) {
  const { now: nowSeconds } = useServerClock();
  const me = useQuery(queries.me());
  const product = useQuery({ ...stakingQueries.product(coin), enabled: opened });
  const holdings = useQuery({ ...stakingQueries.balances(coin), enabled: opened });
  const { phase: loadPhase, retry: retryLoad } = useQueryPhase(opened ? [product, holdings] : []);
  // Only for the estimate of a payout in another coin; the server converts at the redeem-time prices.
  const market = useQuery({ ...queries.assets(), enabled: opened });
  const [view, setView] = useState<RedeemView>('main');
  const [amount, setAmount] = useState<string | null>(null);
  const [type, setType] = useState<RedeemType>('standard');
  const [pendingType, setPendingType] = useState<RedeemType>('standard');
  const [chosenPid, setChosenPid] = useState<number | undefined>(pid);
  const [result, setResult] = useState<RedeemResult | null>(null);
  const action = useSubmitAction({
    name: 'staking.redeem',
    path: `${STAKING_BASE}/coin-redeem`,
    answer: isRedeemResult,
  });
  const { reset: newAction } = action;

  // Opening starts over, as a new action: a redeem that failed before the dialog closed is not retried.
  useEffect(() => {
    if (!opened) return;
    setView('main');
    setAmount(null);
    setType('standard');
    setResult(null);
    setChosenPid(pid);
    newAction();
  }, [opened, pid, newAction]);

  const p = product.data;
  const list = holdings.data ?? [];
  const defi = p ? redeemableProtocols(p.defi, list) : { list: [], auto: undefined };
  const effectivePid = p && p.defi.length > 0 ? (chosenPid ?? defi.auto?.pid) : -1;
  const protocol = p?.defi.find((d) => d.pid === effectivePid);
  const holding = list.find((h) => h.pid === effectivePid);
  const pidArg = effectivePid !== undefined && effectivePid > 0 ? effectivePid : undefined;
  // A receipt-token product redeems what the receipt tokens in spot cover (the server's redeemable_amount).
  const redeemable = holding?.redeemable_amount ?? holding?.mortgage_amount ?? '0';
  const tier = me.data?.vip_tier ?? 0;
  const valid = positiveAmount(amount);
  const violation = valid && p ? redeemViolation(valid, p, redeemable) : null;
  const quick = p ? quickRedeemState(p) : 'hidden';
  const effectiveType: RedeemType = quick === 'selectable' ? type : 'standard';
  const quote = valid && p ? redeemQuote(valid, effectiveType, p, protocol, tier, nowSeconds()) : null;
  const online = useOnline();
  const canRedeem = !!valid && !violation && effectivePid !== undefined && !!holding && online;

  const submit = async () => {
    if (!p || !valid || !canRedeem) return;
    const body = stakingRequest(
      { side: 1, coin: p.coin, amount: valid, quick: effectiveType === 'quick' ? 1 : 0 },
      effectivePid,
      tier,
    );
    await action.send(body, {
      click: { coin: p.coin, quick: effectiveType === 'quick' ? 1 : 0 },
      onSuccess: (res) => {
        setResult(res);
        setView('redeem_success');
      },
      report: (res) => ({
        action: 'redeem',
        coin: p.coin,
        amount: res.amount,
        redeem_stamp: res.redeem_stamp,
      }),
    });
  };

  return {
    nowSeconds,
    product: p,
    holdingsLoaded: !!holdings.data,
    held: list,
    loadPhase,
    retryLoad,
    market: market.data,
    view,
    setView,
    amount,
    setAmount,
    setType,
    pendingType,
    setPendingType,
    setChosenPid,
    result,
    pending: action.isPending,
    submitter: action.submitter,
    defi,
    effectivePid,
    protocol,
    pidArg,
    redeemable,
    tier,
    valid,
    violation,
    quick,
    effectiveType,
    quote,
    online,
    canRedeem,
    submit,
  };
}

export type RedeemFlow = ReturnType<typeof useRedeemFlow>;
