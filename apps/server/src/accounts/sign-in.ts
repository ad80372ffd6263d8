import { randomBytes } from 'node:crypto';
import { Code, MessageKey, SecurityMessageKey } from '@earn/domain';
import { and, count, desc, eq, gt, inArray, min } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { signInEvents, users } from '../infra/db/schema';
import { DomainError } from '../kernel/errors';
import type { SecurityMailer } from './fundpass-reset';
import {
  countWrongPassword,
  endWrongPasswordRun,
  SIGN_IN_MAX_WAIT_SECONDS,
  signInThrottled,
  signInWaitUntil,
} from './sign-in-throttle';
import { totpErrors, useSecondFactor } from './two-factor';
import { type ClientInfo, createSession, hashSecret, type UserRow, verifySecret } from './users';

/** Wrong second-factor codes per user within the window before sign-in is refused until it passes. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_WINDOW_SECONDS = 15 * 60;

export type SignInOutcome =
  | 'ok'
  | 'wrong_password'
  | 'totp_required'
  | 'totp_invalid'
  | 'totp_reused'
  /** Refused unjudged: the account's wait after a run of wrong passwords (sign-in-throttle.ts). */
  | 'throttled';

/** Hash of a password nobody has, so an unknown email costs the same argon2 time as a wrong password. */
let decoyHash: Promise<string> | undefined;

const invalidCredentials = () =>
  new DomainError(Code.INVALID_CREDENTIALS, MessageKey.invalidCredentials, 'Wrong email or password');

export interface SignInRequest {
  email: string;
  password: string;
  /** The authenticator's six digits, when two-factor sign-in is on. */
  code?: string;
  /** Or one of the recovery codes shown at enrolment. */
  recoveryCode?: string;
  client: ClientInfo;
  at: Date;
  /** Wall time, for the TOTP step (totp-clock.ts). */
  totpNow: Date;
}

type Decided =
  | { kind: 'ok'; user: UserRow; token: string }
  | { kind: 'fail'; outcome: Exclude<SignInOutcome, 'ok' | 'throttled'> }
  | { kind: 'locked'; until: Date }
  | { kind: 'throttled'; until: Date };

/**
 * Password, then (when the user turned it on) the second factor. Every try for a known user is kept
 * in the sign-in history. The user's row is locked while the try is judged, so one TOTP code cannot
 * open two sessions and parallel guesses are counted one after another; the outcome is decided in
 * the transaction and thrown after it, so a failed try stays recorded. A try during the account's
 * wait after a run of wrong passwords is refused before the password is looked at; the run's mail
 * to the user is written in the transaction that counts the try reaching the threshold.
 */
export async function signIn(
  db: Db,
  req: SignInRequest,
  mailer?: SecurityMailer,
): Promise<{ user: UserRow; token: string }> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, req.email));
  if (!found) {
    decoyHash ??= hashSecret(randomBytes(16).toString('hex'));
    await verifySecret(await decoyHash, req.password);
    throw invalidCredentials();
  }
  const decided = await db.transaction(async (txRoot): Promise<Decided> => {
    const tx: Db = txRoot;
    const [user] = await tx.select().from(users).where(eq(users.id, found.id)).for('update');
    if (!user) return { kind: 'fail', outcome: 'wrong_password' };
    const record = (outcome: SignInOutcome, method: string) =>
      tx.insert(signInEvents).values({
        userId: user.id,
        at: req.at,
        outcome,
        method,
        address: req.client.address ?? null,
        userAgent: req.client.userAgent ?? null,
      });
    const waitUntil = await signInWaitUntil(tx, user.id, req.at);
    if (waitUntil) {
      await record('throttled', 'password');
      return { kind: 'throttled', until: waitUntil };
    }
    const since = new Date(req.at.getTime() - SECOND_FACTOR_WINDOW_SECONDS * 1000);
    const [wrongCodes] = await tx
      .select({ n: count(), oldest: min(signInEvents.at) })
      .from(signInEvents)
      .where(
        and(
          eq(signInEvents.userId, user.id),
          inArray(signInEvents.outcome, ['totp_invalid', 'totp_reused']),
          gt(signInEvents.at, since),
        ),
      );
    if ((wrongCodes?.n ?? 0) >= SECOND_FACTOR_MAX_FAILURES && wrongCodes?.oldest) {
      return {
        kind: 'locked',
        until: new Date(new Date(wrongCodes.oldest).getTime() + SECOND_FACTOR_WINDOW_SECONDS * 1000),
      };
    }
    if (!(await verifySecret(user.passwordHash, req.password))) {
      await record('wrong_password', 'password');
      if ((await countWrongPassword(tx, user.id, req.at)) && mailer)
        await mailer.passwordGuessing(
          { userId: user.id, at: req.at, maxWaitMinutes: SIGN_IN_MAX_WAIT_SECONDS / 60 },
          tx,
        );
      return { kind: 'fail', outcome: 'wrong_password' };
    }
    const noCode = !req.code && !req.recoveryCode;
    const second = await useSecondFactor(tx, user.id, req, req.at, req.totpNow);
    if (!second.ok) {
      const outcome = noCode ? 'totp_required' : second.reason === 'reused' ? 'totp_reused' : 'totp_invalid';
      await record(outcome, second.method);
      return { kind: 'fail', outcome };
    }
    await record('ok', second.method);
    await endWrongPasswordRun(tx, user.id);
    const token = await createSession(tx, user.id, req.at, req.client);
    return { kind: 'ok', user, token };
  });
  if (decided.kind === 'ok') return decided;
  if (decided.kind === 'throttled') throw signInThrottled(decided.until, req.at);
  if (decided.kind === 'locked') {
    throw new DomainError(
      Code.RATE_LIMITED,
      SecurityMessageKey.totpLocked,
      'Too many wrong codes; try again later',
      {
        until: Math.ceil(decided.until.getTime() / 1000),
      },
    );
  }
  switch (decided.outcome) {
    case 'totp_required':
      throw totpErrors.required();
    case 'totp_invalid':
      throw totpErrors.invalid();
    case 'totp_reused':
      throw totpErrors.reused();
    default:
      throw invalidCredentials();
  }
}

/** The sign-in history, newest first. */
export async function signInHistory(db: Db, userId: number, page: number, limit: number) {
  const [total] = await db.select({ n: count() }).from(signInEvents).where(eq(signInEvents.userId, userId));
  const rows = await db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      at: Math.floor(r.at.getTime() / 1000),
      outcome: r.outcome as SignInOutcome,
      method: r.method,
      address: r.address,
      device: r.userAgent,
    })),
  };
}
