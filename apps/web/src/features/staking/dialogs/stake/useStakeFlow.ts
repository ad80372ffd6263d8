import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queries } from '../../../../api/queries';
import { requireLogin } from '../../../../api/session';
import { useApiAction } from '../../../../api/useApiAction';
import { useOnline } from '../../../../components/OfflineNotice';
import { useQueryPhase } from '../../../../components/query-state/state';
import { isStakeResult, STAKING_BASE, type StakeResult, stakingQueries } from '../../api/index';
import { showActionError } from '../../components/parts';
import { stakingRequest, useSubmitAction } from '../../components/useSubmitAction';
import {
  initialStakeState,
  needsConfirmation,
  positiveAmount,
  preselectProtocol,
  type StakeContext,
  stakeModalReducer,
  stakeViolation,
} from '../../rules';

/**
 * The stake dialog's state and actions: the product and the user's figures, the view (a reducer over
 * the views of staking-wealth.md section 2), the amount, the agreement (recorded on the server when
 * ticked), the chosen protocol and the stake itself, sent through the staking submit hook.
 */
export function useStakeFlow({
  coin,
  opened,
  pid,
  autoSelect,
}: {
  coin: string;
  opened: boolean;
  pid?: number;
  autoSelect?: boolean;
}) {
  const { t } = useTranslation();
  const me = useQuery(queries.me());
  const loggedIn = !!me.data;
  const product = useQuery({ ...stakingQueries.product(coin), enabled: opened });
  const info = useQuery({ ...stakingQueries.userInfo(coin), enabled: opened && loggedIn });
  const balances = useQuery({ ...stakingQueries.balances(coin), enabled: opened && loggedIn });
  const [state, dispatch] = useReducer(stakeModalReducer, initialStakeState);
  const [amount, setAmount] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [protocolId, setProtocolId] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<StakeResult | null>(null);
  const stakeAction = useSubmitAction({
    name: 'staking.stake',
    path: `${STAKING_BASE}/coin-swap-verify`,
    answer: isStakeResult,
  });
  const { reset: newAction } = stakeAction;
  // Ticking the agreement records the acceptance on the server, which refuses a stake without one.
  const acceptAction = useApiAction({
    name: 'staking.agreement',
    path: `${STAKING_BASE}/agreement`,
    silent: true,
  });
  const p = product.data;
  const ready = !!p && (!loggedIn || (!!info.data && !!balances.data));
  // What the dialog needs before it shows anything (the user's calls only when signed in).
  const { phase: loadPhase, retry: retryLoad } = useQueryPhase(opened ? [product, info, balances] : []);
  const onAgree = async (checked: boolean) => {
    setAgreed(checked);
    if (!checked || !p || !loggedIn) return;
    try {
      await acceptAction.run({ coin: p.coin });
    } catch (e) {
      setAgreed(false);
      showActionError(t, e, 'staking.agreement');
    }
  };

  // Opening starts over: the initial state, no amount, the agreement unticked, a new action (a stake
  // that failed before the dialog closed is not retried with its key).
  useEffect(() => {
    if (!opened) return;
    dispatch({ type: 'reset' });
    setAmount(null);
    setAgreed(false);
    setResult(null);
    setProtocolId(undefined);
    newAction();
  }, [opened, newAction]);

  useEffect(() => {
    if (!opened || !ready || state.view !== 'loading' || !p) return;
    setProtocolId(preselectProtocol(p.defi, { pid, autoSelect })?.pid);
    dispatch({ type: 'loaded' });
  }, [opened, ready, state.view, p, pid, autoSelect]);

  const protocol = p?.defi.find((d) => d.pid === protocolId);
  const ctx: StakeContext | null = p
    ? {
        product: p,
        protocol,
        available: info.data?.available ?? '0',
        heldInProduct: info.data?.hold_amount ?? '0',
        heldInProtocol: balances.data?.find((b) => b.pid === protocolId)?.mortgage_amount ?? '0',
      }
    : null;
  const online = useOnline();
  const valid = positiveAmount(amount);
  const violation = valid && ctx ? stakeViolation(valid, ctx) : null;
  const canStake =
    !!valid &&
    !violation &&
    agreed &&
    !acceptAction.isPending &&
    loggedIn &&
    online &&
    p?.status === 'online';

  const submit = async () => {
    if (!p || !valid || !canStake) return;
    const body = stakingRequest({ side: 0, coin: p.coin, amount: valid }, protocolId, me.data?.vip_tier ?? 0);
    await stakeAction.send(body, {
      click: { coin: p.coin, pid: protocolId ?? -1 },
      onSuccess: (res) => {
        setResult(res);
        dispatch({ type: 'succeeded' });
      },
      report: (res) => ({ action: 'stake', coin: p.coin, amount: res.amount }),
    });
  };

  const onStakeClick = () => {
    if (!loggedIn) return requireLogin();
    if (p && needsConfirmation(p)) dispatch({ type: 'open', view: 'confirm' });
    else void submit();
  };

  return {
    me,
    loggedIn,
    product: p,
    info,
    state,
    dispatch,
    amount,
    setAmount,
    agreed,
    setAgreed,
    onAgree,
    protocol,
    protocolId,
    setProtocolId,
    result,
    ctx,
    valid,
    violation,
    canStake,
    loadPhase,
    retryLoad,
    submit,
    onStakeClick,
    stakeAction,
  };
}

export type StakeFlow = ReturnType<typeof useStakeFlow>;
