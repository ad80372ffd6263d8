import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/icons';
import { QueryState } from './QueryState';

export interface Col<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  width?: number | string;
  /** Let the cell's text wrap (long free text); cells keep to one line otherwise. */
  wrap?: boolean;
}

/**
 * The console's table: desktop first, scrolling sideways on a tablet; loading, error with Retry and
 * empty states; rows that expand to show more (`expand`).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  error = null,
  onRetry = () => undefined,
  emptyText,
  actions,
  expand,
  testId,
  minWidth = 720,
}: {
  caption: string;
  columns: Col<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: ReactNode;
  actions?: (row: T) => ReactNode;
  expand?: (row: T) => ReactNode;
  testId?: string;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const span = columns.length + (actions ? 1 : 0) + (expand ? 1 : 0);
  return (
    <QueryState
      loading={loading && !rows}
      error={rows ? null : error}
      onRetry={onRetry}
      empty={!rows || rows.length === 0}
      emptyText={emptyText}
      testId={testId}
    >
      {/* On a narrow screen the table scrolls sideways: its viewport takes the keyboard's focus so the
          arrow keys reach the columns off screen, and is named after the table. */}
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
      >
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          fz="sm"
          data-testid={testId}
          aria-label={caption}
        >
          <Table.Thead>
            <Table.Tr>
              {expand && (
                <Table.Th w={36}>
                  <VisuallyHidden>{t('admin.table.expand')}</VisuallyHidden>
                </Table.Th>
              )}
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align} w={c.width}>
                  {c.title}
                </Table.Th>
              ))}
              {actions && <Table.Th ta="right">{t('admin.table.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((row) => {
              const key = rowKey(row);
              const expanded = open.has(key);
              return (
                <Fragment key={key}>
                  <Table.Tr data-row={key}>
                    {expand && (
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => toggle(key)}
                          aria-expanded={expanded}
                          aria-label={expanded ? t('admin.table.collapse') : t('admin.table.expand')}
                          style={{ display: 'flex' }}
                        >
                          <ChevronDownIcon
                            size={16}
                            style={{ transform: expanded ? 'rotate(180deg)' : 'rotate(-90deg)' }}
                          />
                        </UnstyledButton>
                      </Table.Td>
                    )}
                    {columns.map((c) => (
                      <Table.Td
                        key={c.key}
                        ta={c.align}
                        className={c.align === 'right' ? 'num' : undefined}
                        style={c.wrap ? undefined : { whiteSpace: 'nowrap' }}
                      >
                        {c.render(row)}
                      </Table.Td>
                    ))}
                    {actions && (
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {actions(row)}
                      </Table.Td>
                    )}
                  </Table.Tr>
                  {expand && expanded && (
                    <Table.Tr data-expanded={key}>
                      <Table.Td colSpan={span}>{expand(row)}</Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </QueryState>
  );
}
