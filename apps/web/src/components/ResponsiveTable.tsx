import {
  Box,
  Button,
  Card,
  Center,
  Collapse,
  Group,
  Loader,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../app/breakpoints';
import { ChevronDownIcon } from './icons';

/** The specs' default page size. */
export const DEFAULT_PAGE_SIZE = 10;
/** Fields a mobile card shows before "More". */
export const MOBILE_VISIBLE_FIELDS = 3;
/** The virtual list's default height, in px. */
export const VIRTUAL_LIST_HEIGHT = 600;
/** From this many rows the mobile card list is virtualised. */
export const VIRTUAL_THRESHOLD = 50;

export interface Column<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  width?: number | string;
}

export interface ResponsiveTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Accessible name of the table or list. */
  caption: string;
  loading?: boolean;
  error?: ReactNode;
  onRetry?: () => void;
  /**
   * Server paging: `rows` is the current page and `total` the count of all rows. Without
   * `onPageChange` the table pages `rows` itself.
   */
  page?: number;
  total?: number;
  pageSize?: number;
  onPageChange?: (page: number) => void;
  /** Mobile infinite scroll: the caller appends the next page to `rows`. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  mobileVisibleFields?: number;
  virtualHeight?: number;
  virtualThreshold?: number;
  /** Row actions (buttons): the last column of the table, the footer of a mobile card (not a field). */
  actions?: (row: T) => ReactNode;
  actionsTitle?: ReactNode;
  /** Forces a layout (tests, or a dialog that is always narrow); follows the 768 px breakpoint otherwise. */
  layout?: 'table' | 'cards';
  emptyText?: ReactNode;
  'data-testid'?: string;
}

function EmptyRows({ children }: { children: ReactNode }) {
  return (
    <Center py={48}>
      {/* A panel of its own (a no-match state with its button) is not put inside a paragraph. */}
      {typeof children === 'string' ? (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      ) : (
        children
      )}
    </Center>
  );
}

function MobileCard<T>({
  row,
  columns,
  visible,
  actions,
}: {
  row: T;
  columns: Column<T>[];
  visible: number;
  actions?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The first field heads the card (a coin, a product); the others are label/value rows.
  const [head, ...restShown] = columns.slice(0, visible);
  const hidden = columns.slice(visible);
  const field = (c: Column<T>) => (
    <Group key={c.key} justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {c.title}
      </Text>
      <Box ta="right" fz="sm" className="num">
        {c.render(row)}
      </Box>
    </Group>
  );
  return (
    <Card padding="md" radius="md" className="surface">
      <Stack gap={8}>
        {head && (
          <Box fw={600} fz="sm">
            {head.render(row)}
          </Box>
        )}
        {restShown.map(field)}
        {hidden.length > 0 && (
          <Collapse expanded={open}>
            <Stack gap={8}>{hidden.map(field)}</Stack>
          </Collapse>
        )}
        {(hidden.length > 0 || actions) && (
          <Group justify="space-between" gap="xs" pt={2}>
            {hidden.length > 0 ? (
              <UnstyledButton
                onClick={() => setOpen((o) => !o)}
                aria-expanded={open}
                // The anchor colour: the brand colour in light, a lighter shade of it in dark (contrast).
                c="var(--mantine-color-anchor)"
                fz="sm"
                fw={500}
                style={{ display: 'flex', alignItems: 'center', gap: 4 }}
              >
                {open ? t('common.less') : t('common.more')}
                <ChevronDownIcon size={14} style={{ transform: open ? 'rotate(180deg)' : undefined }} />
              </UnstyledButton>
            ) : (
              <span />
            )}
            {actions && <Group gap="xs">{actions(row)}</Group>}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function LoadMoreSentinel({ onVisible, loading }: { onVisible: () => void; loading?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onVisible();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [onVisible]);
  return (
    <Center ref={ref} py="sm">
      {loading ? (
        <Loader size="sm" aria-label={t('common.loadMore')} />
      ) : (
        <Button variant="subtle" size="xs" onClick={onVisible}>
          {t('common.loadMore')}
        </Button>
      )}
    </Center>
  );
}

function VirtualCards<T>({
  actions,
  rows,
  columns,
  rowKey,
  visible,
  height,
  caption,
  tail,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  visible: number;
  height: number;
  caption: string;
  tail: ReactNode;
  actions?: (row: T) => ReactNode;
}) {
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => 40 + visible * 30,
    overscan: 6,
    getItemKey: (i) => rowKey(rows[i] as T),
  });
  return (
    <Box ref={parentRef} h={height} style={{ overflowY: 'auto' }} data-virtual="true">
      <ul
        aria-label={caption}
        style={{ height: virtualizer.getTotalSize(), position: 'relative', margin: 0, padding: 0 }}
      >
        {virtualizer.getVirtualItems().map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start}px)`,
              paddingBottom: 10,
              listStyle: 'none',
            }}
          >
            <MobileCard row={rows[item.index] as T} columns={columns} visible={visible} actions={actions} />
          </li>
        ))}
      </ul>
      {tail}
    </Box>
  );
}

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
    hasMore,
    onLoadMore,
    mobileVisibleFields = MOBILE_VISIBLE_FIELDS,
    virtualHeight = VIRTUAL_LIST_HEIGHT,
    virtualThreshold = VIRTUAL_THRESHOLD,
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

  if (cards) {
    if (loading && rows.length === 0) {
      return (
        <Stack data-testid={testId} data-layout="cards" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </Stack>
      );
    }
    if (rows.length === 0) return <EmptyRows>{emptyText ?? t('noRecord')}</EmptyRows>;
    const tail =
      hasMore && onLoadMore ? (
        <LoadMoreSentinel onVisible={onLoadMore} loading={loading} />
      ) : rows.length > pageSize ? (
        <Center py="sm">
          <Text size="xs" c="dimmed">
            {t('common.endOfList')}
          </Text>
        </Center>
      ) : null;
    if (rows.length >= virtualThreshold) {
      return (
        <Box data-testid={testId} data-layout="cards">
          <VirtualCards
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            visible={mobileVisibleFields}
            height={virtualHeight}
            caption={caption}
            tail={tail}
            actions={actions}
          />
        </Box>
      );
    }
    return (
      <Box data-testid={testId} data-layout="cards">
        <Stack component="ul" gap={10} aria-label={caption} m={0} p={0}>
          {rows.map((row) => (
            <li key={rowKey(row)} style={{ listStyle: 'none' }}>
              <MobileCard row={row} columns={columns} visible={mobileVisibleFields} actions={actions} />
            </li>
          ))}
        </Stack>
        {tail}
      </Box>
    );
  }

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
