import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError, isTransient, request } from '../../../api/client';
import {
  type CallOptions,
  checkedRequest,
  type GetDataOptions,
  type NeedsOptions,
  type Op,
  type PathFor,
  type WriteMethod,
} from '../../../api/typed';
import type { ApiData, Method } from '../../../api/types';
import { i18next, translateKey } from '../../../i18n';

/** Where every operator call goes. */
export const ADMIN_API = '/admin/api';

/** Every operator API path the document declares the method for. */
export type AdminPath<M extends Method> = Extract<PathFor<M>, `${typeof ADMIN_API}/${string}`>;

/** A read of the operator API as the document declares it: the operation's `data`, or an ApiError. */
export function adminGet<P extends AdminPath<'get'>>(
  path: P,
  ...[opts]: NeedsOptions<Op<P, 'get'>> extends true ? [opts: GetDataOptions<P>] : [opts?: GetDataOptions<P>]
): Promise<ApiData<P>> {
  return request<ApiData<P>>(checkedRequest('get', path, opts));
}

/**
 * A write as the document declares it (path, method, path parameters and body), resolving with the
 * operation's `data`. The record dialogs pass their action's `idempotencyKey`, so the server books a
 * money write (deposits, withdrawals, pool funding, NAV) once however often it is sent; the session
 * cookie rides along with the CSRF header `request` adds.
 */
export function adminSend<M extends WriteMethod, P extends AdminPath<M>>(
  method: M,
  path: P,
  ...[opts]: NeedsOptions<Op<P, M>> extends true ? [opts: CallOptions<P, M>] : [opts?: CallOptions<P, M>]
): Promise<ApiData<P, M>> {
  return request<ApiData<P, M>>(checkedRequest(method, path, opts));
}

/** The operator's session is gone (or never was): the console sends them to its sign-in page. */
export function isSignedOut(e: unknown): boolean {
  return isApiError(e) && e.status === 401 && e.key !== 'operator.login.invalid';
}

/** What an operator reads for a failure: the catalogue's text for the server's key, else its message. */
export function errorText(e: unknown): string {
  if (!isApiError(e)) return i18next.t('admin.error.unknown');
  if (e.kind === 'network' || e.kind === 'timeout') return i18next.t('admin.error.network');
  const fallback = e.message || i18next.t('admin.error.unknown');
  return translateKey(e.key, e.params, fallback);
}

type Listener = () => void;
const signedOutListeners = new Set<Listener>();

/** The console's layout listens, and sends a signed-out operator to the sign-in page. */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

function signedOut(e: unknown): void {
  if (isSignedOut(e)) for (const l of signedOutListeners) l();
}

/**
 * The console's own query client: its failures show where they happen (a list's error state, a
 * form's inline error), not as the user app's toasts, and a 401 means the operator's session ended —
 * never the user app's login.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: {
      queries: {
        retry: (count, e) => count < 3 && isTransient(e) && !(isApiError(e) && e.status === 429),
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      // A write is sent now or fails now: TanStack's default ('online') holds a write made offline
      // and sends it on reconnecting, after its dialog may have been cancelled (two launch-pool
      // stakes went out that way). The dialogs also say they are offline and keep submit off.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export { ApiError, isApiError };
