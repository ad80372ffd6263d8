import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { handleApiError } from '../api/errors';
import { type Me, queries, queryKeys } from '../api/queries';
import { callApi } from '../api/typed';

/** The signed-in user (null for a visitor, undefined while unknown). */
export function useMe() {
  const q = useQuery(queries.me());
  return { me: q.data, isLoggedIn: !!q.data, isLoading: q.isLoading };
}

/** After login or registration: the new user, and every cached answer refetched for them. */
export function useSignedIn() {
  const client = useQueryClient();
  return useCallback(
    async (me: Me) => {
      client.setQueryData(queryKeys.me, me);
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    },
    [client],
  );
}

export function useLogout() {
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      await callApi('post', '/api/web/v1/auth/logout');
    } catch (e) {
      handleApiError(e);
    }
    client.setQueryData(queryKeys.me, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  }, [client]);
}

interface AuthDialogs {
  registerOpened: boolean;
  openRegister: () => void;
  closeRegister: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [registerOpened, setOpened] = useState(false);
  const value = useMemo(
    () => ({ registerOpened, openRegister: () => setOpened(true), closeRegister: () => setOpened(false) }),
    [registerOpened],
  );
  return <AuthDialogsContext.Provider value={value}>{children}</AuthDialogsContext.Provider>;
}

export function useAuthDialogs(): AuthDialogs {
  const ctx = useContext(AuthDialogsContext);
  if (!ctx) throw new Error('useAuthDialogs outside AuthDialogsProvider');
  return ctx;
}

/** Where the login page sends the user back to: only paths inside this app. */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}
