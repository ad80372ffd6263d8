import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's search box (filtering what is loaded) and its actions. */
export function ListToolbar({
  search,
  onSearch,
  placeholder,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="md" gap="sm">
      <TextInput
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        placeholder={placeholder ?? t('admin.search.placeholder')}
        aria-label={t('admin.search.label')}
        w={280}
        data-testid="list-search"
      />
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/** Rows whose named fields contain the search text (case-insensitive). */
export function matches<T>(
  rows: T[] | undefined,
  search: string,
  fields: (row: T) => unknown[],
): T[] | undefined {
  const q = search.trim().toLowerCase();
  if (!rows || !q) return rows;
  return rows.filter((r) =>
    fields(r).some((f) =>
      String(f ?? '')
        .toLowerCase()
        .includes(q),
    ),
  );
}
