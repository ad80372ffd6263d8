import { Button, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryLike, type QueryPhase, useQueryPhase } from './state';

export interface QueryStateProps {
  /** The queries the content needs; one is enough to make the screen wait, fail or go offline. */
  queries: QueryLike | readonly QueryLike[];
  /** The loaded data has nothing to show. */
  empty?: boolean;
  /** What the empty state says (default: the specs' 'noRecord'). */
  emptyText?: ReactNode;
  /** The skeleton while loading (default: three grey bars). */
  loading?: ReactNode;
  /** Wraps the error, offline and empty panels (e.g. a card). */
  frame?: (panel: ReactNode) => ReactNode;
  /** One line instead of a padded panel: for a figure or a switch inside a card. */
  compact?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * The four states every screen that loads data shows the same way: a skeleton while loading; the
 * specs' 'Networkerr' with Retry on a failure; an offline notice with Retry when the browser is
 * offline; the empty text; and otherwise the content.
 */
export function QueryState(props: QueryStateProps) {
  const list = Array.isArray(props.queries) ? props.queries : [props.queries as QueryLike];
  const { phase, retry } = useQueryPhase(list, props.empty);
  const frame = props.frame ?? ((p: ReactNode) => p);
  const testId = props['data-testid'];
  switch (phase) {
    case 'ready':
      return <>{props.children}</>;
    case 'loading':
      return (
        <Stack gap="sm" aria-busy="true" data-testid={testId && `${testId}-loading`} data-state="loading">
          {props.loading ??
            (props.compact ? (
              <Skeleton h={26} w={96} radius="xl" />
            ) : (
              [0, 1, 2].map((i) => <Skeleton key={i} h={72} radius="md" />)
            ))}
        </Stack>
      );
    case 'empty':
      return frame(
        <Center py={48} data-testid={testId && `${testId}-empty`} data-state="empty">
          <Text c="dimmed">{props.emptyText ?? <EmptyText />}</Text>
        </Center>,
      );
    default:
      return frame(<StatePanel phase={phase} onRetry={retry} testId={testId} compact={props.compact} />);
  }
}

function EmptyText() {
  const { t } = useTranslation();
  return <>{t('noRecord')}</>;
}

/** The failure and offline panel: what happened, in the user's language, and a Retry button. */
export function StatePanel({
  phase,
  onRetry,
  testId,
  compact,
}: {
  phase: Extract<QueryPhase, 'error' | 'offline'>;
  onRetry: () => void;
  testId?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const message = (
    <Text
      c={phase === 'error' ? 'red' : undefined}
      size="sm"
      role="alert"
      ta={compact ? undefined : 'center'}
    >
      {phase === 'error' ? t('Networkerr') : t('state.offline')}
    </Text>
  );
  const retry = (
    <Button size="xs" variant="light" onClick={onRetry}>
      {t('home.retry')}
    </Button>
  );
  if (compact)
    return (
      <Group gap="xs" wrap="wrap" data-testid={testId && `${testId}-${phase}`} data-state={phase}>
        {message}
        {retry}
      </Group>
    );
  return (
    <Center py={48} data-testid={testId && `${testId}-${phase}`} data-state={phase}>
      <Stack align="center" gap="xs">
        {message}
        {retry}
      </Stack>
    </Center>
  );
}

/**
 * The same states for `ResponsiveTable`, which draws its own skeleton, error and empty rows: its
 * `loading`, `error` and `onRetry` props for `queries`.
 */
export function useTableState(queries: QueryLike | readonly QueryLike[]) {
  const { t } = useTranslation();
  const list = Array.isArray(queries) ? queries : [queries as QueryLike];
  const { phase, retry } = useQueryPhase(list);
  return {
    loading: phase === 'loading',
    error: phase === 'error' ? t('Networkerr') : phase === 'offline' ? t('state.offline') : undefined,
    onRetry: retry,
  };
}
