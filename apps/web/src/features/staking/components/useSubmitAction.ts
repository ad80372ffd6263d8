import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/queries';
import { useApiAction } from '../../../api/useApiAction';
import { reportSuccess } from '../../../app/embed';
import { stakingKeys } from '../api';
import { showActionError } from './parts';

/**
 * The body of a stake or redeem: `pid` only for a chosen defi protocol (-1 is the product without one),
 * and `src=1` for VIP-theme users (section 6).
 */
export function stakingRequest(
  fields: Record<string, unknown>,
  pid: number | undefined,
  vipTier: number,
): Record<string, unknown> {
  const body = { ...fields };
  if (pid !== undefined && pid !== -1) body.pid = pid;
  if (vipTier > 0) body.src = 1;
  return body;
}

/**
 * A stake or redeem call. Silent: a refusal is worded here with the rule's values (showActionError,
 * reported under `name`). On success `onSuccess` shows the result, then the staking queries and the
 * balances are refreshed and the embedding page is told with `report(result)`.
 */
export function useSubmitAction<TResult>({ name, path }: { name: string; path: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const action = useApiAction<TResult>({ name, path, silent: true });

  const send = async (
    body: Record<string, unknown>,
    {
      onSuccess,
      report,
    }: { onSuccess: (result: TResult) => void; report: (result: TResult) => Record<string, unknown> },
  ) => {
    try {
      const res = await action.run(body);
      onSuccess(res);
      void client.invalidateQueries({ queryKey: stakingKeys.all });
      void client.invalidateQueries({ queryKey: queryKeys.balances });
      reportSuccess(report(res));
    } catch (e) {
      showActionError(t, e, name);
    }
  };

  return { send, isPending: action.isPending };
}
