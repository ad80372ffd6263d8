import { Code, SecurityMessageKey } from '@earn/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { signInThrottle } from '../infra/db/schema';
import { DomainError } from '../kernel/errors';

/**
 * The per-account limit on password guessing, beside the per-address one (`@fastify/rate-limit`):
 * an attacker with many addresses meets it too. Counted per user in the database, under the user's
 * row lock, so every instance sees one run.
 *
 * - Wrong passwords in a row up to SIGN_IN_FREE_FAILURES cost nothing more than the answer.
 * - From then on, after the n-th wrong password every try waits 2^n seconds (32 s after the 5th,
 *   64 s after the 6th …), never more than SIGN_IN_MAX_WAIT_SECONDS. A try during the wait is refused
 *   with 429, the right password too, and is not counted: the wait never grows by itself, so an
 *   attacker can keep a user out for at most one wait after each wrong try it is let make.
 * - A sign-in resets the run; so does a day without a wrong password.
 * - The user is mailed once per run, when it reaches the threshold.
 */

/** Wrong passwords in a row before each further try has to wait. */
export const SIGN_IN_FREE_FAILURES = 5;
/** The longest wait after a wrong password. */
export const SIGN_IN_MAX_WAIT_SECONDS = 15 * 60;
/** A run with no wrong password for this long is forgotten. */
export const SIGN_IN_RUN_EXPIRES_SECONDS = 24 * 60 * 60;

/** Seconds every try waits after the `failures`-th wrong password in a row. */
export function signInWaitSeconds(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(2 ** Math.min(failures, 30), SIGN_IN_MAX_WAIT_SECONDS);
}

type ThrottleRow = typeof signInThrottle.$inferSelect;

async function runOf(tx: Db, userId: number): Promise<ThrottleRow | undefined> {
  const [row] = await tx.select().from(signInThrottle).where(eq(signInThrottle.userId, userId));
  return row;
}

/** The end of the wait a try at `at` falls into, or null when it may be judged. */
export async function signInWaitUntil(tx: Db, userId: number, at: Date): Promise<Date | null> {
  const run = await runOf(tx, userId);
  return run?.waitUntil && run.waitUntil.getTime() > at.getTime() ? run.waitUntil : null;
}

/** The refusal of a try made during the wait: when it ends, and how many seconds are left. */
export function signInThrottled(until: Date, at: Date): DomainError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000));
  return new DomainError(
    Code.RATE_LIMITED,
    SecurityMessageKey.signInThrottled,
    'Too many wrong passwords for this account; try again later',
    { until: Math.ceil(until.getTime() / 1000), seconds },
    { retry_after: seconds },
  );
}

/**
 * Counts a wrong password and sets the wait it earns. Answers true when this try brought the run to
 * the threshold and the user has not been told of this run yet: the caller mails them, once.
 */
export async function countWrongPassword(tx: Db, userId: number, at: Date): Promise<boolean> {
  const run = await runOf(tx, userId);
  const stale = !run || at.getTime() - run.lastFailureAt.getTime() >= SIGN_IN_RUN_EXPIRES_SECONDS * 1000;
  const failures = stale ? 1 : run.failures + 1;
  const wait = signInWaitSeconds(failures);
  const waitUntil = wait > 0 ? new Date(at.getTime() + wait * 1000) : null;
  const warn = failures >= SIGN_IN_FREE_FAILURES && (stale || !run.warnedAt);
  const values = {
    failures,
    lastFailureAt: at,
    waitUntil,
    warnedAt: warn ? at : stale ? null : (run?.warnedAt ?? null),
  };
  await tx
    .insert(signInThrottle)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: signInThrottle.userId, set: values });
  return warn;
}

/** A sign-in ends the run. */
export async function endWrongPasswordRun(tx: Db, userId: number): Promise<void> {
  await tx.delete(signInThrottle).where(eq(signInThrottle.userId, userId));
}
