import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queries } from '../../api/queries';
import { StatePanel } from './QueryState';
import { useQueryPhase } from './state';

/**
 * Every page stands behind the session: until the app knows who is signed in, a page would show a
 * visitor's state to a user (a Log in button, '—' for their figures, a switch that is off) or wait on
 * calls it never makes. So the layout shows the page only once the session is known; while it loads,
 * `loading`; when the call fails or the browser is offline, the shared state with Retry.
 */
export function SessionGate({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const me = useQuery(queries.me());
  const { phase, retry } = useQueryPhase([me]);
  if (phase === 'loading') return <>{loading}</>;
  if (phase === 'error' || phase === 'offline')
    return <StatePanel phase={phase} onRetry={retry} testId="session" />;
  return <>{children}</>;
}
