import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, loadSession, requireUser, SESSION_COOKIE } from '../../infra/http/auth';
import type { AppDeps } from '../../kernel/deps';
import { LANGUAGES } from '../mail';
import { itemsAfter, latestId, unreadCount } from './queries';
import { readerLanguage } from './reader';

/**
 * The stream's cadence (INBOX_STREAM_POLL_MS). Without announcements (PgBouncer with no
 * DATABASE_LISTEN_URL, or the listening connection lost) it looks for new items this often (every
 * instance writes them; the database is shared).
 */
export const STREAM_POLL_MS = 2000;
/** With announcements, a look every this many polls still, in case one was lost. */
const FALLBACK_POLLS = 15;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** The session is checked again this often: a revoked session ends its streams. */
const SESSION_CHECK_MS = 30_000;

/**
 * GET /api/web/v1/notifications/stream: server-sent events. `event: notification` carries a new item
 * (the list's shape), `event: unread` the unread count after it. `Last-Event-ID` resumes after that
 * item; without it the stream starts with what arrives from now on. Clients that cannot hold a
 * stream poll GET /api/web/v1/notifications instead.
 */
export function registerStreamRoute(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Open streams never finish by themselves: shutting down ends them, so closing does not wait.
  const open = new Set<() => void>();
  const pollMs = deps.config.inboxStreamPollMs ?? STREAM_POLL_MS;
  const heartbeatPolls = Math.ceil(HEARTBEAT_MS / pollMs);
  const sessionCheckPolls = Math.ceil(SESSION_CHECK_MS / pollMs);
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  r.get(
    '/api/web/v1/notifications/stream',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags: ['notifications'],
        summary: 'New inbox items as server-sent events (text/event-stream)',
        description:
          'Events: `notification` (data: one item as in the list, id: the item id) and `unread` (data: {"unread": n}). Send Last-Event-ID to resume.',
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        headers: z
          .object({
            'last-event-id': z
              .string()
              .regex(/^\d{1,15}$/)
              .optional(),
          })
          .passthrough(),
        produces: ['text/event-stream'],
        response: {
          200: z
            .string()
            .describe(
              'text/event-stream; stays open. event: unread, data: {"unread": n}; event: notification, id: the item id, data: one item as GET /api/web/v1/notifications lists it',
            ),
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const lang = await readerLanguage(deps, req, req.query.lang);
      const resumeFrom = req.headers['last-event-id'];
      let lastId = resumeFrom ? Number(resumeFrom) : await latestId(deps.db, user.id);
      const token = req.cookies[SESSION_COOKIE];

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${Math.min(pollMs * 2, 10_000)}\n`);
      res.write(
        `event: unread\ndata: ${JSON.stringify({ unread: await unreadCount(deps.db, user.id) })}\n\n`,
      );

      let busy = false;
      let closed = false;
      // Set by an announcement of new items for this user (any instance's): the next look reads them.
      let announced = false;
      // Cadences counted in polls, not read from a clock: a heartbeat after HEARTBEAT_MS without a
      // write, the session checked every SESSION_CHECK_MS, and, while PostgreSQL announces new items,
      // a look every FALLBACK_POLLS in case an announcement was lost.
      let polls = 0;
      let quietPolls = 0;
      const end = () => {
        closed = true;
        open.delete(end);
        unsubscribe?.();
        clearInterval(timer);
        if (!res.writableEnded) res.end();
      };
      const tick = async (wake: boolean) => {
        if (busy || closed) return;
        busy = true;
        try {
          if (!wake) polls++;
          if (!wake && polls % sessionCheckPolls === 0) {
            if (!(await loadSession(deps.db, deps.clock, token))) return end();
          }
          const look = announced || !deps.inboxWakeup?.listening || polls % FALLBACK_POLLS === 0;
          announced = false;
          const items = look ? await itemsAfter(deps.db, user.id, lastId, lang) : [];
          for (const item of items) {
            res.write(`id: ${item.id}\nevent: notification\ndata: ${JSON.stringify(item)}\n\n`);
            lastId = item.id;
          }
          if (items.length > 0) {
            quietPolls = 0;
            const unread = await unreadCount(deps.db, user.id);
            res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
          } else if (!wake && ++quietPolls >= heartbeatPolls) {
            res.write(': keep-alive\n\n');
            quietPolls = 0;
          }
        } catch (error) {
          req.log.warn({ err: error }, 'notification stream ended by an error');
          end();
        } finally {
          busy = false;
          // Announced while this look ran: look again now rather than at the next poll.
          if (announced && !closed) setImmediate(() => void tick(true));
        }
      };
      const wake = () => {
        announced = true;
        void tick(true);
      };
      const unsubscribe = deps.inboxWakeup?.subscribe(user.id, wake);
      const timer = setInterval(() => void tick(false), pollMs);
      open.add(end);
      req.raw.on('close', end);
      // A first look at once: what a resumed tab missed, and anything announced before it subscribed.
      wake();
    },
  );
}
