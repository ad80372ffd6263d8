import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintId, createdAt, idPrimaryKey, ts, userRef } from './columns';
import { users } from './core';

/**
 * A user's TOTP two-factor sign-in. A row exists from the start of an enrolment; `enabledAt` is set
 * once the user proved the secret with a code, and only then does sign-in ask for one. The secret is
 * kept as it is (the server must compute codes from it, as for operators) and never returned again
 * after the enrolment's first answer.
 */
export const userTotp = pgTable('user_totp', {
  userId: userRef()
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  enabledAt: ts('enabled_at'),
  /** The RFC 6238 time step of the last code accepted: a code of that step or before is refused. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as sha256 hashes (they are random, not chosen: no slow hash needed). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: idPrimaryKey(),
    userId: userRef().references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** Every sign-in try for a known user: the history the security page lists. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    at: ts('at').notNull(),
    /** ok, wrong_password, totp_required, totp_invalid, totp_reused, throttled. */
    outcome: text('outcome').notNull(),
    /** password, totp or recovery_code: what completed (or failed) the sign-in. */
    method: text('method').notNull(),
    address: text('address'),
    userAgent: text('user_agent'),
  },
  // by time: retention deletes the oldest first
  (t) => [index('sign_in_events_user_idx').on(t.userId, t.id), index('sign_in_events_at_idx').on(t.at)],
);

/** A funding-password reset code sent by mail: hashed, expiring, a few tries, used once. */
export const fundpassResetCodes = pgTable(
  'fundpass_reset_codes',
  {
    id: idPrimaryKey(),
    userId: bigintId('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('fundpass_reset_codes_user_idx').on(t.userId, t.id),
    index('fundpass_reset_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Operator settings that change behaviour at run time, one row per key. A key without a row has
 * its default (see `accounts/app-settings.ts`).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A user's run of wrong passwords since their last sign-in (accounts/sign-in-throttle.ts): from the
 * fifth on, each further try waits until `waitUntil`. One row per user, updated under the user's row
 * lock, so every instance counts the same run.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  userId: userRef()
    .primaryKey()
    .references(() => users.id),
  failures: bigint('failures', { mode: 'number' }).notNull(),
  lastFailureAt: ts('last_failure_at').notNull(),
  /** No try before this time is judged (null while the run is below the threshold). */
  waitUntil: ts('wait_until'),
  /** When the user was mailed about this run: once per run. */
  warnedAt: ts('warned_at'),
});
