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
