import { randomBytes } from 'node:crypto';
import { Code, MessageKey } from '@earn/domain';
import { hash, verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { type Db, pgErrorCode } from '../infra/db/client';
import { sessions, users } from '../infra/db/schema';
import { hashToken, newToken, SESSION_TTL_SECONDS } from '../infra/http/auth';
import { forgetSession, forgetUserSessions } from '../infra/http/session-cache';
import { DomainError, errors } from '../kernel/errors';

export type UserRow = typeof users.$inferSelect;

export async function hashSecret(secret: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id.
  return hash(secret);
}

export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

export async function registerUser(
  db: Db,
  opts: { email: string; password: string; at: Date },
): Promise<UserRow> {
  const passwordHash = await hashSecret(opts.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: opts.email,
        passwordHash,
        createdAt: opts.at,
        referralCode: randomBytes(5).toString('hex').toUpperCase(),
      })
      .returning();
    if (!row) throw new Error('user not inserted');
    return row;
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      throw new DomainError(Code.EMAIL_TAKEN, MessageKey.emailTaken, 'This email is already registered');
    }
    throw error;
  }
}

/** Where a session was opened: shown in the sessions list and the sign-in history. */
export interface ClientInfo {
  userAgent?: string;
  address?: string;
}

/** The User-Agent as kept: at most 256 characters, absent when empty. */
export function clientInfoOf(req: { headers: Record<string, unknown>; ip: string }): ClientInfo {
  const ua = req.headers['user-agent'];
  return { userAgent: typeof ua === 'string' && ua ? ua.slice(0, 256) : undefined, address: req.ip };
}

export async function createSession(
  db: Db,
  userId: number,
  at: Date,
  client: ClientInfo = {},
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    publicId: randomBytes(9).toString('base64url'),
    userId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + SESSION_TTL_SECONDS * 1000),
    userAgent: client.userAgent ?? null,
    address: client.address ?? null,
    lastUsedAt: at,
  });
  return token;
}

export async function revokeSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.tokenHash, tokenHash));
  forgetSession(tokenHash);
}

export async function getUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw errors.notFound('user');
  return row;
}

/** The operator names a user by id or by email. */
export async function findUserByRef(db: Db, ref: string | number): Promise<UserRow> {
  const text = String(ref).trim();
  if (/^\d+$/.test(text) && !Number.isSafeInteger(Number(text))) throw errors.notFound('user');
  const condition = /^\d+$/.test(text) ? eq(users.id, Number(text)) : eq(users.email, text.toLowerCase());
  const [row] = await db.select().from(users).where(condition);
  if (!row) throw errors.notFound('user');
  return row;
}

export async function revokeAllSessions(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId)));
  forgetUserSessions(userId);
}
