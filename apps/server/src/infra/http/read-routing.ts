import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { ReadReplicas } from '../db/replicas';
import { wallTime } from '../jobs/clock';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reads that may lag (lists, histories, charts): served by a read replica when one is usable. */
    readReplica?: boolean;
  }
}

/**
 * The reads that may lag a second or two behind a write: catalogues, histories, charts. Named here in
 * one place rather than on each route, so the list is reviewed as a whole. Balances, what a user may
 * redeem or subscribe, sessions and everything before a money move stay on the primary.
 */
export const REPLICA_READS = new Set([
  '/api/web/v1/market/assets',
  '/apiw/v2/uni-loan/earn/coin-info',
  '/apiw/v2/uni-loan/earn/chart',
  '/apiw/v2/uni-loan/earn/history',
  '/apiw/v2/fixed_earn/api/product/coins',
  '/apiw/v2/fixed_earn/api/product/:id/list',
  '/apiw/v2/fixed_earn/api/user/history',
  '/apiw/v2/earn/launch-pool/projects',
  '/apiw/v2/earn/launch-pool/earn-more',
  '/apiw/v2/earn/launch-pool/my-rewards',
  '/apiw/v2/earn/launch-pool/orders',
  '/apiw/v2/earn/staking/products',
  '/apiw/v2/earn/staking/coin-user-profit-records',
  '/apiw/v2/earn/staking/redeem-records',
  '/apiw/v2/earn/staking/coin-lines',
  '/apiw/v2/earn/staking/coin-defi-lines',
  '/apiw/v2/earn/soft-staking/products',
  '/apiw/v2/earn/soft-staking/payout-history',
  '/apiw/v2/earn/private-wealth/products',
  '/apiw/v2/earn/private-wealth/orders',
  '/apiw/v2/earn/private-wealth/redeem-records',
  '/apiw/v2/earn/private-wealth/lines',
  '/apiw/v2/earn/dual/orders',
]);

/** Carries "read the primary until" (unix ms) from a user's write to their next reads, on any instance. */
export const PRIMARY_UNTIL_COOKIE = 'earn_primary_until';

/**
 * Routes marked `readReplica` run their handler on a replica; every successful write tells the
 * client, by a short-lived cookie, to read the primary for `afterWriteMs` so it sees its own write.
 * Only the handler moves: authentication and the other hooks read the primary.
 */
export function registerReadRouting(app: FastifyInstance, replicas: ReadReplicas): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.config?.readReplica && !(methods.includes('GET') && REPLICA_READS.has(route.url))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, req, reply) {
      const until = Number(req.cookies?.[PRIMARY_UNTIL_COOKIE]);
      return replicas.run(Number.isFinite(until) ? until : undefined, () => handler.call(this, req, reply));
    } as RouteHandlerMethod;
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (reply.statusCode >= 400) return;
    const until = wallTime().getTime() + replicas.afterWriteMs;
    reply.setCookie(PRIMARY_UNTIL_COOKIE, String(until), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: Math.ceil(replicas.afterWriteMs / 1000),
    });
  });
}
