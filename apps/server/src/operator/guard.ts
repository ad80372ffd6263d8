import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../http/context';
import { DomainError } from '../http/errors';

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
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorActor;
  }
}

/** ADMIN_TOKEN is automation with every right, and is recorded as the actor `token`. */
export const TOKEN_ACTOR: OperatorActor = { kind: 'token', id: null, label: 'token', role: 'admin' };

/** The actor of an operator call; only call behind operatorGuard. */
export function actorOf(req: FastifyRequest): OperatorActor {
  if (!req.operator) throw new DomainError(40100, 'operator.unauthorized', 'Operator token missing or wrong');
  return req.operator;
}

function tokenMatches(req: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(req.headers.authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** onRequest hook of every operator scope: identifies the actor or answers 401. */
export function operatorGuard(deps: AppDeps) {
  return async (req: FastifyRequest) => {
    if (tokenMatches(req, deps.config.adminToken)) {
      req.operator = TOKEN_ACTOR;
      return;
    }
    throw new DomainError(40100, 'operator.unauthorized', 'Operator token missing or wrong');
  };
}
