import type { PoolStakeMode } from '@earn/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../../api/analytics';
import { handleApiError, toast } from '../../../../api/errors';
import { queries, queryKeys } from '../../../../api/queries';
import { callApi } from '../../../../api/typed';
import { useApiAction } from '../../../../api/useApiAction';
import { useMe } from '../../../../app/auth';
import { reportSuccess } from '../../../../app/embed';
import { useMoneySubmit } from '../../../../components/money-submit/useMoneySubmit';
import { useOnline } from '../../../../components/OfflineNotice';
import { deviceToken, LAUNCHPOOL_BASE, lpKeys, lpQueries, type Project } from '../../api/index';
import {
  dialogPools,
  fixedPeriodOf,
  isNewUserPool,
  modeFields,
  modeRules,
  stakeableBalance,
  stakeError,
  stakeNumbers,
} from '../../rules';
import { stakeFailureText } from './stakeFailureText';
import type { StakeResult } from './types';

/**
 * The stake form's state and actions: the pool tab, the amount, the auto-earn mode, the balances
 * it is checked against and the stake itself (one order per action, whatever the clicks).
 */
export function useStakeForm({
  project,
  rid,
  onSuccess,
  onNestedDialog,
}: {
  project: Project;
  rid?: number;
  onSuccess: (result: StakeResult) => void;
  onNestedDialog?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { isLoggedIn } = useMe();
  const pools = dialogPools(project.reward_pools, rid);
  const [activeRid, setActiveRid] = useState<number | undefined>(rid ?? pools[0]?.rid);
  const pool = pools.find((p) => p.rid === activeRid) ?? pools[0];

  const [amount, setAmount] = useState<string | null>(null);
  // null: the pool's default mode; a tab change puts it back to null.
  const [chosenMode, setChosenMode] = useState<PoolStakeMode | null>(null);
  const [depositOpen, setDepositOpenState] = useState(false);
  const setDepositOpen = (open: boolean) => {
    setDepositOpenState(open);
    onNestedDialog?.(open);
  };

  const coin = pool?.coin ?? '';
  const compliance = useQuery({ ...queries.compliance(), enabled: isLoggedIn });
  const outable = useQuery({ ...queries.outable([coin]), enabled: isLoggedIn && !!coin });
  const borrow = useQuery({ ...lpQueries.borrowSettings(coin), enabled: !!coin });
  const online = useOnline();
  const stake = useApiAction({
    name: 'launchpool.stake',
    path: `${LAUNCHPOOL_BASE}/create-order`,
    form: true,
  });
  // One stake is one order: a double click or a second try sends the action's one key (the form is
  // mounted with its dialog, so a closed and reopened dialog is a new action).
  const submitter = useMoneySubmit();

  const entry = outable.data?.find((e) => e.asset === coin);
  const support = borrow.data?.find((b) => b.coin === coin)?.is_support_launchpool === 1;
  const available = stakeableBalance(entry, support);
  const loaded = !!entry && compliance.isSuccess;
  // The field starts empty: only the user's Max or typing puts a balance in it (issue 19).

  const base = {
    pools,
    coin,
    entry,
    balanceLoading: outable.isLoading,
    available,
    loaded,
    online,
    amount,
    setAmount,
    setChosenMode,
    depositOpen,
    setDepositOpen,
    pending: submitter.pending,
    submitter,
  };
  if (!pool) return { ...base, pool: undefined, stakeState: null };

  const rules = modeRules(pool, compliance.data?.menu ?? []);
  const mode: PoolStakeMode = rules.show ? (chosenMode ?? rules.defaultMode) : 'spot';
  const numbers = stakeNumbers(pool, available);
  const failure = loaded ? stakeError(pool, amount, available) : null;
  const period = fixedPeriodOf(pool);

  const changeTab = (value: string | null) => {
    if (!value) return;
    setActiveRid(Number(value));
    setAmount(null);
    setChosenMode(null);
  };

  const pickFlexible = () => {
    if (rules.flexibleDisabled) {
      toast('info', t('launch.earn.tip3'));
      return;
    }
    setChosenMode('flexible');
  };

  const submit = async () => {
    if (amount === null || failure || numbers.usedUp || !online) return;
    const body = { pid: pool.pid, rid: pool.rid, amount, ...modeFields(mode, pool) };
    try {
      const sent = await submitter.run(body, async (idempotencyKey) => {
        trackClick('launchpool.stake.confirm', { rid: pool.rid, coin });
        if (isNewUserPool(pool) || pool.vip_config?.vip_only) {
          try {
            await callApi('post', `${LAUNCHPOOL_BASE}/check-pool-rule`, {
              body: { pid: pool.pid, rid: pool.rid },
              form: true,
            });
          } catch (e) {
            handleApiError(e);
            throw e;
          }
        }
        return stake.run(body, { headers: { 'device-token': deviceToken() }, idempotencyKey });
      });
      // Another click of this action is in flight: that one speaks.
      if (!sent) return;
    } catch {
      // The error catalogue has spoken (toast, analytics); the dialog stays open for another try.
      return;
    }
    void client.invalidateQueries({ queryKey: lpKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.outable([coin]) });
    void client.invalidateQueries({ queryKey: queryKeys.balances });
    reportSuccess({ action: 'launchpool.stake', pid: pool.pid, rid: pool.rid, amount, coin });
    onSuccess({ pid: pool.pid, rid: pool.rid, coin, amount, mode, period: mode === 'fixed' ? period : 0 });
  };

  const stakeState = {
    rules,
    mode,
    numbers,
    failure,
    errorText: failure ? stakeFailureText(failure, numbers, t) : undefined,
    period,
    changeTab,
    pickFlexible,
    submit,
  };
  return { ...base, pool, stakeState };
}

export type StakeFormState = ReturnType<typeof useStakeForm>;
