import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnline } from './query-state/state';

export { useOnline };

/**
 * Said inside a money dialog while the browser is offline, whose submit is then disabled. A write sent
 * offline is held by the query client and goes out when the connection is back, even after the dialog
 * was cancelled (seen: two launch-pool stakes sent on reconnecting, and a funding-password prompt for a
 * stake the user had cancelled); so nothing is sent offline, and the user is told why.
 */
export function OfflineNotice({ testId = 'offline-notice' }: { testId?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid={testId}>
      {t('action.offline')}
    </Alert>
  );
}
