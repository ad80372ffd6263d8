import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its figure on one line, the figure right-aligned in tabular digits. */
export function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className="num" ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}
