import { MAX_RATE_FRACTION, MAX_RATE_PERCENT } from '@earn/domain';
import type { FieldOption, FormValues } from '../fields';

/** What the line tables share: option lists, units, the rate ceilings. */
export const opt = (value: string | number, label: string): FieldOption => ({ value: String(value), label });
export const raw = (value: string): FieldOption => ({ value, label: value, raw: true });

export const openClosed = [opt(1, 'admin.opt.open'), opt(0, 'admin.opt.closed')];
export const onlineOffline = [opt('online', 'admin.opt.online'), opt('offline', 'admin.opt.offline')];

/** The unit of a field that counts in the record's own coin. */
export const coinOf =
  (key: string) =>
  (v: FormValues): string =>
    String(v[key] ?? '').toUpperCase();

export const days = 'admin.unit.days';
/** The highest rates the operator routes take (packages/domain product rules). */
export const FRACTION_MAX = MAX_RATE_FRACTION;
export const PERCENT_MAX = MAX_RATE_PERCENT;
export const percent = '%';

/** A row's 0/1 (or boolean) flag, as a visibility test of a field. */
export const flag01 = (key: string) => (row: Record<string, unknown>) => row[key] === 1 || row[key] === true;
