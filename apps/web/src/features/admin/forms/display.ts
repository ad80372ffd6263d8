import { formatAmount } from '../../../components/format';
import { i18next } from '../../../i18n';
import { formatUtc } from '../components/format';
import type { FieldSpec, FormValues } from './fields';
import { unitOf } from './fields';
import { jsonAsPercents, percentOfFraction } from './percent';

const t = (key: string) => i18next.t(key) as string;

/** A field's unit in the operator's language (a coin or "%" as is, "days" translated). */
export function unitLabel(spec: FieldSpec, values: FormValues): string {
  const unit = unitOf(spec, values);
  return unit.startsWith('admin.') ? t(unit) : unit;
}

/** A wire value as the review and the lists show it, with its unit. */
export function displayValue(spec: FieldSpec, value: unknown, values: FormValues = {}): string {
  if (value === undefined) return t('admin.review.default');
  if (value === null || value === '') return t('admin.review.none');
  switch (spec.kind) {
    case 'bool':
    case 'flag':
      return value === true || value === 1 ? t('admin.yes') : t('admin.no');
    case 'time':
      return typeof value === 'number' ? formatUtc(value) : String(value);
    case 'json':
      return JSON.stringify(spec.fractionKeys ? jsonAsPercents(value, spec.fractionKeys) : value);
    case 'ids':
      return Array.isArray(value) ? value.join(', ') || t('admin.review.none') : String(value);
    case 'select': {
      const option = spec.options?.find((o) => o.value === String(value));
      return option ? (option.raw ? option.label : t(option.label)) : String(value);
    }
    case 'decimal': {
      if (spec.unlimited && value === '-1') return t('admin.unlimited');
      // A fraction on the wire reads as the percent it was typed as.
      const unit = spec.fraction ? '%' : unitLabel(spec, values);
      const shown = spec.fraction ? percentOfFraction(String(value)) : String(value);
      return `${formatAmount(shown, 18)}${unit ? ` ${unit}` : ''}`;
    }
    case 'int': {
      const unit = unitLabel(spec, values);
      return `${value}${unit ? ` ${unit}` : ''}`;
    }
    default:
      return String(value);
  }
}
