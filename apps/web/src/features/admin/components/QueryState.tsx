import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/http';

/** A list's loading, error (with Retry) and empty states; the children once there is something to show. */
export function QueryState({
  loading,
  error,
  onRetry,
  empty,
  emptyText,
  children,
  testId,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty?: boolean;
  emptyText?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <Center py={48} data-testid={testId ? `${testId}-loading` : undefined}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  if (error)
    return (
      <Alert
        color="red"
        variant="light"
        title={t('admin.state.error')}
        data-testid={testId ? `${testId}-error` : undefined}
      >
        <Stack gap="xs">
          <Text size="sm">{errorText(error)}</Text>
          <Group>
            <Button size="xs" variant="default" onClick={onRetry}>
              {t('admin.state.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  if (empty)
    return (
      <Center py={48} data-testid={testId ? `${testId}-empty` : undefined}>
        <Text c="dimmed" size="sm">
          {emptyText ?? t('admin.state.empty')}
        </Text>
      </Center>
    );
  return <>{children}</>;
}
