import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { SessionUser } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Clock } from '../jobs/clock';
import { sessionCacheOf } from './session-cache';

export const SESSION_COOKIE = 'earn_sid';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Session tokens lately hashed: a call hashes its cookie for the rate limit, the session and its
 * statement. Per process on purpose: a hash is a pure function of the token, the same in every server.
 */
const hashed = new Map<string, string>();
const HASHED_KEPT = 20_000;

export function hashToken(token: string): string {
  const known = hashed.get(token);
  if (known !== undefined) return known;
  const hash = createHash('sha256').update(token).digest('hex');
  if (hashed.size >= HASHED_KEPT) hashed.clear();
  hashed.set(token, hash);
  return hash;
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
  const now = clock.now();
  const nowMs = now.getTime();
  const cache = sessionCacheOf(db);
  const cached = cache.get(tokenHash, nowMs);
  if (cached) {
    if (await touch(db, tokenHash, cached.lastUsedAtMs, now)) cached.lastUsedAtMs = nowMs;
    return cached.user;
  }
  const epoch = cache.begin();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fundpassVerifiedAt: sessions.fundpassVerifiedAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return undefined;
  const { lastUsedAt, expiresAt, ...rest } = row;
  const user = { ...rest, tokenHash };
  const lastUsedAtMs = lastUsedAt?.getTime() ?? null;
  const touched = await touch(db, tokenHash, lastUsedAtMs, now);
  cache.put(
    tokenHash,
    { user, expiresAtMs: expiresAt.getTime(), lastUsedAtMs: touched ? nowMs : lastUsedAtMs },
    epoch,
  );
  return user;
}

/**
 * The sessions list shows the last use to the minute; writing it on every call would cost a write
 * per request, so it is written when a minute has passed since.
 */
async function touch(db: Db, tokenHash: string, lastUsedAtMs: number | null, now: Date): Promise<boolean> {
  if (lastUsedAtMs !== null && now.getTime() - lastUsedAtMs < LAST_USED_RESOLUTION_MS) return false;
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.tokenHash, tokenHash));
  return true;
}

/** How stale a session's `last_used_at` may be before a call writes it again. */
export const LAST_USED_RESOLUTION_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A private route without the requireUser hook: its handler checks the session inside its own
     * statement (the flexible fast path). Marked so the session still comes before the input.
     */
    sessionInStatement?: boolean;
  }
}

/** Marks the hooks requireUser makes, so every route that uses one is known to be private. */
const SESSION_GUARD = Symbol('earn.sessionGuard');
type SessionGuard = ((req: FastifyRequest, reply: FastifyReply) => Promise<void>) & { [SESSION_GUARD]: true };

/**
 * Hook factory: answers 401 unless the request carries a live session. Routes list it as their
 * preHandler; `sessionBeforeInput` moves it to onRequest, so it runs before the body is read.
 */
export function requireUser(db: Db, clock: Clock): SessionGuard {
  const guard = async (req: FastifyRequest, _reply: FastifyReply) => {
    const user = await loadSession(db, clock, req.cookies[SESSION_COOKIE]);
    if (!user) throw errors.loginRequired();
    req.user = user;
  };
  return Object.assign(guard, { [SESSION_GUARD]: true as const });
}

function isSessionGuard(hook: unknown): hook is SessionGuard {
  return typeof hook === 'function' && (hook as Partial<SessionGuard>)[SESSION_GUARD] === true;
}

type Hooks = RouteOptions['preHandler'];

function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Whether a route needs a signed-in user: it lists requireUser's hook, or checks the session itself. */
export function isPrivateRoute(route: Pick<RouteOptions, 'preHandler' | 'onRequest' | 'config'>): boolean {
  return (
    [...hookList(route.preHandler as Hooks), ...hookList(route.onRequest as Hooks)].some(isSessionGuard) ||
    (route.config as { sessionInStatement?: boolean } | undefined)?.sessionInStatement === true
  );
}

/** onRequest of the fast-path routes: without a session cookie at all there is nothing to look up. */
async function refuseWithoutSessionCookie(req: FastifyRequest): Promise<void> {
  if (!sessionTokenHash(req)) throw errors.loginRequired();
}

/**
 * Every private route checks the session before it reads the input, so a caller without a live
 * session learns nothing of a route's schema and costs no body parsing: 401 whatever the body.
 * Fastify validates before preHandler, where the routes list requireUser, so this onRoute hook moves
 * that hook to onRequest (after the global onRequest hooks: cookies, CSRF, the test clock). The
 * fast-path routes read the session inside their own statement (one round trip, the reason they
 * exist): they refuse a request with no session cookie at onRequest, and on a schema failure look
 * the session up before answering 400, so a dead cookie gets 401 there too, at no cost to a valid
 * call. Register before any route.
 */
export function sessionBeforeInput(app: FastifyInstance, db: Db, clock: Clock): void {
  app.addHook('onRoute', (route) => {
    const preHandler = hookList(route.preHandler as Hooks);
    const guard = preHandler.find(isSessionGuard);
    if (guard) {
      route.preHandler = preHandler.filter((h) => h !== guard);
      route.onRequest = [...hookList(route.onRequest as Hooks), guard] as RouteOptions['onRequest'];
      return;
    }
    if (route.config?.sessionInStatement !== true) return;
    route.onRequest = [
      ...hookList(route.onRequest as Hooks),
      refuseWithoutSessionCookie,
    ] as RouteOptions['onRequest'];
    route.attachValidation = true;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, req, reply) {
      if (req.validationError) {
        if (!(await loadSession(db, clock, req.cookies[SESSION_COOKIE]))) throw errors.loginRequired();
        throw req.validationError;
      }
      return handler.call(this, req, reply);
    };
  });
}

/**
 * Sessions' users, for keying per-user limits on the routes that load no session themselves. Per
 * process on purpose: token hashes are random and unique, so servers in one process (tests) never
 * meet each other's entries, and the answer only keys a rate limit (never a permission).
 */
const sessionOwners = new Map<string, number>();
const SESSION_OWNERS_KEPT = 10_000;

/** The user of a session (live or not: a key, not a permission), by its token hash; cached. */
export async function sessionOwner(db: Db, tokenHash: string): Promise<number | undefined> {
  const known = sessionOwners.get(tokenHash);
  if (known !== undefined) return known;
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return undefined;
  if (sessionOwners.size >= SESSION_OWNERS_KEPT) sessionOwners.clear();
  sessionOwners.set(tokenHash, row.userId);
  return row.userId;
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
