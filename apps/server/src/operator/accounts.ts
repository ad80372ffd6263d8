import { randomBytes } from 'node:crypto';
import { Code, MessageKey } from '@earn/domain';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { type OperatorActor, type OperatorRole, parseRole } from '../accounts/operators/guard';
import { createOperatorSession, revokeOperatorSessions } from '../accounts/operators/sessions';
import type { WallClock } from '../accounts/operators/wall-clock';
import { hashSecret, verifySecret } from '../accounts/users';
import { type Db, pgErrorCode } from '../infra/db/client';
import { operatorLoginFailures, operators } from '../infra/db/schema';
import { DomainError, errors } from '../kernel/errors';

export type OperatorRow = typeof operators.$inferSelect;

/** Wrong sign-in tries per email within the window before sign-in is refused until the window passes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Earn operator console';
const TOTP_PERIOD_SECONDS = 30;

const loginInvalid = () =>
  new DomainError(Code.INVALID_CREDENTIALS, 'operator.login.invalid', 'Wrong email, password or code');

/** Hash of a password nobody has: an unknown email costs the same argon2 time as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** What an operator looks like on the wire; never the password hash or the TOTP secret. */
export function operatorView(row: OperatorRow) {
  return {
    id: row.id,
    email: row.email,
    role: parseRole(row.role),
    disabled: row.disabled,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    last_login_at: row.lastLoginAt ? Math.floor(row.lastLoginAt.getTime() / 1000) : null,
  };
}

export interface NewOperator {
  row: OperatorRow;
  /** Shown once, to the one who creates the operator; only its argon2id hash is kept. */
  password: string;
  totpSecret: string;
  otpauthUrl: string;
}

/** Creates an operator with a random password and a fresh TOTP secret; 409 on a taken email. */
export async function createOperator(
  db: Db,
  opts: { email: string; role: OperatorRole; at: Date },
): Promise<NewOperator> {
  const password = randomBytes(18).toString('base64url');
  const totpSecret = generateSecret();
  let row: OperatorRow | undefined;
  try {
    [row] = await db
      .insert(operators)
      .values({
        email: opts.email,
        passwordHash: await hashSecret(password),
        role: opts.role,
        totpSecret,
        createdAt: opts.at,
      })
      .returning();
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      throw new DomainError(Code.EMAIL_TAKEN, MessageKey.emailTaken, `Operator ${opts.email} already exists`);
    }
    throw error;
  }
  if (!row) throw new Error('operator not inserted');
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: row.email, secret: totpSecret });
  return { row, password, totpSecret, otpauthUrl };
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(operators.id);
}

export async function getOperator(db: Db, id: number): Promise<OperatorRow> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) throw errors.notFound('operator');
  return row;
}

/** Changes role and/or disabled; disabling ends the operator's open sessions at once. */
export async function updateOperator(
  db: Db,
  id: number,
  change: { role?: OperatorRole; disabled?: boolean },
  at: Date,
): Promise<{ before: OperatorRow; after: OperatorRow }> {
  const [before] = await db.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!before) throw errors.notFound('operator');
  const [after] = await db
    .update(operators)
    .set({ role: change.role ?? before.role, disabled: change.disabled ?? before.disabled })
    .where(eq(operators.id, id))
    .returning();
  if (!after) throw errors.notFound('operator');
  if (after.disabled && !before.disabled) await revokeOperatorSessions(db, id, at);
  return { before, after };
}

/**
 * The time step of a right code not used before, or null. ±1 step of drift (epochTolerance of one
 * period each way), and a step at or before the last accepted one is refused, so a code works once.
 */
async function acceptedStep(row: OperatorRow, code: string, now: Date): Promise<number | null> {
  try {
    const result = await verify({
      secret: row.totpSecret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      afterTimeStep: row.totpLastStep ?? undefined,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws on input it cannot use (a malformed token, a reused step in some versions).
    return null;
  }
}

export interface SignedIn {
  operator: OperatorRow;
  token: string;
  expiresAt: Date;
}

/**
 * Password and TOTP code, with the lock: after LOGIN_MAX_FAILURES wrong tries for an email within the
 * window, every try (a right one too) is refused until the oldest of those leaves the window. Tries
 * for one email run one at a time (an advisory lock on the email), so parallel guesses cannot slip
 * past the count; the outcome is decided in the transaction and thrown after it, so a wrong try
 * stays counted. `onSuccess` runs in the same transaction (the audit record).
 */
export async function signIn(
  db: Db,
  clock: WallClock,
  opts: { email: string; password: string; code: string; address: string },
  onSuccess: (tx: Db, actor: OperatorActor) => Promise<void>,
): Promise<SignedIn> {
  const now = clock.now();
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
  const outcome = await db.transaction(async (txRoot): Promise<SignedIn | 'invalid' | { until: Date }> => {
    const tx: Db = txRoot;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`operator-login:${opts.email}`}))`);
    const recent = await tx
      .select({ at: operatorLoginFailures.at })
      .from(operatorLoginFailures)
      .where(and(eq(operatorLoginFailures.email, opts.email), gt(operatorLoginFailures.at, since)))
      .orderBy(desc(operatorLoginFailures.at))
      .limit(LOGIN_MAX_FAILURES);
    const fifth = recent[LOGIN_MAX_FAILURES - 1];
    if (fifth) return { until: new Date(fifth.at.getTime() + LOGIN_FAILURE_WINDOW_SECONDS * 1000) };

    const [row] = await tx.select().from(operators).where(eq(operators.email, opts.email)).for('update');
    decoyHash ??= hashSecret(randomBytes(16).toString('hex'));
    const passwordOk = await verifySecret(row?.passwordHash ?? (await decoyHash), opts.password);
    const step = row && passwordOk && !row.disabled ? await acceptedStep(row, opts.code, now) : null;
    if (!row || step === null) {
      await tx.insert(operatorLoginFailures).values({ email: opts.email, at: now, address: opts.address });
      return 'invalid';
    }
    const [signedIn] = await tx
      .update(operators)
      .set({ totpLastStep: step, lastLoginAt: now })
      .where(eq(operators.id, row.id))
      .returning();
    if (!signedIn) throw new Error('operator vanished while signing in');
    const session = await createOperatorSession(tx, row.id, now);
    await onSuccess(tx, {
      kind: 'session',
      id: row.id,
      label: row.email,
      role: parseRole(row.role),
    });
    return { operator: signedIn, ...session };
  });
  if (outcome === 'invalid') throw loginInvalid();
  if ('until' in outcome) {
    const until = Math.ceil(outcome.until.getTime() / 1000);
    throw new DomainError(
      Code.RATE_LIMITED,
      'operator.login.locked',
      'Too many wrong sign-in tries; try again later',
      { until },
    );
  }
  return outcome;
}
