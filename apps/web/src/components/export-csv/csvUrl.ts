/** The statement's lines, as `GET /api/web/v1/earn/statements.csv` filters them. */
export type StatementLine =
  | 'simple_earn_flexible'
  | 'simple_earn_fixed'
  | 'launch_pool'
  | 'staking'
  | 'wealth'
  | 'soft_staking';

export interface CsvExport {
  line: StatementLine;
  /** One coin, or every coin of the line. */
  asset?: string;
  /** Unix seconds, inclusive; absent: from the first movement. */
  from?: number;
  /** Unix seconds, exclusive; absent: up to now. */
  to?: number;
}

/** The browser's own IANA time zone: the export's first time column (the second is UTC). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The statement export of one line (and coin, and range) in a time zone. */
export function csvExportUrl(e: CsvExport, tz: string): string {
  const params = new URLSearchParams({ tz, line: e.line });
  if (e.asset) params.set('asset', e.asset);
  if (e.from !== undefined) params.set('from', String(e.from));
  if (e.to !== undefined) params.set('to', String(e.to));
  return `/api/web/v1/earn/statements.csv?${params}`;
}
