import { lazy, Suspense } from 'react';
import type { CsvExport } from './csvUrl';

const ExportCsvButton = lazy(() => import('./ExportCsvButton'));

/**
 * "Export CSV" on a history: the line (and coin and range) through the statement export. Its code and
 * texts load with the first history that shows it, so a page importing this adds only this wrapper.
 */
export function ExportCsv(props: CsvExport & { testId?: string }) {
  return (
    <Suspense fallback={null}>
      <ExportCsvButton {...props} />
    </Suspense>
  );
}

export type { CsvExport, StatementLine } from './csvUrl';
