import { randomBytes, randomInt } from 'node:crypto';
import { Code, type FundpassMode, SecurityMessageKey } from '@earn/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { fundpassFailures, fundpassResetCodes, users } from '../infra/db/schema';
import { forgetSession } from '../infra/http/session-cache';
import type { Clock } from '../infra/jobs/clock';
import type { SessionUser } from '../kernel/deps';
import { DomainError } from '../kernel/errors';
import { storeFundpass } from './fundpass';
import { hashSecret, verifySecret } from './users';

/** How long a mailed reset code works, and how many wrong tries it takes before it is dead. */
export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** A new code for the same account at most once a minute: a mailbox is not a message queue. */
export const RESET_CODE_INTERVAL_SECONDS = 60;

export type MailLanguage = 'en' | 'zh-CN';

export interface FundpassResetMail {
  to: string;
  code: string;
  expiresAt: Date;
  language: MailLanguage;
}

/** The warning that an account's password is being guessed (sign-in-throttle.ts), to its user. */
export interface PasswordGuessingMail {
  userId: number;
  at: Date;
  /** The longest a try now waits, for the mail's text. */
  maxWaitMinutes: number;
}

/**
 * Where the security mails leave the server, in the transaction that decides them. The mail module
 * (the outbox table) implements it; until then `unsentResetMail` only logs that a mail was due,
 * never a code.
 */
export interface SecurityMailer {
  fundpassResetCode(mail: FundpassResetMail, tx: Db): Promise<void>;
  passwordGuessing(mail: PasswordGuessingMail, tx: Db): Promise<void>;
}

export function unsentResetMail(log: (line: string) => void): SecurityMailer {
  return {
    async fundpassResetCode(mail) {
      log(`funding-password reset code made for ${mail.to}; no mail module is configured to send it`);
    },
    async passwordGuessing(mail) {
      log(`user ${mail.userId}'s password is being guessed; no mail module is configured to tell them`);
    },
  };
}

/** Hash of a password nobody has (an unknown email costs a wrong one's time); the same for every server. */
let decoyHash: Promise<string> | undefined;

/**
 * Makes a reset code for the account with this email and mails it. An unknown email gets the same
 * answer and costs the same hashing, so the call tells nothing about which emails exist; so does a
 * second request within a minute (no new code is made).
 */
export async function requestFundpassReset(
  deps: { db: Db; clock: Clock; mailer: SecurityMailer },
  email: string,
  language: MailLanguage,
): Promise<void> {
  const now = deps.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashSecret(code);
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  if (!user) {
    decoyHash ??= hashSecret(randomBytes(16).toString('hex'));
    await decoyHash;
    return;
  }
  await deps.db.transaction(async (txRoot) => {
    const tx: Db = txRoot;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const since = new Date(now.getTime() - RESET_CODE_INTERVAL_SECONDS * 1000);
    const [recent] = await tx
      .select({ id: fundpassResetCodes.id })
      .from(fundpassResetCodes)
      .where(and(eq(fundpassResetCodes.userId, user.id), gt(fundpassResetCodes.createdAt, since)));
    if (recent) return;
    // Only the newest code works: an older one still in a mailbox is retired.
    await tx
      .update(fundpassResetCodes)
      .set({ usedAt: now })
      .where(and(eq(fundpassResetCodes.userId, user.id), isNull(fundpassResetCodes.usedAt)));
    const expiresAt = new Date(now.getTime() + RESET_CODE_TTL_SECONDS * 1000);
    await tx.insert(fundpassResetCodes).values({ userId: user.id, codeHash, createdAt: now, expiresAt });
    await deps.mailer.fundpassResetCode({ to: user.email, code, expiresAt, language }, tx);
  });
}

const codeInvalid = (left: number) =>
  new DomainError(Code.RESET_CODE_INVALID, SecurityMessageKey.resetCodeInvalid, 'The code is not right', {
    left,
  });
const codeExpired = () =>
  new DomainError(
    Code.RESET_CODE_INVALID,
    SecurityMessageKey.resetCodeExpired,
    'The code has expired or was used; ask for a new one',
  );

/**
 * Sets a new funding password with the newest mailed code of the signed-in user. A wrong code counts
 * against that code (RESET_CODE_MAX_ATTEMPTS, then it is dead); an expired, used or dead code
 * answers `fundpass.reset.codeExpired`. Success also clears the wrong-password lock: the user proved
 * they hold the mailbox.
 */
export async function confirmFundpassReset(
  deps: { db: Db; clock: Clock },
  session: SessionUser,
  code: string,
  fundpass: string,
): Promise<{ mode: FundpassMode }> {
  const now = deps.clock.now();
  const newHash = await hashSecret(fundpass);
  const outcome = await deps.db.transaction(
    async (txRoot): Promise<{ mode: FundpassMode } | { wrong: number } | 'expired'> => {
      const tx: Db = txRoot;
      const [user] = await tx.select().from(users).where(eq(users.id, session.id)).for('update');
      const [row] = await tx
        .select()
        .from(fundpassResetCodes)
        .where(eq(fundpassResetCodes.userId, session.id))
        .orderBy(desc(fundpassResetCodes.id))
        .limit(1);
      if (!user || !row || row.usedAt || row.expiresAt <= now || row.attempts >= RESET_CODE_MAX_ATTEMPTS) {
        return 'expired';
      }
      if (!(await verifySecret(row.codeHash, code))) {
        await tx
          .update(fundpassResetCodes)
          .set({ attempts: sql`${fundpassResetCodes.attempts} + 1` })
          .where(eq(fundpassResetCodes.id, row.id));
        return { wrong: RESET_CODE_MAX_ATTEMPTS - row.attempts - 1 };
      }
      await tx.update(fundpassResetCodes).set({ usedAt: now }).where(eq(fundpassResetCodes.id, row.id));
      const mode = user.fundpassHash ? user.fundpassMode : 'every_2h';
      await tx.delete(fundpassFailures).where(eq(fundpassFailures.userId, user.id));
      // The reset code is single-use: it names the cause, so the item is written once.
      await storeFundpass(tx, session, {
        hash: newHash,
        mode,
        now,
        cause: `fundpass_reset:${row.id}`,
        what: 'fundpass_reset',
      });
      return { mode };
    },
  );
  if (outcome === 'expired') throw codeExpired();
  if ('wrong' in outcome) throw codeInvalid(outcome.wrong);
  // The session's verified time changed with the reset: read it again on the next call.
  forgetSession(session.tokenHash);
  return outcome;
}

declare module '../kernel/deps' {
  interface AppDeps {
    /** Sends the security mails (the funding-password reset code); absent: logged as not sent. */
    mailer?: SecurityMailer;
  }
}
