import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Db, rows, sql } from '../../infra/db/client';
import type { Clock } from '../../infra/jobs/clock';

/** Mails taken per transaction: a batch holds its rows' locks while it talks to the SMTP server. */
export const MAIL_BATCH_SIZE = 20;
/** After this many failed tries a mail stays in the outbox, unsent, for the operator to look at. */
export const MAIL_MAX_ATTEMPTS = 8;
/** A failed try waits 2^attempts minutes (1, 2, 4 … ) before the next. */
const BACKOFF_BASE_MS = 60_000;

interface PendingRow {
  id: string;
  to: string;
  subject: string;
  body: string;
  attempts: number;
}

export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export function smtpTransport(url: string): Transporter {
  return nodemailer.createTransport(url);
}

/**
 * Sends the outbox. Each batch is one transaction that takes pending rows with FOR UPDATE SKIP LOCKED,
 * sends them and marks them sent: another instance's batch skips those rows, so no mail goes twice
 * (a crash between the SMTP answer and the commit can still send one again: at-least-once, as any
 * outbox). A failure is recorded on the row and tried later.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Sends one batch; answers how many were sent. */
  sendBatch(limit = MAIL_BATCH_SIZE): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now().toISOString();
      const pending = await rows<PendingRow>(
        tx,
        sql`SELECT id::text AS id, "to", subject, body, attempts FROM outbox
          WHERE sent_at IS NULL AND attempts < ${MAIL_MAX_ATTEMPTS}
            AND (next_attempt_at IS NULL OR next_attempt_at <= ${now}::timestamptz)
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      );
      let sent = 0;
      for (const mail of pending) {
        try {
          await this.transport.sendMail({
            from: this.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.body,
          });
          await tx.execute(sql`UPDATE outbox SET sent_at = ${now}::timestamptz, attempts = attempts + 1, last_error = NULL
            WHERE id = ${mail.id}::bigint`);
          sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const waitMs = BACKOFF_BASE_MS * 2 ** mail.attempts;
          const next = new Date(this.clock.now().getTime() + waitMs).toISOString();
          await tx.execute(sql`UPDATE outbox SET attempts = attempts + 1, last_error = ${message.slice(0, 500)},
            next_attempt_at = ${next}::timestamptz WHERE id = ${mail.id}::bigint`);
          this.log?.warn({ err: error, outbox: mail.id }, 'mail not sent; tried again later');
        }
      }
      return sent;
    });
  }

  /** Sends batches until none is left (or a batch sends nothing). */
  async drain(): Promise<number> {
    let total = 0;
    for (let i = 0; i < 1000; i++) {
      const sent = await this.sendBatch();
      total += sent;
      if (sent < MAIL_BATCH_SIZE) break;
    }
    return total;
  }

  start(intervalMs: number): void {
    const tick = () => {
      this.running = this.running
        .then(() => this.drain())
        .catch((error: unknown) => this.log?.error({ err: error }, 'mail pass failed'));
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
