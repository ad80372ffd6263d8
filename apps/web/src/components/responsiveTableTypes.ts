import type { ReactNode } from 'react';

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
