import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Col, DataTable } from '../../components/DataTable';
import { ListToolbar, matches } from '../../components/ListToolbar';
import { RowActions } from '../../components/RowActions';
import { WriteButton } from '../../components/WriteButton';
import type { Change, FieldSpec, FormMode } from '../../forms/fields';
import type { ImpactRequest } from '../../forms/ImpactPanel';
import { RecordForm } from '../../forms/RecordForm';
import { useRecordDialog } from '../../forms/useRecordDialog';

/**
 * What differs between the product lines' catalogue tabs; everything else (search, list, Edit and
 * Open/Close, the create/edit form) is the same tab, `ProductTab`.
 */
export interface ProductLine<T extends object> {
  /** Names the tests' handles: `<id>-create`, `<id>-table`, `<id>-form`, a row's `<id>-<key>-…`. */
  id: string;
  /** Message keys: the table's caption, and the create button's text (also the create form's title). */
  caption: string;
  createLabel: string;
  editTitle: (t: TFunction, row: T | null) => string;
  /** The line's list (a query hook, called once per render of the tab). */
  useRows: () => UseQueryResult<T[]>;
  rowKey: (row: T) => string;
  search: (row: T) => unknown[];
  minWidth?: number;
  columns: (t: TFunction) => Col<T>[];
  /** Whether the row is open now, and the preset change that closes (or opens) it. */
  isOpen: (row: T) => boolean;
  toggle: (row: T) => Record<string, unknown>;
  specs: FieldSpec[];
  subject?: (t: TFunction, row: T | null, wire: Record<string, unknown>) => string;
  defaults: Record<string, unknown>;
  invalidate: QueryKey[];
  impact?: (row: T | null) => (changes: Change[]) => ImpactRequest[];
  submit: (
    mode: FormMode,
    row: T | null,
    body: Record<string, unknown>,
    idempotencyKey: string,
  ) => Promise<unknown>;
}

/** One product line's catalogue tab, from its table; `expand`, `more` and `children` add its own parts. */
export function ProductTab<T extends object>({
  line,
  expand,
  more,
  children,
}: {
  line: ProductLine<T>;
  /** A row's unfolded detail (staking's protocols). */
  expand?: (row: T) => ReactNode;
  /** Further row actions beside Edit and Open/Close (wealth's Publish NAV). */
  more?: (row: T) => ReactNode;
  /** Further dialogs of the line. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const q = line.useRows();
  const [search, setSearch] = useState('');
  const d = useRecordDialog<T>();
  const rows = matches(q.data, search, line.search);
  const row = d.dialog?.row ?? null;
  const mode = d.dialog?.mode ?? 'edit';
  const subject = line.subject;
  return (
    <>
      <ListToolbar search={search} onSearch={setSearch}>
        <WriteButton area="catalogue" onClick={d.create} testId={`${line.id}-create`}>
          {t(line.createLabel)}
        </WriteButton>
      </ListToolbar>
      <DataTable
        caption={t(line.caption)}
        testId={`${line.id}-table`}
        rows={rows}
        rowKey={line.rowKey}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        minWidth={line.minWidth}
        columns={line.columns(t)}
        expand={expand}
        actions={(r) => (
          <RowActions
            id={`${line.id}-${line.rowKey(r)}`}
            onEdit={() => d.edit(r)}
            open={line.isOpen(r)}
            onToggle={() => d.act(r, line.toggle(r))}
          >
            {more?.(r)}
          </RowActions>
        )}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={d.dialog?.mode === 'create' ? t(line.createLabel) : line.editTitle(t, row)}
        specs={line.specs}
        subject={subject ? (wire) => subject(t, row, wire) : undefined}
        mode={mode}
        row={row}
        preset={d.dialog?.preset}
        reviewFirst={d.dialog?.reviewFirst}
        defaults={line.defaults}
        area="catalogue"
        invalidate={line.invalidate}
        impact={line.impact?.(row)}
        submit={(body, idempotencyKey) => line.submit(mode, row, body, idempotencyKey)}
        testId={`${line.id}-form`}
      />
      {children}
    </>
  );
}
