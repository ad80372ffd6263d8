import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { trackClick } from '../../../api/analytics';
import type { ApiBody, ApiData } from '../../../api/types';
import { useApiAction } from '../../../api/useApiAction';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { type WEALTH_BASE, wealthKeys } from '../api/index';

/** The spec's wealth call debounce. */
export const WEALTH_DEBOUNCE_MS = 200;

/** The two wealth writes, purchase and redeem: each names its product. */
type WealthWrite = `${typeof WEALTH_BASE}/purchase` | `${typeof WEALTH_BASE}/redeem`;

/**
 * The submit of a wealth dialog, through the app's one money submit (`useMoneySubmit`): one order per
 * action whatever the clicks, its key kept for a second try, the spec's 200 ms debounce. Tracked as
 * `<name>.submit`; on success the result kept, the wealth queries refreshed and `onSuccess` told. A
 * failure keeps the form: the error catalogue shows the toast (server message, or Networkerr).
 */
export function useSubmitAction<P extends WealthWrite>({
  name,
  path,
  request,
  onSuccess,
}: {
  /** The action's analytics name, e.g. `wealth.redeem`. */
  name: string;
  path: P;
  /** The body to send, or null while the form may not be sent. */
  request: ApiBody<P> | null;
  onSuccess: (result: ApiData<P, 'post'>) => void;
}) {
  const client = useQueryClient();
  const [result, setResult] = useState<ApiData<P, 'post'> | null>(null);
  const action = useApiAction<WealthWrite>({ name, path });
  // The path's own body and answer: `useApiAction` checks them against the union of the two calls.
  const run = action.run as unknown as (
    body: ApiBody<P>,
    opts: { idempotencyKey: string },
  ) => Promise<ApiData<P, 'post'>>;
  const submitter = useMoneySubmit({ debounceMs: WEALTH_DEBOUNCE_MS });
  const { reset: newAction } = submitter;

  const submit = async () => {
    if (!request || !onlineManager.isOnline()) return;
    try {
      const sent = await submitter.run(request, (idempotencyKey) => {
        trackClick(`${name}.submit`, { pid: request.pid });
        return run(request, { idempotencyKey });
      });
      if (!sent) return;
      setResult(sent.value);
      void client.invalidateQueries({ queryKey: wealthKeys.all });
      onSuccess(sent.value);
    } catch {
      // Shown by the error catalogue.
    }
  };

  // Stable, so that a dialog's reset-on-open effect can name it: a new result, and a new action.
  const clearResult = useCallback(() => {
    setResult(null);
    newAction();
  }, [newAction]);

  return { result, clearResult, submit, isPending: submitter.pending, submitter };
}
