import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../api/analytics';
import { toast } from '../../../api/errors';
import { queries, queryKeys } from '../../../api/queries';
import { useApiAction } from '../../../api/useApiAction';
import { useMe } from '../../../app/auth';
import { reportSuccess } from '../../../app/embed';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { useOnline } from '../../../components/OfflineNotice';
import { translateKey } from '../../../i18n';
import {
  LAUNCHPOOL_BASE,
  lpKeys,
  lpQueries,
  type PoolStat,
  type Project,
  type RewardPool,
} from '../api/index';
import { COMPLIANCE_LEND_EARN, hasStarted, redeemError } from '../rules';

/**
 * The early redeem's state and action: the live statistics, the amount and its rule, whether the
 * coins go on to flexible simple earn, and the redeem itself (one order per action).
 */
export function useRedeemFlow({
  project,
  pool,
  initialStat,
  opened,
  onClose,
  onRedeemed,
}: {
  project: Project;
  pool: RewardPool;
  initialStat: PoolStat | undefined;
  opened: boolean;
  onClose: () => void;
  onRedeemed?: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { isLoggedIn } = useMe();
  const compliance = useQuery({ ...queries.compliance(), enabled: isLoggedIn && opened });
  // The live statistics, not the ones the card had when it was clicked: a stake may just have changed them.
  const stats = useQuery({ ...lpQueries.stats(project.pid), enabled: isLoggedIn && opened });
  const stat = stats.data?.find((s) => s.rid === pool.rid) ?? initialStat;
  const redeemable = stat?.amount ?? pool.user?.staked ?? '0';
  const se = pool.simple_earn;
  const userPeriod = stat?.simpleEarnPeriod || se?.user_period || 0;
  const started = hasStarted(project.state);
  // The toggle moves coins into flexible simple earn: offered only while simple earn has the product
  // (a stake with a fixed period goes to its term and shows a note instead).
  const autoEarnShown =
    !!se &&
    started &&
    (userPeriod > 0 || se.flexible_offered !== 0) &&
    !(compliance.data?.menu ?? []).includes(COMPLIANCE_LEND_EARN);

  const [amount, setAmount] = useState<string | null>(null);
  const [autoEarn, setAutoEarn] = useState(se?.status === 1);
  // One redeem is one order: a double click or a second try sends the action's one key.
  const submitter = useMoneySubmit();
  const { reset: newAction } = submitter;
  useEffect(() => {
    if (opened) {
      setAmount(null);
      setAutoEarn(se?.status === 1);
      newAction();
    }
  }, [opened, se?.status, newAction]);

  const online = useOnline();
  const redeem = useApiAction({
    name: 'launchpool.redeem',
    path: `${LAUNCHPOOL_BASE}/redeem`,
    form: true,
  });
  const failure = redeemError(pool, amount, redeemable);
  const errorText = failure ? translateKey(failure.key, failure.params, failure.key) : undefined;
  const simpleEarnStatus = autoEarnShown && (userPeriod > 0 || autoEarn) ? 1 : 0;

  const submit = async () => {
    if (amount === null || failure || !online) return;
    const body = { pid: pool.pid, rid: pool.rid, amount, simpleEarnStatus };
    try {
      const sent = await submitter.run(body, (idempotencyKey) => {
        trackClick('launchpool.redeem.confirm', { rid: pool.rid });
        return redeem.run(body, { idempotencyKey });
      });
      if (!sent) return;
    } catch {
      // The error catalogue has spoken; the dialog stays open for another try with the same key.
      return;
    }
    toast('success', t('redeem.success'));
    void client.invalidateQueries({ queryKey: lpKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.outable([pool.coin]) });
    void client.invalidateQueries({ queryKey: queryKeys.balances });
    reportSuccess({ action: 'launchpool.redeem', amount, coin: pool.coin });
    onRedeemed?.(amount);
    onClose();
  };

  return {
    isLoggedIn,
    stat,
    redeemable,
    userPeriod,
    started,
    autoEarnShown,
    amount,
    setAmount,
    autoEarn,
    setAutoEarn,
    online,
    failure,
    errorText,
    simpleEarnStatus,
    pending: submitter.pending,
    submitter,
    submit,
  };
}
