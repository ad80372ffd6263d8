import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintId, createdAt, idPrimaryKey, ts } from './columns';

/** People who run the operator console; separate from users, who hold money. */
export const operators = pgTable(
  'operators',
  {
    id: idPrimaryKey(),
    /** Lower-cased on the way in, so the unique constraint is case-insensitive in effect. */
    email: text('email').notNull().unique(),
    /** argon2id, as users' passwords. */
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    /**
     * Base32 TOTP secret. The server must compute codes from it, so it is kept as it is (not hashed);
     * it is shown once, at creation, and no route ever returns it again.
     */
    totpSecret: text('totp_secret').notNull(),
    /** The RFC 6238 time step of the last code accepted: a code of that step or before is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [check('operators_role_known', sql`${t.role} IN ('viewer', 'operator', 'admin')`)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    /** sha256 of the cookie value, as users' sessions. */
    tokenHash: text('token_hash').primaryKey(),
    operatorId: bigintId('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    /** The absolute end: creation + 8 hours. */
    expiresAt: ts('expires_at').notNull(),
    /** The last call made with it; the idle timeout counts from here. */
    lastSeenAt: ts('last_seen_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Wrong sign-in tries, per email (known or not, so the lock does not reveal which emails exist). */
export const operatorLoginFailures = pgTable(
  'operator_login_failures',
  {
    id: idPrimaryKey(),
    email: text('email').notNull(),
    at: ts('at').notNull(),
    address: text('address'),
  },
  (t) => [index('operator_login_failures_email_at_idx').on(t.email, t.at)],
);
