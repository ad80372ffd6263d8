import { Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isSignedOut, onSignedOut } from '../api/http';
import { adminKeys, adminQueries } from '../api/queries';
import { QueryState } from '../components/QueryState';

export function loginPath(from: string): string {
  return `/admin/login?redirect=${encodeURIComponent(from)}`;
}

/**
 * Only a signed-in operator sees the console: a visitor, or an operator whose session ends on any
 * call, is sent to the sign-in page, which brings them back here.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useQuery(adminQueries.me());
  const here = location.pathname + location.search;

  useEffect(
    () =>
      onSignedOut(() => {
        client.removeQueries({ queryKey: adminKeys.me });
        navigate(loginPath(here), { replace: true });
      }),
    [client, navigate, here],
  );

  if (me.isPending)
    return (
      <Center py={120}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (me.isError && isSignedOut(me.error)) return <Navigate to={loginPath(here)} replace />;
  return (
    <QueryState loading={false} error={me.error} onRetry={() => void me.refetch()}>
      {children}
    </QueryState>
  );
}
