import { MessageKey, SecurityMessageKey } from '@earn/domain';
import { isApiError } from '../../../api/client';
import { handleApiError } from '../../../api/errors';
import { translateKey } from '../../../i18n';

/** A refusal the form shows beside its fields; anything else (network, 5xx) goes to the toasts. */
export function inlineError(e: unknown): string | null {
  if (!isApiError(e) || e.kind !== 'api' || e.status >= 500) {
    handleApiError(e);
    return null;
  }
  return translateKey(e.key, e.params, e.message);
}

/** A refusal and the field it is about: 'proof' (what the form proves itself with) or the whole form. */
export interface FieldError {
  field: 'proof' | 'form';
  text: string;
}

/**
 * Refusals of what a form proves itself with (the login password, the current funding password, the
 * mailed code): shown under that field, not under the last one.
 */
const PROOF_KEYS: ReadonlySet<string> = new Set([
  SecurityMessageKey.passwordWrong,
  SecurityMessageKey.resetCodeInvalid,
  SecurityMessageKey.resetCodeExpired,
  MessageKey.fundpassWrong,
  MessageKey.fundpassFrequency,
]);

/** `inlineError` with the field it belongs to (null when it went to the toasts). */
export function fieldError(e: unknown): FieldError | null {
  const text = inlineError(e);
  if (text === null) return null;
  const key = isApiError(e) ? e.key : undefined;
  return { field: key && PROOF_KEYS.has(key) ? 'proof' : 'form', text };
}
