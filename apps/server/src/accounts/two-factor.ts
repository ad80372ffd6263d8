import { randomBytes, randomUUID } from 'node:crypto';
import { Code, SecurityMessageKey } from '@earn/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../infra/db/client';
import { userRecoveryCodes, userTotp } from '../infra/db/schema';
import { DomainError } from '../kernel/errors';
import { notices } from '../kernel/notices';
import { getUser, hashSecret, verifySecret } from './users';

/** The issuer authenticator apps show beside the account. */
export const USER_TOTP_ISSUER = 'Earn';
const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes made at enrolment, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** Ten characters of a 32-letter alphabet without look-alikes (0/o, 1/l/i): 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const totpErrors = {
  required: () =>
    new DomainError(
      Code.TOTP_REQUIRED,
      SecurityMessageKey.totpRequired,
      'Enter the code from your authenticator app',
      {},
      {
        require_totp: true,
      },
    ),
  invalid: () =>
    new DomainError(
      Code.TOTP_INVALID,
      SecurityMessageKey.totpInvalid,
      'The code does not match; check the app and try again',
    ),
  reused: () =>
    new DomainError(
      Code.TOTP_REUSED,
      SecurityMessageKey.totpReused,
      'This code was already used; wait for the next one',
    ),
};

const passwordWrong = () =>
  new DomainError(Code.INVALID_CREDENTIALS, SecurityMessageKey.passwordWrong, 'Login password is incorrect');

function recoveryCode(): string {
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What a user types: case and the dash do not matter. */
function normaliseRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}

export type CodeCheck = { ok: true; step?: number } | { ok: false; reason: 'invalid' | 'reused' };

/**
 * A six-digit code against a secret, ±1 step (30 s) of drift. A code whose step is at or before
 * the last accepted one is 'reused', so a code signs in once; a code of another secret is 'invalid'.
 */
export async function checkTotp(
  secret: string,
  lastStep: number | null,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: 'invalid' };
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
    });
    if (!result.valid || !('timeStep' in result)) return { ok: false, reason: 'invalid' };
    if (lastStep !== null && result.timeStep <= lastStep) return { ok: false, reason: 'reused' };
    return { ok: true, step: result.timeStep };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

export async function totpStatus(db: Db, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  const codes = await db
    .select({ id: userRecoveryCodes.id })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return {
    enabled: Boolean(row?.enabledAt),
    enabled_at: row?.enabledAt ? Math.floor(row.enabledAt.getTime() / 1000) : null,
    recovery_codes_left: row?.enabledAt ? codes.length : 0,
  };
}

/**
 * Starts (or restarts) an enrolment: a fresh secret, proved by the login password. Sign-in does not
 * ask for a code until `confirmEnrolment` has seen one from this secret.
 */
export async function startEnrolment(
  db: Db,
  userId: number,
  password: string,
  at: Date,
): Promise<{ secret: string; otpauth_url: string }> {
  const user = await getUser(db, userId);
  if (!(await verifySecret(user.passwordHash, password))) throw passwordWrong();
  const [current] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (current?.enabledAt) {
    throw new DomainError(
      Code.TOTP_STATE,
      SecurityMessageKey.totpAlreadyOn,
      'Two-factor sign-in is already on',
    );
  }
  const secret = generateSecret();
  await db
    .insert(userTotp)
    .values({ userId, secret, createdAt: at })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, createdAt: at, lastStep: null } });
  return { secret, otpauth_url: generateURI({ issuer: USER_TOTP_ISSUER, label: user.email, secret }) };
}

/**
 * Turns two-factor sign-in on once a code of the new secret matches, and answers the recovery codes,
 * shown this once: only their argon2id hashes are kept.
 */
export async function confirmEnrolment(
  db: Db,
  userId: number,
  code: string,
  at: Date,
  totpNow: Date,
): Promise<{ recovery_codes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashSecret(c)));
  await db.transaction(async (txRoot) => {
    const tx: Db = txRoot;
    const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId)).for('update');
    if (!row) {
      throw new DomainError(Code.TOTP_STATE, SecurityMessageKey.totpNoEnrolment, 'Start the enrolment first');
    }
    if (row.enabledAt) {
      throw new DomainError(
        Code.TOTP_STATE,
        SecurityMessageKey.totpAlreadyOn,
        'Two-factor sign-in is already on',
      );
    }
    const check = await checkTotp(row.secret, row.lastStep, code, totpNow);
    if (!check.ok) throw check.reason === 'reused' ? totpErrors.reused() : totpErrors.invalid();
    await tx
      .update(userTotp)
      .set({ enabledAt: at, lastStep: check.step ?? null })
      .where(eq(userTotp.userId, userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx
      .insert(userRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
    await notices().notify(tx, {
      userId,
      kind: 'security_changed',
      cause: `totp_enabled:${randomUUID()}`,
      params: { what: 'totp_enabled' },
      at,
    });
  });
  return { recovery_codes: codes };
}

/**
 * Checks a second factor for a user with two-factor on: a TOTP code (kept as the last step, so it
 * works once) or an unused recovery code (then marked used). Runs in the caller's transaction, which
 * holds the user's row, so two requests with one code cannot both pass. `at` stamps a used recovery
 * code (business time); `totpNow` is the wall time codes are checked at (totp-clock.ts).
 */
export async function useSecondFactor(
  tx: Db,
  userId: number,
  given: { code?: string; recoveryCode?: string },
  at: Date,
  totpNow: Date,
): Promise<CodeCheck & { method: 'password' | 'totp' | 'recovery_code' }> {
  const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId)).for('update');
  // Two-factor sign-in is off: the password alone signs in.
  if (!row?.enabledAt) return { ok: true, method: 'password' };
  if (given.recoveryCode) {
    const wanted = normaliseRecoveryCode(given.recoveryCode);
    const unused = await tx
      .select()
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
    for (const candidate of unused) {
      if (await verifySecret(candidate.codeHash, wanted)) {
        await tx.update(userRecoveryCodes).set({ usedAt: at }).where(eq(userRecoveryCodes.id, candidate.id));
        return { ok: true, method: 'recovery_code' };
      }
    }
    return { ok: false, reason: 'invalid', method: 'recovery_code' };
  }
  const check = await checkTotp(row.secret, row.lastStep, given.code ?? '', totpNow);
  if (check.ok)
    await tx
      .update(userTotp)
      .set({ lastStep: check.step ?? null })
      .where(eq(userTotp.userId, userId));
  return { ...check, method: 'totp' };
}

export async function totpEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ on: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId));
  return Boolean(row?.on);
}

/** Turns two-factor sign-in off: the login password and a current code (or a recovery code). */
export async function disableTotp(
  db: Db,
  userId: number,
  opts: { password: string; code?: string; recoveryCode?: string },
  at: Date,
  totpNow: Date,
): Promise<void> {
  const user = await getUser(db, userId);
  if (!(await verifySecret(user.passwordHash, opts.password))) throw passwordWrong();
  await db.transaction(async (txRoot) => {
    const tx: Db = txRoot;
    if (!(await totpEnabled(tx, userId))) {
      throw new DomainError(Code.TOTP_STATE, SecurityMessageKey.totpNotOn, 'Two-factor sign-in is off');
    }
    const check = await useSecondFactor(tx, userId, opts, at, totpNow);
    if (!check.ok) throw check.reason === 'reused' ? totpErrors.reused() : totpErrors.invalid();
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await notices().notify(tx, {
      userId,
      kind: 'security_changed',
      cause: `totp_disabled:${randomUUID()}`,
      params: { what: 'totp_disabled' },
      at,
    });
  });
}
