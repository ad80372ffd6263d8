import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Clock } from '../jobs/clock';
import type { SessionUser } from './context';
import { errors } from './errors';

export const SESSION_COOKIE = 'earn_sid';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The hash of the request's session cookie, as sessions are keyed; undefined without a usable one. */
export function sessionTokenHash(req: FastifyRequest): string | undefined {
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length <= 128 ? hashToken(token) : undefined;
}

export async function loadSession(
  db: Db,
  clock: Clock,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  if (!token || token.length > 128) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ id: users.id, email: users.email, fundpassVerifiedAt: sessions.fundpassVerifiedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())),
    );
  return row ? { ...row, tokenHash } : undefined;
}

/** preHandler factory: answers 401 unless the request carries a live session. */
export function requireUser(db: Db, clock: Clock) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const user = await loadSession(db, clock, req.cookies[SESSION_COOKIE]);
    if (!user) throw errors.loginRequired();
    req.user = user;
  };
}

/** preHandler factory: loads the session when there is one, for calls that also serve visitors. */
export function optionalUser(db: Db, clock: Clock) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.user = await loadSession(db, clock, req.cookies[SESSION_COOKIE]);
  };
}

/** The signed-in user; only call behind requireUser. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw errors.loginRequired();
  return req.user;
}
