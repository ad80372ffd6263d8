import { timingSafeEqual } from 'node:crypto';
import { Code } from '@earn/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../kernel/deps';
import { DomainError } from '../../kernel/errors';
import { loadOperatorSession, OPERATOR_SESSION_COOKIE } from './sessions';
import { operatorWallClock } from './wall-clock';

export const OPERATOR_ROLES = ['viewer', 'operator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Who makes an operator call: the automation token, or a signed-in operator. */
export interface OperatorActor {
  kind: 'token' | 'session';
  /** The operator's id; null for the token. */
  id: number | null;
  /** What the audit trail names: `token`, or the operator's email. */
  label: string;
  role: OperatorRole;
  /** The session the call came with (kind `session` only). */
  session?: { tokenHash: string; expiresAt: Date };
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorActor;
  }
  interface FastifyContextConfig {
    /** The least role an operator route needs, when not the default of `requiredRole`. */
    operatorRole?: OperatorRole;
  }
}

/** ADMIN_TOKEN is automation with every right, and is recorded as the actor `token`. */
export const TOKEN_ACTOR: OperatorActor = { kind: 'token', id: null, label: 'token', role: 'admin' };

const RANK: Record<OperatorRole, number> = { viewer: 0, operator: 1, admin: 2 };

/**
 * Writes the `operator` role may make: the catalogue and what it pays out (products, prices,
 * launch-pool projects, pools and their funding, vouchers, dual orders, NAV). Every other write
 * needs `admin`, so a new write route nobody thought about is admin-only until someone decides.
 */
const OPERATOR_WRITE_PREFIXES = [
  '/admin/api/prices/',
  '/admin/api/simple-earn/',
  '/admin/api/launch-pool/',
  '/admin/api/staking/',
  '/admin/api/wealth/',
  '/admin/api/soft-staking/',
  '/admin/api/dual/',
];

/**
 * The one rule of who may call what: a route's declared `config.operatorRole` if it has one, else
 * `viewer` for reads, `operator` for writes under the catalogue's prefixes, `admin` for any other write.
 */
export function requiredRole(method: string, routeUrl: string, declared?: OperatorRole): OperatorRole {
  if (declared) return declared;
  if (method === 'GET' || method === 'HEAD') return 'viewer';
  return OPERATOR_WRITE_PREFIXES.some((prefix) => routeUrl.startsWith(prefix)) ? 'operator' : 'admin';
}

export function parseRole(value: string): OperatorRole {
  const role = OPERATOR_ROLES.find((r) => r === value);
  if (!role) throw new Error(`unknown operator role ${value}`);
  return role;
}

export const unauthorized = () =>
  new DomainError(Code.INVALID_CREDENTIALS, 'operator.unauthorized', 'Sign in, or send the operator token');

/** The actor of an operator call; only call behind operatorGuard. */
export function actorOf(req: FastifyRequest): OperatorActor {
  if (!req.operator) throw unauthorized();
  return req.operator;
}

function tokenMatches(req: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(req.headers.authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A call with an Authorization header is judged by it alone: it is exempt from CSRF, so it must not
 * ride on a session cookie the browser happens to send along.
 */
async function identify(deps: AppDeps, req: FastifyRequest): Promise<OperatorActor> {
  if (req.headers.authorization !== undefined) {
    if (tokenMatches(req, deps.config.adminToken)) return TOKEN_ACTOR;
    throw unauthorized();
  }
  const session = await loadOperatorSession(
    deps.db,
    operatorWallClock(deps),
    req.cookies[OPERATOR_SESSION_COOKIE],
  );
  if (!session) throw unauthorized();
  return {
    kind: 'session',
    id: session.id,
    label: session.email,
    role: parseRole(session.role),
    session: { tokenHash: session.tokenHash, expiresAt: session.expiresAt },
  };
}

/** onRequest hook of every operator scope: identifies the actor (401) and checks its role (403). */
export function operatorGuard(deps: AppDeps) {
  return async (req: FastifyRequest) => {
    const actor = await identify(deps, req);
    req.operator = actor;
    const needed = requiredRole(
      req.method,
      req.routeOptions.url ?? req.url,
      req.routeOptions.config.operatorRole,
    );
    if (RANK[actor.role] < RANK[needed]) {
      throw new DomainError(Code.FORBIDDEN, 'operator.forbidden', `This needs the ${needed} role`, {
        required: needed,
        role: actor.role,
      });
    }
  };
}
