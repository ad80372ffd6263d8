import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Counter, Histogram } from 'prom-client';
import { kindOf } from '../infra/http/money';

/** The route label of a request no route matched: never the raw URL, which anyone can vary. */
const UNMATCHED = 'unmatched';

function textField(value: unknown, ...names: string[]): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const name of names) {
    const field = (value as Record<string, unknown>)[name];
    if (typeof field === 'string' && /^[A-Za-z0-9]{1,16}$/.test(field)) return field.toUpperCase();
  }
  return undefined;
}

/** Times every answer, and counts the user calls that moved money (answered code 0, not a replay). */
export function instrumentRequests(
  app: FastifyInstance,
  series: { httpDuration: Histogram; subscriptions: Counter; redemptions: Counter },
): void {
  const { httpDuration, subscriptions, redemptions } = series;
  const answered = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (
      req.routeOptions.config?.money &&
      payload &&
      typeof payload === 'object' &&
      (payload as { code?: unknown }).code === 0
    ) {
      answered.set(req, (payload as { data?: unknown }).data);
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    httpDuration.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const money = req.routeOptions.config?.money;
    // A call that answered code 0 has committed; a replay moved nothing the second time.
    if (!money || reply.statusCode !== 200 || !answered.has(req) || reply.getHeader('idempotent-replayed'))
      return;
    const kind = kindOf(money, req.body);
    if (kind === 'other') return;
    const data = answered.get(req);
    try {
      const asset =
        (await money.asset?.(req.body, data)) ??
        textField(data, 'asset', 'coin') ??
        textField(req.body, 'asset', 'coin');
      (kind === 'subscription' ? subscriptions : redemptions).inc({
        line: money.line,
        asset: asset ?? 'unknown',
      });
    } catch (error) {
      req.log.warn({ err: error }, 'metrics: asset of a money call not found');
    }
  });
}
