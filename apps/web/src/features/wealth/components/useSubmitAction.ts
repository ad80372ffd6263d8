import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { trackClick } from '../../../api/analytics';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { wealthKeys } from '../api/index';

/** The spec's wealth call debounce. */
export const WEALTH_DEBOUNCE_MS = 200;

/**
 * The submit of a wealth dialog, through the app's one money submit (`useMoneySubmit`): one order per
 * action whatever the clicks, its key kept for a second try, the spec's 200 ms debounce. Tracked as
 * `<name>.submit`; on success the result kept, the wealth queries refreshed and `onSuccess` told. A
 * failure keeps the form: the error catalogue shows the toast (server message, or Networkerr). `send`
 * is the dialog's own typed call (`useApiAction` of its path), so body and answer keep their types.
 */
export function useSubmitAction<B extends { pid: number }, R>({
  name,
  send,
  request,
  onSuccess,
}: {
  /** The action's analytics name, e.g. `wealth.redeem`. */
  name: string;
  /** The call, with the action's Idempotency-Key. */
  send: (body: B, idempotencyKey: string) => Promise<R>;
  /** The body to send, or null while the form may not be sent. */
  request: B | null;
  onSuccess: (result: R) => void;
}) {
  const client = useQueryClient();
  const [result, setResult] = useState<R | null>(null);
  const submitter = useMoneySubmit({ debounceMs: WEALTH_DEBOUNCE_MS });
  const { reset: newAction } = submitter;

  const submit = async () => {
    if (!request || !onlineManager.isOnline()) return;
    try {
      const sent = await submitter.run(request, (idempotencyKey) => {
        trackClick(`${name}.submit`, { pid: request.pid });
        return send(request, idempotencyKey);
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
