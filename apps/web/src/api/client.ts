/**
 * The one HTTP client of the web app. It speaks the server's envelope `{code, message, data}`, sends
 * cookies and the CSRF header, and gives every failure one shape, `ApiError`. What to show for a
 * failure is decided in one place, `errors.ts`; retries live in the TanStack Query settings
 * (`queryClient.ts`) and in `send` (funding password).
 */

/** The specs' request timeout. */
export const REQUEST_TIMEOUT_MS = 20_000;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRF-Token';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const FUNDPASS_HEADER = 'X-Fund-Password';

/** The specs' codes the client acts on (packages/domain/src/codes.ts holds the full list). */
export const ApiCode = {
  OK: 0,
  OK_LEGACY: 200,
  FAILURE: -1,
  FUNDPASS_NEEDED_LEGACY: 101,
  LOGIN_REQUIRED: 401,
  FUNDPASS_WRONG: 10010106,
  FUNDPASS_NOT_SET: 10010107,
  FINGERPRINT_REQUIRED: 10010108,
  FUNDPASS_REQUIRED: 10010111,
  VERIFY_FREQUENCY: 10010112,
  INVALID_CREDENTIALS: 40100,
  /** Two-factor sign-in: the password was right; send the authenticator's code. */
  TOTP_REQUIRED: 40110,
  CSRF_INVALID: 40301,
} as const;

export type ApiErrorKind = 'network' | 'timeout' | 'api' | 'cancelled';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number = ApiCode.FAILURE,
    readonly status: number = 0,
    /** The server's error data; for rule failures `{key, params}`. */
    readonly data: Record<string, unknown> = {},
    readonly path: string = '',
  ) {
    super(message);
  }

  get key(): string | undefined {
    return typeof this.data.key === 'string' ? this.data.key : undefined;
  }

  get params(): Record<string, unknown> {
    const p = this.data.params;
    return p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * Failures worth another try: the request may not have reached the server, or the server failed.
 * No 4xx is one, not even 429: a funding-password lock answers 429 for 15 minutes, and re-sending
 * only hides the server's "try again at …" behind a spinner.
 */
export function isTransient(e: unknown): boolean {
  if (!isApiError(e)) return false;
  return e.kind === 'network' || e.kind === 'timeout' || e.status >= 500;
}

export function needsFundpass(e: ApiError): boolean {
  return (
    e.kind === 'api' &&
    (e.code === ApiCode.FUNDPASS_NEEDED_LEGACY ||
      e.code === ApiCode.FUNDPASS_REQUIRED ||
      e.data.require_fundpass === true)
  );
}

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  /** Post the body form-encoded, as the specs' clients do; JSON otherwise. */
  form?: boolean;
  /** One per user action, reused on its retries: the server answers a replay with the first response. */
  idempotencyKey?: string;
  fundpass?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * The language the user chose in the app, sent as Accept-Language on every call: the server writes
 * operator texts (product names, FAQs) in it, English where the operator wrote none. The browser's
 * own header would follow the device's language, not the one picked in the app.
 */
let contentLanguage: string | undefined;
export function setContentLanguage(code: string): void {
  contentLanguage = code;
}

let csrfPrimer: Promise<void> | null = null;

/** The server hands out the CSRF cookie on any response; a first POST needs one beforehand. */
async function ensureCsrfCookie(): Promise<string | undefined> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  csrfPrimer ??= fetch('/api/health', { credentials: 'same-origin' }).then(
    () => undefined,
    () => undefined,
  );
  await csrfPrimer;
  csrfPrimer = null;
  return readCookie(CSRF_COOKIE);
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function encodeForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) params.set(k, String(v));
  return params.toString();
}

/**
 * One HTTP attempt. Resolves with `data` on success codes, throws `ApiError` otherwise. The CSRF
 * token is bound to the session: a refusal of a stale one (the session changed in another tab, or a
 * page loaded before a deploy) hands out a fresh cookie, and the call is sent once more with it; the
 * server refuses before doing anything, so the second attempt is the only one that acts.
 */
export async function request<T>(opts: RequestOptions, csrfRetried = false): Promise<T> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(contentLanguage ? { 'Accept-Language': contentLanguage } : {}),
    ...opts.headers,
  };
  let body: string | undefined;
  if (method !== 'GET') {
    const csrf = await ensureCsrfCookie();
    if (csrf) headers[CSRF_HEADER] = csrf;
    const payload = opts.body ?? {};
    if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = encodeForm(payload);
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(payload);
    }
  }
  if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
  if (opts.fundpass) headers[FUNDPASS_HEADER] = opts.fundpass;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  let response: Response;
  try {
    response = await fetch(buildUrl(opts.path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (e) {
    if (timedOut) throw new ApiError('timeout', 'Request timed out', ApiCode.FAILURE, 0, {}, opts.path);
    if (opts.signal?.aborted)
      throw new ApiError('cancelled', 'Request cancelled', ApiCode.FAILURE, 0, {}, opts.path);
    throw new ApiError(
      'network',
      e instanceof Error ? e.message : 'Network error',
      ApiCode.FAILURE,
      0,
      {},
      opts.path,
    );
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }

  let envelope: { code?: unknown; message?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // A proxy's HTML error page or a cut connection: treat like a network failure, it may pass on retry.
    throw new ApiError(
      response.status >= 500 ? 'api' : 'network',
      `HTTP ${response.status}`,
      ApiCode.FAILURE,
      response.status,
      {},
      opts.path,
    );
  }
  const code = typeof envelope.code === 'number' ? envelope.code : response.ok ? ApiCode.OK : ApiCode.FAILURE;
  if ((code === ApiCode.OK || code === ApiCode.OK_LEGACY) && response.ok) return envelope.data as T;
  const message =
    typeof envelope.message === 'string'
      ? envelope.message
      : typeof envelope.msg === 'string'
        ? envelope.msg
        : '';
  const data =
    envelope.data && typeof envelope.data === 'object' ? (envelope.data as Record<string, unknown>) : {};
  if (code === ApiCode.CSRF_INVALID && method !== 'GET' && !csrfRetried) return request<T>(opts, true);
  throw new ApiError('api', message, code, response.status, data, opts.path);
}
