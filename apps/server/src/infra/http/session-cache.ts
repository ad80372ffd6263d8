import type { SessionUser } from '../../kernel/deps';
import type { Db } from '../db/client';
import type { ListenHandlers } from '../db/listen';

/**
 * Sessions this instance looked up recently, so that a signed-in call does not read its session from
 * the database every time. An entry lives SESSION_CACHE_TTL_MS at most, and only while this instance
 * listens for session changes: a trigger on `sessions` (migration 0045) NOTIFYs `earn_sessions` with
 * the token hash of every session revoked, deleted or re-verified (sign-out, a password change that
 * ends the other sessions, a revocation from the sessions list or by an operator, a funding password
 * entered), at commit, to every instance. Where notifications cannot arrive (no LISTEN behind a
 * PgBouncer in transaction mode, or the listening connection lost) nothing is cached and every call
 * reads its session as before; a lost connection empties the cache, since changes may have been missed.
 *
 * This instance's own changes are also forgotten at once, after their commit (forgetSession), so the
 * next call here never waits for the notification. A lookup that began before a change was forgotten
 * is not kept (the epoch): it may have read the session as it was before.
 */
export const SESSIONS_CHANNEL = 'earn_sessions';
/** How long a looked-up session is trusted without reading it again (the notification is the rule). */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  user: SessionUser;
  /** When the session expires (ms), checked against the business clock on every use. */
  expiresAtMs: number;
  lastUsedAtMs: number | null;
  /** performance.now() past which the entry is read again. */
  until: number;
}

export class SessionCache implements ListenHandlers {
  private readonly entries = new Map<string, CachedSession>();
  private listeningNow = false;
  /** Bumped by every forget: a lookup that began under an older epoch is not kept. */
  private epoch = 0;

  get(tokenHash: string, nowMs: number): CachedSession | undefined {
    if (!this.listeningNow) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until < performance.now() || entry.expiresAtMs <= nowMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** The epoch to hand back to put() when the lookup that began now has its answer. */
  begin(): number {
    return this.epoch;
  }

  put(tokenHash: string, entry: Omit<CachedSession, 'until'>, epoch: number): void {
    if (!this.listeningNow || epoch !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { ...entry, until: performance.now() + SESSION_CACHE_TTL_MS });
  }

  forget(tokenHash: string): void {
    this.epoch++;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: number): void {
    this.epoch++;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }

  /** A NOTIFY on SESSIONS_CHANNEL: token hashes, comma-separated, or '*' for every session. */
  message(payload: string): void {
    if (payload === '*') this.forgetAll();
    else for (const hash of payload.split(',')) this.forget(hash);
  }

  live(live: boolean): void {
    this.listeningNow = live;
    this.forgetAll();
  }

  /** Whether entries are kept (the instance listens for changes). */
  get listening(): boolean {
    return this.listeningNow;
  }
}

/** One cache per database handle: each server (and each instance a test starts) has its own. */
const caches = new WeakMap<Db, SessionCache>();
/** Every cache of this process, for forgetting this process's own changes in all of them. */
const everyCache = new Set<WeakRef<SessionCache>>();

export function sessionCacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
    everyCache.add(new WeakRef(cache));
  }
  return cache;
}

function eachCache(visit: (cache: SessionCache) => void): void {
  for (const ref of everyCache) {
    const cache = ref.deref();
    if (cache) visit(cache);
    else everyCache.delete(ref);
  }
}

/**
 * Forgets a session this process changed (revoked, re-verified), in every cache of the process.
 * Call after the change committed; the trigger's notification tells the other instances.
 */
export function forgetSession(tokenHash: string): void {
  eachCache((cache) => cache.forget(tokenHash));
}

/** Forgets every session of a user this process changed (all revoked, a password changed). */
export function forgetUserSessions(userId: number): void {
  eachCache((cache) => cache.forgetUser(userId));
}
