import InboxPage from './InboxPage';
import PreferencesPage from './PreferencesPage';

/** `/notifications` and `/notifications/preferences`, loaded together on the first visit. */
export default function Pages({ page }: { page: 'inbox' | 'preferences' }) {
  return page === 'inbox' ? <InboxPage /> : <PreferencesPage />;
}
