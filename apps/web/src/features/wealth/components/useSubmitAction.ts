import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { trackClick } from '../../../api/analytics';
import { useApiAction } from '../../../api/useApiAction';
import { wealthKeys } from '../api';

/** The spec's wealth call debounce. */
export const WEALTH_DEBOUNCE_MS = 200;

/** What a wealth dialog sends: every wealth write names its product. */
export interface WealthRequest extends Record<string, unknown> {
  pid: number;
}

/**
 * The submit of a wealth dialog: debounced (the first click goes at once), tracked as `<name>.submit`,
 * and on success the result kept, the wealth queries refreshed and `onSuccess` told. A failure keeps the
 * form: the error catalogue shows the toast (server message, or Networkerr).
 */
export function useSubmitAction<TResult>({
  name,
  path,
  request,
  onSuccess,
}: {
  /** The action's analytics name, e.g. `wealth.redeem`. */
  name: string;
  path: string;
  /** The body to send, or null while the form may not be sent. */
  request: WealthRequest | null;
  onSuccess: (result: TResult) => void;
}) {
  const client = useQueryClient();
  const [result, setResult] = useState<TResult | null>(null);
  const action = useApiAction<TResult>({ name, path });

  const submit = useDebouncedCallback(
    async () => {
      if (!request) return;
      trackClick(`${name}.submit`, { pid: request.pid });
      try {
        const res = await action.run(request);
        setResult(res);
        void client.invalidateQueries({ queryKey: wealthKeys.all });
        onSuccess(res);
      } catch {
        // Shown by the error catalogue.
      }
    },
    { delay: WEALTH_DEBOUNCE_MS, leading: true },
  );

  // Stable, so that a dialog's reset-on-open effect can name it.
  const clearResult = useCallback(() => setResult(null), []);

  return { result, clearResult, submit, isPending: action.isPending };
}
