import {
  Box,
  Button,
  Card,
  Center,
  Collapse,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from './icons';
import {
  type Column,
  DEFAULT_PAGE_SIZE,
  MOBILE_VISIBLE_FIELDS,
  type ResponsiveTableProps,
  VIRTUAL_LIST_HEIGHT,
  VIRTUAL_THRESHOLD,
} from './responsiveTableTypes';

export function EmptyRows({ children }: { children: ReactNode }) {
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

/** The mobile layout: cards, virtualised from `virtualThreshold` rows, with infinite scroll or an end line. */
export function CardRows<T>({
  props,
  testId,
}: {
  props: ResponsiveTableProps<T>;
  testId: string | undefined;
}) {
  const {
    columns,
    rows,
    rowKey,
    caption,
    loading,
    pageSize = DEFAULT_PAGE_SIZE,
    hasMore,
    onLoadMore,
    mobileVisibleFields = MOBILE_VISIBLE_FIELDS,
    virtualHeight = VIRTUAL_LIST_HEIGHT,
    virtualThreshold = VIRTUAL_THRESHOLD,
    emptyText,
    actions,
  } = props;
  const { t } = useTranslation();
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
