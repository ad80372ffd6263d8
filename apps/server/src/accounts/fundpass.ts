import { randomUUID } from 'node:crypto';
import { Code, type FundpassMode, MessageKey, SecurityMessageKey } from '@earn/domain';
import { and, count, eq, gt, min, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../infra/db/client';
import { fundpassFailures, sessions, users } from '../infra/db/schema';
import { FUNDPASS_HEADER } from '../infra/http/headers';
import { mayAskFundpass } from '../infra/http/money';
import { forgetSession } from '../infra/http/session-cache';
import type { Clock } from '../infra/jobs/clock';
import type { Config } from '../kernel/config';
import type { SessionUser } from '../kernel/deps';
import { DomainError, errors } from '../kernel/errors';
import { notices } from '../kernel/notices';
import { firstMoveSettingSql } from './app-settings';
import { getUser, hashSecret, verifySecret } from './users';

/** Wrong tries allowed in the window before verification is refused (10010112). */
export const FUNDPASS_MAX_FAILURES = 5;
export const FUNDPASS_FAILURE_WINDOW_SECONDS = 15 * 60;
/** How long a verification lasts in the 'every_2h' mode. */
export const FUNDPASS_GRACE_SECONDS = 2 * 3600;

export { FUNDPASS_HEADER };

const required = () =>
  new DomainError(
    Code.FUNDPASS_REQUIRED,
    MessageKey.fundpassRequired,
    'Please enter your funding password',
    {},
    {
      require_fundpass: true,
    },
  );
const notSet = () =>
  new DomainError(Code.FUNDPASS_NOT_SET, MessageKey.fundpassNotSet, 'Please set a funding password first');
/**
 * A first money move by a user who never set a funding password, while the operator's setting asks
 * for one first: the web app opens its set-password dialog on `data.setup_fundpass`.
 */
const setupFirst = () =>
  new DomainError(
    Code.FUNDPASS_NOT_SET,
    MessageKey.fundpassSetupRequired,
    'Set a funding password before your first subscription, stake or purchase',
    {},
    { setup_fundpass: true },
  );
/** `until` (ISO 8601, UTC) is sent once the last try is used, so the prompt can show when the lock ends. */
const wrong = (left: number, until?: Date) =>
  new DomainError(
    Code.FUNDPASS_WRONG,
    MessageKey.fundpassWrong,
    'Funding password is incorrect',
    until ? { left, until: until.toISOString() } : { left },
  );
const tooMany = (until: Date) =>
  new DomainError(
    Code.VERIFY_FREQUENCY,
    MessageKey.fundpassFrequency,
    'Too many wrong funding passwords; try again in 15 minutes',
    { until: until.toISOString() },
  );

/**
 * The funding password sent with a request: the `fundpass` field or the X-Fund-Password header. The
 * API document declares that header from the route's `config.fundPassword`, or its `config.money`
 * when that call may ask for the password (http/openapi.ts, http/money.ts); a route
 * reading it without the flag would take a header its operation does not name, and every route runs
 * in the test suite, so this fails there.
 */
export function providedFundpass(req: FastifyRequest): string | undefined {
  const config = req.routeOptions.config;
  if (!config?.fundPassword && !mayAskFundpass(config?.money))
    throw new Error(
      `${req.method} ${req.routeOptions.url}: reads X-Fund-Password without config.fundPassword or a money call that asks for it, so the API document does not declare the header`,
    );
  const body = req.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? (body.fundpass ?? body.fund_password) : undefined;
  if (typeof fromBody === 'string' && fromBody.length > 0) return fromBody;
  const header = req.headers[FUNDPASS_HEADER];
  return typeof header === 'string' && header.length > 0 ? header : undefined;
}

/**
 * The wrong tries still in the window and when the oldest of them leaves it: the lock ends then,
 * because from that moment fewer than the limit remain.
 */
async function failureWindow(db: Db, userId: number, now: Date): Promise<{ n: number; until: Date }> {
  // A try exactly 15 minutes old has left the window, as "try again in 15 minutes" promises.
  const since = new Date(now.getTime() - FUNDPASS_FAILURE_WINDOW_SECONDS * 1000);
  const [row] = await db
    .select({ n: count(), oldest: min(fundpassFailures.at) })
    .from(fundpassFailures)
    .where(and(eq(fundpassFailures.userId, userId), gt(fundpassFailures.at, since)));
  const oldest = row?.oldest ? new Date(row.oldest) : now;
  return { n: row?.n ?? 0, until: new Date(oldest.getTime() + FUNDPASS_FAILURE_WINDOW_SECONDS * 1000) };
}

/**
 * Checks a password against the stored one, counting the wrong tries. The user's row is locked for
 * the check, so guesses sent in parallel are counted one after another and cannot get past the limit;
 * the outcome is decided inside the transaction and thrown after it, so a wrong try stays counted.
 */
async function checkPassword(
  db: Db,
  clock: Clock,
  userId: number,
  stored: string,
  given: string | undefined,
) {
  const now = clock.now();
  const outcome = await db.transaction(
    async (txRoot): Promise<'ok' | 'required' | { locked: Date } | { left: number; until: Date }> => {
      const tx: Db = txRoot;
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const before = await failureWindow(tx, userId, now);
      if (before.n >= FUNDPASS_MAX_FAILURES) return { locked: before.until };
      if (given === undefined) return 'required';
      if (await verifySecret(stored, given)) return 'ok';
      await tx.insert(fundpassFailures).values({ userId, at: now });
      const after = await failureWindow(tx, userId, now);
      return { left: Math.max(0, FUNDPASS_MAX_FAILURES - after.n), until: after.until };
    },
  );
  if (outcome === 'required') throw required();
  if (outcome === 'ok') return;
  if ('locked' in outcome) throw tooMany(outcome.locked);
  throw wrong(outcome.left, outcome.left === 0 ? outcome.until : undefined);
}

/**
 * When a call asks for the funding password. `always` (a settings change) asks every time whatever
 * the mode. `firstMove` marks money going in (a subscription, stake or purchase): a user who never set
 * a funding password is sent to set one first, unless the operator turned that off.
 */
export interface FundpassPolicy {
  always?: boolean;
  firstMove?: boolean;
}

/**
 * What a call still needs before it may go on: a first password set ('setup', the first-move rule),
 * a password set at all ('notSet'), or the password checked ('check'); undefined when nothing.
 * Reads only: nothing is counted or remembered until `meetFundpassDemand`. Its SQL twin for calls that
 * read the session in their own statement is `fundpassClearOver`.
 */
export type FundpassDemand = 'setup' | 'notSet' | 'check';

export async function fundpassDemand(
  deps: { db: Db; config?: Pick<Config, 'fundpassFirstMove'> },
  session: SessionUser,
  policy: FundpassPolicy,
  now: Date,
): Promise<FundpassDemand | undefined> {
  // One round trip for the user's setting and, where the first-move rule may apply, the operator's
  // switch for it (a read of the user's row and another of the settings were two, on every money call).
  const [user] = await rows<{ mode: FundpassMode; has_fundpass: boolean; first_move: boolean }>(
    deps.db,
    sql`SELECT fundpass_mode AS mode, fundpass_hash IS NOT NULL AS has_fundpass,
      ${policy.firstMove ? firstMoveSettingSql(deps.config ?? {}) : sql`false`} AS first_move
      FROM users WHERE id = ${session.id}`,
  );
  if (!user) throw errors.notFound('user');
  const mode = user.mode;
  if (mode === 'never' && !policy.always) {
    if (policy.firstMove && !user.has_fundpass && user.first_move) return 'setup';
    return undefined;
  }
  if (!user.has_fundpass) return 'notSet';
  if (
    mode === 'every_2h' &&
    !policy.always &&
    session.fundpassVerifiedAt &&
    now.getTime() - session.fundpassVerifiedAt.getTime() < FUNDPASS_GRACE_SECONDS * 1000
  ) {
    return undefined;
  }
  return 'check';
}

/**
 * A part of a condition known when the statement is built (one call's read: the condition is spelled
 * for that call alone, as before), or only row by row (a read of several calls at once: a column of
 * their call rows, so that one statement text serves every call).
 */
export type Flag = boolean | SQL;

/** fundpassClearOver's inputs as parts of a condition (Flag): a policy's flags and the grace's start. */
export interface FundpassClearParts {
  always: Flag;
  firstMove: Flag;
  /** Where the 'every_2h' grace started: a verification after it still counts (timestamptz). */
  graceStart: SQL;
}

/** The start of the 'every_2h' grace that is still running at `now`, ISO 8601. */
export function fundpassGraceStart(now: Date): string {
  return new Date(now.getTime() - FUNDPASS_GRACE_SECONDS * 1000).toISOString();
}

/**
 * The SQL twin of "fundpassDemand finds nothing", over a statement that reads the session as `s` and
 * its user as `u` (a fast path's read), the operator's first-move setting included. One spelling for
 * both reads: with every flag known it is one call's condition (the text a single fast read has
 * always had); with flags as columns of call rows, the same rule row by row.
 */
export function fundpassClearOver(parts: FundpassClearParts, config: Pick<Config, 'fundpassFirstMove'>): SQL {
  const { always, firstMove, graceStart } = parts;
  if (always === true) return sql`false`;
  const setUp = sql`u.fundpass_hash IS NOT NULL OR NOT ${firstMoveSettingSql(config)}`;
  const never =
    firstMove === false
      ? sql`u.fundpass_mode = 'never'`
      : firstMove === true
        ? sql`(u.fundpass_mode = 'never' AND (${setUp}))`
        : sql`(u.fundpass_mode = 'never' AND (NOT ${firstMove} OR ${setUp}))`;
  const clear = sql`(${never} OR (u.fundpass_mode = 'every_2h' AND u.fundpass_hash IS NOT NULL
    AND s.fundpass_verified_at > ${graceStart}::timestamptz))`;
  return always === false ? clear : sql`(NOT ${always} AND ${clear})`;
}

/**
 * Meets a demand, or refuses the call: the first-move rule (10010107 with setup_fundpass), no password
 * set (10010107), or the password given checked (missing: 10010111 with require_fundpass; wrong:
 * 10010106; too many tries: 10010112). A right password is remembered on the session (the 'every_2h'
 * grace). Runs outside the call's own transaction: wrong tries must be counted even though it fails.
 */
export async function meetFundpassDemand(
  deps: { db: Db; clock: Clock },
  session: SessionUser,
  demand: FundpassDemand,
  given: string | undefined,
): Promise<void> {
  if (demand === 'setup') throw setupFirst();
  if (demand === 'notSet') throw notSet();
  const user = await getUser(deps.db, session.id);
  if (!user.fundpassHash) throw notSet();
  const now = deps.clock.now();
  await checkPassword(deps.db, deps.clock, user.id, user.fundpassHash, given);
  await deps.db
    .update(sessions)
    .set({ fundpassVerifiedAt: now })
    .where(eq(sessions.tokenHash, session.tokenHash));
  forgetSession(session.tokenHash);
}

/** Guards a protected call by the user's setting: the demand, then meeting it (see both). */
export async function requireFundpass(
  deps: { db: Db; clock: Clock; config?: Pick<Config, 'fundpassFirstMove'> },
  session: SessionUser,
  given: string | undefined,
  policy: FundpassPolicy = {},
): Promise<void> {
  const demand = await fundpassDemand(deps, session, policy, deps.clock.now());
  if (demand) await meetFundpassDemand(deps, session, demand, given);
}

/**
 * Sets the first funding password (proved by the login password) or changes it (proved by the old
 * one). A first password turns on the 'every_2h' mode, the exchange's usual default.
 */
export async function setFundpass(
  deps: { db: Db; clock: Clock },
  session: SessionUser,
  opts: { fundpass: string; oldFundpass?: string; loginPassword?: string; mode?: FundpassMode },
): Promise<{ mode: FundpassMode }> {
  const user = await getUser(deps.db, session.id);
  if (user.fundpassHash) {
    await checkPassword(deps.db, deps.clock, user.id, user.fundpassHash, opts.oldFundpass);
  } else if (!opts.loginPassword || !(await verifySecret(user.passwordHash, opts.loginPassword))) {
    // The login password's own key, as the security page's other checks answer it: sign-in's
    // 'Wrong email or password' named an email nobody typed here.
    throw new DomainError(
      Code.INVALID_CREDENTIALS,
      SecurityMessageKey.passwordWrong,
      'Login password is incorrect',
    );
  }
  const mode: FundpassMode =
    opts.mode ?? (user.fundpassHash ? (user.fundpassMode as FundpassMode) : 'every_2h');
  const hash = await hashSecret(opts.fundpass);
  const now = deps.clock.now();
  await deps.db.transaction(async (t) => {
    // Each change is its own cause; the item commits with the change.
    await storeFundpass(t, session, {
      hash,
      mode,
      now,
      cause: `fundpass:${randomUUID()}`,
      what: user.fundpassHash ? 'fundpass_changed' : 'fundpass_set',
    });
  });
  forgetSession(session.tokenHash);
  return { mode };
}

/**
 * A new funding password, in the caller's transaction: its hash and mode on the user, the session
 * counted as just verified (the user typed it), and the `security_changed` item under `cause`.
 * Setting, changing and resetting by mailed code all end here.
 */
export async function storeFundpass(
  tx: Db,
  session: SessionUser,
  change: { hash: string; mode: FundpassMode; now: Date; cause: string; what: string },
): Promise<void> {
  await tx
    .update(users)
    .set({ fundpassHash: change.hash, fundpassMode: change.mode })
    .where(eq(users.id, session.id));
  await tx
    .update(sessions)
    .set({ fundpassVerifiedAt: change.now })
    .where(eq(sessions.tokenHash, session.tokenHash));
  await notices().notify(tx, {
    userId: session.id,
    kind: 'security_changed',
    cause: change.cause,
    params: { what: change.what },
    at: change.now,
  });
}

/** Changing when the password is asked for always needs the password itself. */
export async function setFundpassMode(
  deps: { db: Db; clock: Clock },
  session: SessionUser,
  mode: FundpassMode,
  given: string | undefined,
): Promise<void> {
  await requireFundpass(deps, session, given, { always: true });
  await deps.db.update(users).set({ fundpassMode: mode }).where(eq(users.id, session.id));
}
