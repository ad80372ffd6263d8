import { Navigate, useLocation } from 'react-router';
import { useMe } from '../../../app/auth';
import InboxPage from './InboxPage';
import PreferencesPage from './PreferencesPage';

/**
 * `/notifications` and `/notifications/preferences`, loaded together on the first visit. A visitor
 * goes to the login page first: asked signed out, the inbox's calls answered 401 in the console.
 */
export default function Pages({ page }: { page: 'inbox' | 'preferences' }) {
  const { me } = useMe();
  const location = useLocation();
  if (me === null)
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  if (!me) return null;
  return page === 'inbox' ? <InboxPage /> : <PreferencesPage />;
}
