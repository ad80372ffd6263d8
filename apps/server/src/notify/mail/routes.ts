import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorGuard } from '../../accounts/operators/guard';
import { ok, paged } from '../../infra/http/envelope';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { listOutbox, OUTBOX_STATUSES } from './outbox';
import { isSensitive } from './templates';

const outboxItem = z.object({
  id: z.number(),
  user_id: z.number().nullable().describe('The user the mail is for; null for an address alone'),
  to: z.string(),
  language: z.string().describe('en or zh-CN'),
  template: z.string(),
  subject: z.string(),
  body: z
    .string()
    .nullable()
    .describe('The text; null for a mail that carries a secret (a reset code), which no operator reads'),
  created_at: z.number(),
  sent_at: z.number().nullable(),
  attempts: z.number().describe('Sending tries so far'),
  last_error: z.string().nullable(),
});

/** GET /admin/api/outbox: the mail the server wrote, sent or not. */
export function registerOutboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/admin/api/outbox',
      {
        schema: {
          tags: ['operator'],
          summary: 'The mail outbox, newest first (without SMTP_URL every mail stays here, pending)',
          querystring: z.object({
            status: z.enum(OUTBOX_STATUSES).optional().describe('pending, sent, or failed (tried, not sent)'),
            page: z.coerce.number().int().min(1).max(100_000).default(1),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: paged(outboxItem) },
        },
      },
      async (req) => {
        const { rows, total } = await listOutbox(deps.db, req.query);
        return ok({
          total,
          list: rows.map((m) => ({
            id: m.id,
            user_id: m.userId,
            to: m.to,
            language: m.language,
            template: m.template,
            subject: m.subject,
            body: isSensitive(m.template) ? null : m.body,
            created_at: unixSeconds(m.createdAt),
            sent_at: m.sentAt ? unixSeconds(m.sentAt) : null,
            attempts: m.attempts,
            last_error: m.lastError,
          })),
        });
      },
    );
  });
}
