import { callApi } from './typed';

type PayloadValue = string | number | boolean | null;
export type AnalyticsPayload = Record<string, PayloadValue>;

const MAX_STRING = 500;

function clean(payload: Record<string, unknown>): AnalyticsPayload {
  const out: AnalyticsPayload = {};
  for (const [k, v] of Object.entries(payload).slice(0, 30)) {
    if (v === null || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (v !== undefined) out[k] = String(v).slice(0, MAX_STRING);
  }
  return out;
}

function post(kind: 'click' | 'failure', name: string, payload: Record<string, unknown>): void {
  // Fire and forget: analytics never shows an error to the user or holds up the action.
  callApi('post', '/api/web/v1/analytics/events', {
    body: { kind, name: name.slice(0, 120), payload: clean(payload) },
  }).catch(() => undefined);
}

/** A button click, e.g. `trackClick('deposit.onchain', {coin})`. */
export function trackClick(name: string, payload: Record<string, unknown> = {}): void {
  post('click', name, payload);
}

/** A failure the user saw, e.g. a stake answered with an error code, with the server's message. */
export function trackFailure(name: string, payload: Record<string, unknown> = {}): void {
  post('failure', name, payload);
}
