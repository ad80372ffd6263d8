import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { operatorSessions, operators } from '../../infra/db/schema';
import { hashToken, newToken } from '../../infra/http/auth';
import { OPERATOR_SESSION_COOKIE } from '../../infra/http/headers';
import type { WallClock } from './wall-clock';

export { OPERATOR_SESSION_COOKIE };
/** A session ends 8 hours after sign-in whatever happens: a working day. */
export const OPERATOR_SESSION_TTL_SECONDS = 8 * 3600;
/** …and earlier after 30 minutes without a call: a console left open unattended. */
export const OPERATOR_SESSION_IDLE_SECONDS = 30 * 60;

export interface OperatorSession {
  id: number;
  email: string;
  role: string;
  tokenHash: string;
  expiresAt: Date;
}

export async function createOperatorSession(
  db: Db,
  operatorId: number,
  at: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(at.getTime() + OPERATOR_SESSION_TTL_SECONDS * 1000);
  await db
    .insert(operatorSessions)
    .values({ tokenHash: hashToken(token), operatorId, createdAt: at, expiresAt, lastSeenAt: at });
  return { token, expiresAt };
}

/**
 * The live session of a cookie, marking it seen now, in one statement: not revoked, not past its
 * absolute end, not idle too long, and its operator not disabled. The role is read here on every
 * call, so a role change applies to sessions already open.
 */
export async function loadOperatorSession(
  db: Db,
  clock: WallClock,
  token: string | undefined,
): Promise<OperatorSession | undefined> {
  if (!token || token.length > 128) return undefined;
  const now = clock.now();
  const tokenHash = hashToken(token);
  const [row] = await db
    .update(operatorSessions)
    .set({ lastSeenAt: now })
    .from(operators)
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        eq(operators.id, operatorSessions.operatorId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_SESSION_IDLE_SECONDS * 1000)),
        eq(operators.disabled, false),
      ),
    )
    .returning({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      expiresAt: operatorSessions.expiresAt,
    });
  return row ? { ...row, tokenHash } : undefined;
}

export async function revokeOperatorSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
}

/** Ends every open session of an operator (disabled: their console must stop at once). */
export async function revokeOperatorSessions(db: Db, operatorId: number, at: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}
