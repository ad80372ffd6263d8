import { i18next, translateKey } from '../i18n';
import { trackFailure } from './analytics';
import { ApiCode, type ApiError, isApiError, needsFundpass } from './client';
import { requireLogin } from './session';

export type ToastLevel = 'error' | 'warning' | 'info' | 'success';

export interface ErrorReaction {
  /** The toast to show; null shows none. */
  toast: { level: ToastLevel; text: string } | null;
  /** Open the login flow (the user is sent back afterwards). */
  login: boolean;
}

const t = (key: string) => i18next.t(key) as string;

/**
 * The specs' error catalogue, in one place: what the user sees for each failure. Pure, so each case
 * is tested; `handleApiError` carries it out.
 */
export function reactionTo(error: unknown): ErrorReaction {
  if (!isApiError(error)) return { toast: { level: 'error', text: t('Networkerr') }, login: false };
  switch (error.kind) {
    case 'cancelled':
      return { toast: null, login: false };
    case 'network':
    case 'timeout':
      return { toast: { level: 'error', text: t('Networkerr') }, login: false };
    default:
      break;
  }
  switch (error.code) {
    case ApiCode.LOGIN_REQUIRED:
      return { toast: { level: 'info', text: t('auth.loginRequired') }, login: true };
    case ApiCode.FUNDPASS_WRONG:
      return { toast: { level: 'error', text: t('fundpass.wrong') }, login: false };
    case ApiCode.FUNDPASS_NOT_SET:
      return { toast: { level: 'warning', text: t('fundpass.notSet') }, login: false };
    case ApiCode.FINGERPRINT_REQUIRED:
      return { toast: { level: 'warning', text: t('fundpass.fingerprint') }, login: false };
    case ApiCode.VERIFY_FREQUENCY:
      return { toast: { level: 'warning', text: t('fundpass.verifyFrequency') }, login: false };
    default:
      break;
  }
  if (needsFundpass(error)) {
    // Reaches here only when no prompt could run (no dialog mounted): say what is missing.
    return { toast: { level: 'warning', text: t('fundpass.required') }, login: false };
  }
  if (error.status >= 500) {
    return {
      toast: { level: 'error', text: translateKey(error.key, error.params, t('request.data.error')) },
      login: false,
    };
  }
  // Every other failure code: the server's message as a warning, in the user's language when we know its key.
  return {
    toast: {
      level: 'warning',
      text: translateKey(error.key, error.params, error.message || t('request.data.error')),
    },
    login: false,
  };
}

const COLORS: Record<ToastLevel, string> = { error: 'red', warning: 'yellow', info: 'blue', success: 'teal' };

/**
 * Shows a toast. The notifications code loads after the first paint (see app/Toasts.tsx), so a toast
 * is raised once it is in; the store keeps it until the container shows it.
 */
export function toast(level: ToastLevel, text: string): void {
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      color: COLORS[level],
      message: text,
      autoClose: level === 'error' || level === 'warning' ? 5000 : 3000,
      withBorder: true,
      // The close button is an icon: its name for screen readers (axe: button-name).
      closeButtonProps: { 'aria-label': i18next.t('common.close') },
    }),
  );
}

/**
 * Shows what the catalogue says for a failure and, for a named user action, records it in analytics.
 * Queries and mutations reach this through the QueryClient's caches; call it directly only for
 * requests made outside TanStack Query.
 */
export function handleApiError(error: unknown, opts: { action?: string } = {}): ErrorReaction {
  const reaction = reactionTo(error);
  if (reaction.toast) toast(reaction.toast.level, reaction.toast.text);
  if (reaction.login) requireLogin();
  if (opts.action && !(isApiError(error) && error.kind === 'cancelled')) {
    const e = error as Partial<ApiError>;
    trackFailure(opts.action, {
      code: e.code ?? null,
      message: e.message ?? String(error),
      path: e.path ?? null,
    });
  }
  return reaction;
}
