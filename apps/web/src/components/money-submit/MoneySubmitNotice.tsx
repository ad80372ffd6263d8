import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MoneySubmit } from './useMoneySubmit';

/**
 * What a money dialog shows of its submit beside the button: while the same order is sent again
 * after a transient failure, that it is retrying (and that it is placed once); once the retries are
 * used up, the error with Retry, which sends the same action (the same Idempotency-Key) again.
 * Nothing otherwise. A refusal (4xx) is the dialog's own message, not this.
 *
 * Every dialog puts it right above the button that sent the action (after the offline notice, where
 * there is one), not at the dialog's top: that button is where the user is looking while it retries.
 */
export function MoneySubmitNotice({
  submit,
  onRetry,
}: {
  submit: Pick<MoneySubmit, 'retrying' | 'failed' | 'pending'>;
  /** The dialog's submit: it runs the same input, so the money submit reuses the key. */
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (submit.retrying)
    return (
      <Alert color="yellow" variant="light" role="status" data-testid="money-submit-retrying" p="xs">
        <Text size="sm">{t('moneySubmit.retrying', submit.retrying)}</Text>
      </Alert>
    );
  if (submit.failed && !submit.pending)
    return (
      <Alert color="red" variant="light" data-testid="money-submit-failed" p="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" c="red" role="alert" style={{ flex: '1 1 12rem' }}>
            {t('moneySubmit.failed')}
          </Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('home.retry')}
          </Button>
        </Group>
      </Alert>
    );
  return null;
}
