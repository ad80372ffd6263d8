import { Button, Group, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type Cursor = string | number | null;

/** Keyset paging: the cursors of the pages seen so far, so Previous goes back exactly. */
export function useCursorPages() {
  const [stack, setStack] = useState<Cursor[]>([null]);
  const cursor = stack[stack.length - 1] ?? null;
  const next = useCallback((c: Cursor) => setStack((s) => (c === null ? s : [...s, c])), []);
  const previous = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const reset = useCallback(() => setStack([null]), []);
  return { cursor, page: stack.length, next, previous, reset };
}

export function CursorPager({
  page,
  nextCursor,
  onNext,
  onPrevious,
}: {
  page: number;
  nextCursor: Cursor | undefined;
  onNext: (c: Cursor) => void;
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs" mt="sm">
      <Text size="xs" c="dimmed">
        {t('admin.pager.page', { page })}
      </Text>
      <Button
        size="xs"
        variant="default"
        disabled={page <= 1}
        onClick={onPrevious}
        data-testid="pager-previous"
      >
        {t('admin.pager.previous')}
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={nextCursor === null || nextCursor === undefined}
        onClick={() => onNext(nextCursor ?? null)}
        data-testid="pager-next"
      >
        {t('admin.pager.next')}
      </Button>
    </Group>
  );
}
