import { timingSafeEqual } from 'node:crypto';
import { Code } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../kernel/deps';
import { DomainError } from '../kernel/errors';
import {
  poolOf,
  reconciliationGauges,
  registerGroupCommitCounters,
  registerJobGauges,
  registerPoolGauges,
  registerReplicaGauges,
} from './metrics-gauges';
import { payoutMetrics } from './metrics-payouts';
import { instrumentRequests } from './metrics-requests';

export const METRICS_PATH = '/metrics';

/** Per process on purpose: Node's own series describe the process, whichever server scrapes them. */
let processRegistry: Registry | undefined;

/** Node's own series (CPU, memory, event loop, GC): one set per process, started at the first scrape. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

function tokenMatches(given: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Prometheus metrics of this app instance, at `GET /metrics` (behind METRICS_TOKEN when set). Each
 * app has its own registry, so the many apps of a test process never share a series.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  const registry = new Registry();
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'earn_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const subscriptions = new Counter({
    name: 'earn_subscriptions_total',
    help: 'Subscriptions (stakes, purchases) users made, by product line and asset',
    labelNames: ['line', 'asset'],
    registers,
  });
  const redemptions = new Counter({
    name: 'earn_redemptions_total',
    help: 'Redemptions users asked for, by product line and asset',
    labelNames: ['line', 'asset'],
    registers,
  });
  const payouts = new Counter({
    name: 'earn_payouts_total',
    help: 'Interest and reward payouts booked by periodic jobs (journal entries), by product line and asset',
    labelNames: ['line', 'asset'],
    registers,
  });
  const payoutAmount = new Counter({
    name: 'earn_payout_amount_total',
    help: 'What those payouts took from the house accounts, in units of the asset',
    labelNames: ['line', 'asset'],
    registers,
  });

  const pool = poolOf(deps);
  registerPoolGauges(registers, pool);
  registerReplicaGauges(registers, deps);
  registerJobGauges(registers, deps);
  registerGroupCommitCounters(registers);
  const readReconciliation = reconciliationGauges(registers, deps);
  const settlePayouts = payoutMetrics(app, deps, pool, { payouts, payoutAmount });
  instrumentRequests(app, { httpDuration, subscriptions, redemptions });

  const token = deps.config.metricsToken;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (token && !tokenMatches(req.headers.authorization, token)) {
      throw new DomainError(
        Code.INVALID_CREDENTIALS,
        'metrics.unauthorized',
        'Metrics token missing or wrong',
      );
    }
    await Promise.all([settlePayouts(), readReconciliation()]);
    const merged = Registry.merge([processMetrics(), registry]);
    reply.type(registry.contentType);
    return merged.metrics();
  });
}
