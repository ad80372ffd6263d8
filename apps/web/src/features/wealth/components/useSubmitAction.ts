import { useDebouncedCallback } from '@mantine/hooks';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { trackClick } from '../../../api/analytics';
import type { ApiBody, ApiData } from '../../../api/types';
import { useApiAction } from '../../../api/useApiAction';
import { type WEALTH_BASE, wealthKeys } from '../api';

/** The spec's wealth call debounce. */
export const WEALTH_DEBOUNCE_MS = 200;

/** The two wealth writes, purchase and redeem: each names its product. */
type WealthWrite = `${typeof WEALTH_BASE}/purchase` | `${typeof WEALTH_BASE}/redeem`;

/**
 * The submit of a wealth dialog: debounced (the first click goes at once), tracked as `<name>.submit`,
 * and on success the result kept, the wealth queries refreshed and `onSuccess` told. A failure keeps the
 * form: the error catalogue shows the toast (server message, or Networkerr).
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
  const run = action.run as unknown as (body: ApiBody<P>) => Promise<ApiData<P, 'post'>>;

  const submit = useDebouncedCallback(
    async () => {
      if (!request || !onlineManager.isOnline()) return;
      trackClick(`${name}.submit`, { pid: request.pid });
      try {
        const res = await run(request);
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
