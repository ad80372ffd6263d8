import { Button, Center, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../app/breakpoints';
import { CardRows, EmptyRows } from './ResponsiveTableCards';
import { DEFAULT_PAGE_SIZE, type ResponsiveTableProps } from './responsiveTableTypes';

export {
  type Column,
  DEFAULT_PAGE_SIZE,
  MOBILE_VISIBLE_FIELDS,
  type ResponsiveTableProps,
  VIRTUAL_LIST_HEIGHT,
  VIRTUAL_THRESHOLD,
} from './responsiveTableTypes';

/**
 * The shared responsive table: a paginated table (10 rows a page by default) from 768 px, a card
 * list below it with 3 fields shown and the rest behind "More", infinite scroll, and a virtual list
 * (600 px high by default) once the list is long.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const {
    columns,
    rows,
    rowKey,
    caption,
    loading,
    error,
    onRetry,
    pageSize = DEFAULT_PAGE_SIZE,
    onPageChange,
    layout,
    emptyText,
    actions,
    actionsTitle,
  } = props;
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const cards = layout ? layout === 'cards' : isMobile;
  const [localPage, setLocalPage] = useState(1);
  const serverPaged = !!onPageChange;
  const page = serverPaged ? (props.page ?? 1) : localPage;
  const total = serverPaged ? (props.total ?? rows.length) : rows.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  useEffect(() => {
    if (!serverPaged && localPage > pages) setLocalPage(pages);
  }, [serverPaged, localPage, pages]);

  const testId = props['data-testid'];

  if (error) {
    return (
      <Center py={48} data-testid={testId}>
        <Stack align="center" gap="xs">
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
          {onRetry && (
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('home.retry')}
            </Button>
          )}
        </Stack>
      </Center>
    );
  }

  if (cards) return <CardRows props={props} testId={testId} />;

  const visibleRows = serverPaged ? rows : rows.slice((page - 1) * pageSize, page * pageSize);
  return (
    <Stack gap="md" data-testid={testId} data-layout="table">
      <Table.ScrollContainer minWidth={560}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-label={caption}
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align ?? 'left'} w={c.width} fz="xs" c="dimmed" fw={600}>
                  {c.title}
                </Table.Th>
              ))}
              {actions && (
                <Table.Th ta="right" fz="xs" c="dimmed" fw={600}>
                  {actionsTitle}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && rows.length === 0
              ? [0, 1, 2, 3].map((i) => (
                  <Table.Tr key={i}>
                    {columns.map((c) => (
                      <Table.Td key={c.key}>
                        <Skeleton h={16} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : visibleRows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta={c.align ?? 'left'} className="num">
                        {c.render(row)}
                      </Table.Td>
                    ))}
                    {actions && (
                      <Table.Td ta="right">
                        <Group justify="flex-end" gap="xs" wrap="nowrap">
                          {actions(row)}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && rows.length === 0 && <EmptyRows>{emptyText ?? t('noRecord')}</EmptyRows>}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('table.total', { count: total })}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={(p) => (serverPaged ? onPageChange?.(p) : setLocalPage(p))}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${t('table.pagination')}: ${control}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
