import { dec, redeemableAmount } from '@earn/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../../../api/errors';
import { trimAmountOnBlur } from '../../../../components/amount';
import { useMoneySubmit } from '../../../../components/money-submit/useMoneySubmit';
import { useOnline } from '../../../../components/OfflineNotice';
import { inlineRule, passesLockCheck, useFlexRedeem } from '../../api/actions';
import type { FlexHolding } from '../../api/types';
import { useRefreshEarn, useServerNow } from '../../hooks';
import { redeemError } from './redeemError';

/** Section 9: confirm is debounced 200 ms. */
const CONFIRM_DEBOUNCE_MS = 200;

/** What the redemption paid and when (the server's clock at the answer), and any part that waits. */
export interface RedeemDone {
  amount: string;
  frozen: string;
  at: number;
}

/**
 * The flexible redeem's state and action: the typed amount, the rule it breaks (checked here or
 * answered by the server), the redeem itself (one order per action) and what it paid.
 */
export function useRedeemFlow({ holding, onClose }: { holding: FlexHolding | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [serverError, setServerError] = useState<{ key: string; params: Record<string, unknown> } | null>(
    null,
  );
  const [done, setDone] = useState<RedeemDone | null>(null);
  const serverNow = useServerNow();
  const action = useFlexRedeem();
  // One redeem is one order: a double click or a second try sends the action's one key; the spec's
  // 200 ms debounce on top.
  const submitter = useMoneySubmit({ debounceMs: CONFIRM_DEBOUNCE_MS });
  const refresh = useRefreshEarn();
  const asset = holding?.asset ?? '';
  const redeemable = holding
    ? redeemableAmount(holding.curr_amount, holding.frozen_amount, holding.margin_frozen_amount).toFixed()
    : '0';
  const failure = redeemError(text, redeemable, asset);
  const amount = trimAmountOnBlur(text);
  const zero = !amount || dec(amount).isZero();
  const online = useOnline();
  const error = failure
    ? t(failure.key, failure.params)
    : serverError
      ? t(serverError.key, serverError.params)
      : null;

  const reset = () => {
    setText('');
    setServerError(null);
    submitter.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const changeText = (v: string | null) => {
    setServerError(null);
    setText(v ?? '');
  };

  const confirm = async () => {
    if (!holding || zero || failure || !online) return;
    try {
      // The action is the amount the user asked for: the holding's figures sent beside it may be
      // refreshed between two tries of it.
      const sent = await submitter.run({ asset, amount }, async (idempotencyKey) => {
        if (!(await passesLockCheck('redeem'))) return null;
        return action.run(
          { asset, amount, curr_amount: holding.curr_amount, lend_amount: holding.lend_amount },
          { idempotencyKey },
        );
      });
      if (!sent?.value) return;
      setDone({ amount, frozen: sent.value.frozen_amount ?? '0', at: serverNow() });
      reset();
      await refresh();
    } catch (e) {
      const rule = inlineRule(e);
      if (rule) setServerError(rule);
      else handleApiError(e, { action: 'simpleEarn.redeem' });
    }
  };

  return {
    asset,
    text,
    changeText,
    redeemable,
    failure,
    amount,
    zero,
    online,
    error,
    pending: submitter.pending,
    submitter,
    close,
    confirm,
    done,
    clearDone: () => setDone(null),
  };
}

export type RedeemFlow = ReturnType<typeof useRedeemFlow>;
