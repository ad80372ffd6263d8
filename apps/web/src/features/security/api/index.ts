import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../../api/typed';
import type { ApiData, ApiItem } from '../../../api/types';

export const SECURITY_PATHS = {
  fundpass: '/api/web/v1/auth/fund-password',
  fundpassMode: '/api/web/v1/auth/fund-password/mode',
  fundpassReset: '/api/web/v1/auth/fund-password/reset',
  fundpassResetConfirm: '/api/web/v1/auth/fund-password/reset/confirm',
  password: '/api/web/v1/auth/password',
  totp: '/api/web/v1/auth/2fa',
  totpSetup: '/api/web/v1/auth/2fa/setup',
  totpEnable: '/api/web/v1/auth/2fa/enable',
  totpDisable: '/api/web/v1/auth/2fa/disable',
  sessions: '/api/web/v1/auth/sessions',
  signIns: '/api/web/v1/auth/sign-ins',
} as const;

export type TotpStatus = ApiData<'/api/web/v1/auth/2fa'>;
export type TotpSetup = ApiData<'/api/web/v1/auth/2fa/setup', 'post'>;
export type TotpEnabled = ApiData<'/api/web/v1/auth/2fa/enable', 'post'>;
export type UserSession = ApiData<'/api/web/v1/auth/sessions'>['list'][number];
export type SignInEvent = ApiItem<'/api/web/v1/auth/sign-ins'>;
export type PasswordChanged = ApiData<'/api/web/v1/auth/password', 'post'>;
export type FundpassMode = ApiData<'/api/web/v1/auth/fund-password/mode', 'post'>['mode'];
export const FUNDPASS_MODES: readonly FundpassMode[] = ['always', 'every_2h', 'never'];

export const SIGN_IN_PAGE = 10;

export const securityKeys = {
  totp: ['auth', 'security', '2fa'] as const,
  sessions: ['auth', 'security', 'sessions'] as const,
  signIns: (limit: number) => ['auth', 'security', 'sign-ins', limit] as const,
};

export const securityQueries = {
  totp: () =>
    queryOptions({
      queryKey: securityKeys.totp,
      queryFn: ({ signal }) => getData(SECURITY_PATHS.totp, { signal }),
    }),
  sessions: () =>
    queryOptions({
      queryKey: securityKeys.sessions,
      queryFn: ({ signal }) => getData(SECURITY_PATHS.sessions, { signal }),
    }),
  /** The newest `limit` tries: "show more" asks for a longer first page. */
  signIns: (limit: number) =>
    queryOptions({
      queryKey: securityKeys.signIns(limit),
      queryFn: ({ signal }) => getData(SECURITY_PATHS.signIns, { query: { page: 1, limit }, signal }),
    }),
};

/** A short name for a User-Agent: "Chrome on Windows", or the raw text cut down when unknown. */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}
