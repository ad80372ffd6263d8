import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../infra/db/client';
import { currentUser } from '../infra/http/auth';
import { kindOf, type MoneyCall } from '../infra/http/money';
import type { Clock } from '../infra/jobs/clock';
import type { Config } from '../kernel/config';
import {
  type Flag,
  type FundpassPolicy,
  fundpassClearOver,
  fundpassDemand,
  fundpassGraceStart,
  meetFundpassDemand,
  providedFundpass,
} from './fundpass';

/*
 * The money gate: the one place the funding-password rules meet every money move of every line. A
 * route declares `config.money` (http/money.ts) and runs its call through idempotent() or
 * idempotentFast() (http/idempotency.ts), which run it through here; nothing else is needed, so no
 * line can skip the funding password, the first-move rule or the order of checks.
 *
 * The order: the call's own checks first (the request, the product, the amount in the shared order of
 * packages/domain/src/check-order.ts, quota, balance), the funding password last. When the user would
 * be asked for the password (or to set one), the call is first rehearsed: it runs in a transaction
 * that is rolled back, so its refusal, if any, is the answer, and a replay of an Idempotency-Key
 * answers its first response. Only a call that would go through asks for the password; then it runs
 * for real. A user who need not be asked (a password entered within the grace period, or none asked
 * for) pays nothing extra.
 */

export interface GateDeps {
  db: Db;
  clock: Clock;
  config?: Pick<Config, 'fundpassFirstMove'>;
}

/** Requests that went through the gate: a money call answering success without it is a defect. */
const gated = new WeakSet<FastifyRequest>();

/** The policy of the request's call, undefined when it never asks for the password. */
function policyOf(req: FastifyRequest): FundpassPolicy | undefined {
  const money = req.routeOptions.config?.money;
  return money ? fundpassPolicyOf(money, req.body) : undefined;
}

/**
 * Runs a call through the gate. `rehearse` runs the call's checks and rolls them back, answering the
 * stored response when the call is an idempotent replay (undefined otherwise); `run` makes the call.
 * A call without a money declaration (an idempotent operator call) just runs.
 */
export async function throughMoneyGate<R>(
  deps: GateDeps,
  req: FastifyRequest,
  rehearse: () => Promise<R | undefined>,
  run: () => Promise<R>,
): Promise<R> {
  if (!req.routeOptions.config?.money) return run();
  gated.add(req);
  const policy = policyOf(req);
  if (!policy) return run();
  const session = currentUser(req);
  const demand = await fundpassDemand(deps, session, policy, deps.clock.now());
  if (!demand) return run();
  const replay = await rehearse();
  if (replay) return replay;
  await meetFundpassDemand(deps, session, demand, providedFundpass(req));
  return run();
}

/**
 * The fast path's share of the gate (idempotentFast) for one call, as values: fastGateOver makes them
 * the condition its read puts on the session (`s`) and its user (`u`), true only where no funding
 * password would be asked for. A call that would be asked finds no session there, so the fast path
 * declines and the call goes through throughMoneyGate behind the usual session check. Values rather
 * than a condition so that a read of several calls' sessions (group commit's batched read) can carry
 * them in its call rows. Marks the request as gated.
 */
export interface FastGateValues {
  /** The call has a funding-password policy at all (false: the gate is open, `true`). */
  gated: boolean;
  always: boolean;
  firstMove: boolean;
  /** ISO 8601: fundpassGraceStart of the call's time. */
  graceStart: string;
}

export function fastGateValues(req: FastifyRequest, now: Date): FastGateValues {
  if (!req.routeOptions.config?.money) throw new Error('fastGateValues on a route without config.money');
  gated.add(req);
  const policy = policyOf(req);
  return {
    gated: policy !== undefined,
    always: policy?.always ?? false,
    firstMove: policy?.firstMove ?? false,
    graceStart: fundpassGraceStart(now),
  };
}

/**
 * The gate's condition over parts (Flag: each known for one call's read, or a column of a batched
 * read's call rows): its one spelling, for one call or for many.
 */
export function fastGateOver(
  deps: Pick<GateDeps, 'config'>,
  parts: { gated: Flag; always: Flag; firstMove: Flag; graceStart: SQL },
): SQL {
  if (parts.gated === false) return sql`true`;
  const clear = fundpassClearOver(parts, deps.config ?? {});
  return parts.gated === true ? clear : sql`(NOT ${parts.gated} OR ${clear})`;
}

/** A route the gate guards: a write declared as a money call. */
export interface GuardedRoute {
  method: string;
  url: string;
  money: MoneyCall;
}

const guardedRoutes = new WeakMap<FastifyInstance, GuardedRoute[]>();

/** Every money route of the app (registered after registerMoneyGateCheck), in registration order. */
export function moneyRoutesOf(app: FastifyInstance): readonly GuardedRoute[] {
  return guardedRoutes.get(app) ?? [];
}

/**
 * Lists the money routes as they are registered, and fails, with a 500 the test suite sees, a money
 * call that answers success without having gone through the gate (a handler that moved money outside
 * idempotent() or idempotentFast()).
 */
export function registerMoneyGateCheck(app: FastifyInstance): void {
  const listed: GuardedRoute[] = [];
  guardedRoutes.set(app, listed);
  app.addHook('onRoute', (route) => {
    const money = route.config?.money;
    if (!money) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      listed.push({ method, url: route.url, money });
  });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (
      req.routeOptions.config?.money &&
      !gated.has(req) &&
      payload &&
      typeof payload === 'object' &&
      (payload as { code?: unknown }).code === 0
    ) {
      throw new Error(`${req.method} ${req.routeOptions.url}: a money call answered without the money gate`);
    }
    return payload;
  });
}

/**
 * The funding-password policy of one call: money going in (a subscription, stake or purchase) by the
 * user's setting and the first-move rule; a redemption by the user's setting where the line says so;
 * otherwise none (undefined).
 */
export function fundpassPolicyOf(money: MoneyCall, body: unknown): FundpassPolicy | undefined {
  const kind = kindOf(money, body);
  if (kind === 'subscription') return { firstMove: true };
  if (kind === 'redemption' && money.passwordOnRedemption) return {};
  return undefined;
}
