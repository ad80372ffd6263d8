import type { UnusualRate } from '@earn/domain';
import { i18next } from '../../../i18n';
import type { ApiError } from '../api/http';
import type { FieldSpec } from './fields';

const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

/** A rate the server asks the operator to confirm, as the console asks it. */
export interface RateToConfirm {
  field: string;
  /** The new APR in percent, as the server names it ("600.00"). */
  apr: string;
  /** "Set USDT flexible APR this hour to 600.00 %?" */
  question: string;
  /** Why it is asked: above the ceiling, more than 3 times the current rate. */
  why: string;
}

/** The form field a server path names (`ladder_apr.1.apr` → the ladder, `extra.redeem_fee` → itself). */
export function specOfPath(specs: FieldSpec[], path: string): FieldSpec | undefined {
  return specs.find((s) => path === s.key || path.startsWith(`${s.key}.`));
}

/** A rate's name: its field's label, and the tier or key inside it for a rate within a list. */
function rateName(specs: FieldSpec[], path: string): string {
  const spec = specOfPath(specs, path);
  if (!spec) return path;
  const label = t(spec.label);
  if (path === spec.key) return label;
  const [first, ...rest] = path.slice(spec.key.length + 1).split('.');
  if (first !== undefined && /^\d+$/.test(first)) {
    const tier = t('admin.ladder.tier', { n: Number(first) + 1 });
    return rest.length > 0 && !spec.ladder ? `${label}, ${tier} (${rest.join('.')})` : `${label}, ${tier}`;
  }
  return `${label} (${[first, ...rest].join('.')})`;
}

function isUnusualRate(value: unknown): value is UnusualRate {
  if (value === null || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  return typeof r.field === 'string' && typeof r.apr === 'string' && Array.isArray(r.reasons);
}

/**
 * The rates of a refusal for confirmation (422 42230 operator.rate.confirm), each with the question
 * naming the APR users would see and why it is asked.
 */
export function ratesToConfirm(e: ApiError, specs: FieldSpec[], subject: string): RateToConfirm[] {
  const list = Array.isArray(e.data.rates) ? e.data.rates.filter(isUnusualRate) : [];
  const { ceiling, factor } = e.params;
  return list.map((r) => {
    const field = rateName(specs, r.field);
    const question = subject
      ? t('admin.rate.confirmQuestion', { subject, field, apr: r.apr })
      : t('admin.rate.confirmQuestionBare', { field, apr: r.apr });
    const why = r.reasons
      .map((reason) =>
        reason === 'ceiling'
          ? t('admin.rate.why.ceiling', { ceiling })
          : t('admin.rate.why.jump', { factor, before: r.before_apr }),
      )
      .join(' ');
    return { field: r.field, apr: r.apr, question, why };
  });
}
