import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { Db } from '../../infra/db/client';
import type { AppDeps } from '../../kernel/deps';
import { once, REPLAYED_HEADER } from '../idempotency';

declare module 'fastify' {
  interface FastifyRequest {
    /** The change of an operator POST: set by operatorWritesOnce, made by inTransaction. */
    operatorWrite?: OperatorWrite;
  }
}

interface OperatorWrite {
  /** inTransaction ran (it runs once a call). */
  made: boolean;
  /** What inTransaction's work answered: what the key keeps, and what the call must answer. */
  answer?: unknown;
}

/** A replay, thrown out of inTransaction so the rest of the handler does not run again either. */
class Replayed {
  constructor(readonly answer: unknown) {}
}

/** A write of the operator API by POST: it creates something or makes something happen. */
export function isOperatorPost(route: Pick<RouteOptions, 'method' | 'url'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.includes('POST') && route.url.startsWith('/admin/api/');
}

/**
 * Every POST of the operator API runs once per Idempotency-Key, declared here once rather than route
 * by route, so a new route cannot forget it: its config says `idempotent` (the API document declares
 * the header), and its handler makes its change in inTransaction(deps, req, work), whose transaction
 * claims the key and keeps work's answer with the change. A replay answers the kept answer and runs
 * nothing (the handler stops where its change would be made); the same key with another body is 409
 * 40901. Operator keys live in a scope apart from every user's. A route opts out only with
 * `config: { idempotent: false }` and a comment saying why a repeat is harmless or why one
 * transaction cannot hold it.
 *
 * A handler that answers without having made its change through inTransaction, or answers something
 * else than what the key kept, would take a key it does not honour: it fails (500) instead, and every
 * route runs in the test suite (apps/server/test/operator/idempotent-writes.test.ts walks them all).
 * Register before any route.
 */
export function operatorWritesOnce(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isOperatorPost(route) || route.config?.idempotent === false) return;
    route.config = { ...route.config, idempotent: true };
    const handler = route.handler as RouteHandlerMethod;
    const name = `${route.method} ${route.url}`;
    route.handler = async function (this: FastifyInstance, req, reply) {
      const write: OperatorWrite = { made: false };
      req.operatorWrite = write;
      try {
        const answer: unknown = await handler.call(this, req, reply);
        if (!write.made)
          throw new Error(`${name}: answered without making its change in inTransaction(deps, req, …)`);
        if (answer !== write.answer)
          throw new Error(`${name}: answered something else than its transaction kept under the key`);
        return answer;
      } catch (error) {
        if (!(error instanceof Replayed)) throw error;
        reply.header(REPLAYED_HEADER, 'true');
        return error.answer;
      }
    } as RouteHandlerMethod;
  });
}

/**
 * Runs an operator write in one transaction, so the change and its audit record commit together.
 * For a POST (see operatorWritesOnce) the same transaction claims the call's Idempotency-Key, and
 * `work` answers the call's whole response, which the key keeps; on a replay this throws out of the
 * handler, which then answers the kept response. Other writes (PUT edits) just get the transaction.
 */
export async function inTransaction<T>(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  req: FastifyRequest,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const write = req.operatorWrite;
  if (!write) return deps.db.transaction((t) => work(t));
  if (write.made) throw new Error(`${req.method} ${req.routeOptions.url}: one transaction per operator POST`);
  write.made = true;
  const { answer, replayed } = await once(deps, req, work);
  if (replayed) throw new Replayed(answer);
  write.answer = answer;
  return answer;
}
