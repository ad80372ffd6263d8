import { RESET_CODE_TTL_SECONDS, type SecurityMailer } from '../../accounts/fundpass-reset';
import { enqueueMail } from './outbox';

/**
 * The security mails through the outbox: written in the transaction that makes the code, so a code
 * that was not stored is never mailed, and sent once by whichever instance's sender takes it.
 */
export const outboxSecurityMailer: SecurityMailer = {
  async fundpassResetCode(mail, tx) {
    await enqueueMail(tx, {
      to: mail.to,
      lang: mail.language,
      template: 'fundpass_reset',
      vars: { code: mail.code, minutes: RESET_CODE_TTL_SECONDS / 60 },
      at: new Date(mail.expiresAt.getTime() - RESET_CODE_TTL_SECONDS * 1000),
    });
  },
  async passwordGuessing(mail, tx) {
    await enqueueMail(tx, {
      userId: mail.userId,
      template: 'password_guessing',
      vars: { minutes: mail.maxWaitMinutes },
      at: mail.at,
    });
  },
};
