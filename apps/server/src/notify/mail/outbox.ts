import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { mailOutbox, notificationPrefs, users } from '../../infra/db/schema';
import { type Language, languageOf, type MailTemplate, type MailVars, renderMail } from './templates';

export type MailRecipient =
  /** A user: the address is theirs, the language their saved one unless `lang` says otherwise. */
  | { userId: number; to?: undefined }
  /** An address with no user behind it (or not to be told whether there is one). */
  | { to: string; userId?: undefined };

export type EnqueueMail = MailRecipient & {
  lang?: Language;
  template: MailTemplate;
  vars: MailVars;
  /** When it is written (the app's clock). */
  at: Date;
};

/** A user's saved language, English when they never chose. */
export async function userLanguage(db: Db, userId: number): Promise<Language> {
  const [row] = await db
    .select({ language: notificationPrefs.language })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  return languageOf(row?.language);
}

/**
 * Writes one mail to the outbox inside the caller's transaction (`tx`): it is sent only if that
 * transaction commits, and exactly once, by whichever instance's sender takes it first.
 *
 *   await enqueueMail(tx, { userId, template: 'fundpass_reset', vars: { code, minutes: 15 }, at: clock.now() });
 *   await enqueueMail(tx, { to: 'a@b.c', lang: 'zh-CN', template: 'notification', vars: { title, body }, at });
 *
 * Returns the outbox row's id; throws when the user does not exist or a template variable is missing.
 */
export async function enqueueMail(tx: Db, mail: EnqueueMail): Promise<number> {
  let to = mail.to;
  let language: Language = mail.lang ?? 'en';
  if (mail.userId !== undefined) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, mail.userId));
    if (!user) throw new Error(`mail to unknown user ${mail.userId}`);
    to = user.email;
    language = mail.lang ?? (await userLanguage(tx, mail.userId));
  }
  if (!to) throw new Error('mail without a recipient');
  const { subject, body } = renderMail(mail.template, language, mail.vars);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      userId: mail.userId ?? null,
      to,
      language,
      template: mail.template,
      subject,
      body,
      createdAt: mail.at,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox row not written');
  return row.id;
}

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The outbox, newest first: pending (not sent), sent, or failed (not sent, tried at least once). */
export async function listOutbox(
  db: Db,
  opts: { status?: OutboxStatus; page: number; limit: number },
): Promise<{ rows: (typeof mailOutbox.$inferSelect)[]; total: number }> {
  const where: SQL | undefined =
    opts.status === 'sent'
      ? isNotNull(mailOutbox.sentAt)
      : opts.status === 'pending'
        ? isNull(mailOutbox.sentAt)
        : opts.status === 'failed'
          ? and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.lastError))
          : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const total = await db.$count(mailOutbox, where);
  return { rows, total };
}
