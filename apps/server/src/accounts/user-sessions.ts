import { Code, SecurityMessageKey } from '@earn/domain';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { sessions, users } from '../infra/db/schema';
import { forgetSession, forgetUserSessions } from '../infra/http/session-cache';
import type { SessionUser } from '../kernel/deps';
import { DomainError } from '../kernel/errors';
import { getUser, hashSecret, verifySecret } from './users';

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The user's live sessions, this one first, then by last use. */
export async function listSessions(db: Db, session: SessionUser, now: Date) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, session.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const list = rows.map((r) => ({
    id: r.publicId ?? r.tokenHash.slice(0, 12),
    device: r.userAgent,
    address: r.address,
    created_at: unix(r.createdAt) ?? 0,
    last_used_at: unix(r.lastUsedAt ?? r.createdAt) ?? 0,
    expires_at: unix(r.expiresAt) ?? 0,
    current: r.tokenHash === session.tokenHash,
  }));
  return list.sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one of the user's sessions by its public id; another user's id is not found, like an unknown
 * one. Sessions from before ids were given are listed (and revoked) by their hash's first 12 letters.
 */
export async function revokeSessionById(db: Db, userId: number, id: string, now: Date): Promise<void> {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash, publicId: sessions.publicId })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  const target = rows.find((r) => (r.publicId ?? r.tokenHash.slice(0, 12)) === id);
  if (!target) {
    throw new DomainError(Code.NOT_FOUND, SecurityMessageKey.sessionNotFound, 'No such session');
  }
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, target.tokenHash));
  forgetSession(target.tokenHash);
}

/**
 * Changes the login password, proved by the current one, and ends every other session of the user:
 * whoever knew the old password is signed out everywhere but here. Answers how many were ended.
 */
export async function changePassword(
  db: Db,
  session: SessionUser,
  opts: { current: string; next: string },
  now: Date,
): Promise<{ revoked_sessions: number }> {
  const user = await getUser(db, session.id);
  if (!(await verifySecret(user.passwordHash, opts.current))) {
    throw new DomainError(
      Code.INVALID_CREDENTIALS,
      SecurityMessageKey.passwordWrong,
      'Login password is incorrect',
    );
  }
  if (opts.current === opts.next) {
    throw new DomainError(
      Code.INVALID_PARAMS,
      SecurityMessageKey.passwordSame,
      'The new password is the current one',
    );
  }
  const passwordHash = await hashSecret(opts.next);
  const result = await db.transaction(async (txRoot) => {
    const tx: Db = txRoot;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, user.id),
          ne(sessions.tokenHash, session.tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    return { revoked_sessions: ended.length };
  });
  forgetUserSessions(user.id);
  return result;
}
