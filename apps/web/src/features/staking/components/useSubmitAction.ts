import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../api/analytics';
import { queryKeys } from '../../../api/queries';
import type { ApiBody } from '../../../api/types';
import { useApiAction } from '../../../api/useApiAction';
import { reportSuccess } from '../../../app/embed';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { type ActionResult, type STAKING_BASE, stakingKeys } from '../api/index';
import { showActionError } from './parts';

/** The two staking writes: a stake (coin-swap-verify) and a redeem (coin-redeem). */
type StakingWrite = `${typeof STAKING_BASE}/coin-swap-verify` | `${typeof STAKING_BASE}/coin-redeem`;
type StakingBody = ApiBody<StakingWrite>;

/**
 * The body of a stake or redeem: `pid` only for a chosen defi protocol (-1 is the product without one),
 * and `src=1` for VIP-theme users (section 6).
 */
export function stakingRequest<B extends StakingBody>(
  fields: B,
  pid: number | undefined,
  vipTier: number,
): B {
  const body: B = { ...fields };
  if (pid !== undefined && pid !== -1) body.pid = pid;
  if (vipTier > 0) body.src = 1;
  return body;
}

/**
 * A stake or redeem call, sent through the app's one money submit (`useMoneySubmit`): a double click
 * or a second try books one order. The click is tracked as `<name>.submit` with `click` when the submit
 * goes out, past the money submit's guard, so a double click is one click too. Silent: a refusal is
 * worded here with the rule's values (showActionError, reported under `name`). On success `onSuccess`
 * shows the result, then the staking queries and the balances are refreshed and the embedding page is
 * told with `report(result)`.
 */
export function useSubmitAction<TResult extends ActionResult>({
  name,
  path,
  answer,
}: {
  name: string;
  path: StakingWrite;
  /** Which of the two answers the call gives (a stake's or a redeem's); another fails the action. */
  answer: (result: ActionResult) => result is TResult;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const action = useApiAction({ name, path, silent: true });
  const submit = useMoneySubmit();

  const send = async (
    body: StakingBody,
    {
      click,
      onSuccess,
      report,
    }: {
      /** What the submit click is tracked with. */
      click: Record<string, unknown>;
      onSuccess: (result: TResult) => void;
      report: (result: TResult) => Record<string, unknown>;
    },
  ) => {
    try {
      const sent = await submit.run(body, (idempotencyKey) => {
        trackClick(`${name}.submit`, click);
        return action.run(body, { idempotencyKey });
      });
      if (!sent) return;
      const res = sent.value;
      if (!answer(res)) throw new Error(`${name}: unexpected answer`);
      onSuccess(res);
      void client.invalidateQueries({ queryKey: stakingKeys.all });
      void client.invalidateQueries({ queryKey: queryKeys.balances });
      reportSuccess(report(res));
    } catch (e) {
      showActionError(t, e, name, typeof body.coin === 'string' ? body.coin : undefined);
    }
  };

  return { send, isPending: submit.pending, reset: submit.reset, submitter: submit };
}
