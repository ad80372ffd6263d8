import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../infra/http/auth';
import { ok } from '../../infra/http/envelope';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { LANGUAGES } from '../mail';
import { NOTIFICATION_KINDS } from './kinds';
import { listInbox, markRead, prefsOf, savePrefs, unreadCount } from './queries';
import { readerLanguage } from './reader';
import { listResponse, prefsResponse, readResponse } from './responses';
import { registerStreamRoute } from './stream';

const KIND_LIST = NOTIFICATION_KINDS.join(', ');
/** The most ids one read call takes. */
const MAX_READ_IDS = 200;

const bool01 = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .describe('1 or true: unread items only');

export function registerInboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const tags = ['notifications'];

  r.get(
    '/api/web/v1/notifications',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The user's inbox, newest first, in the user's language",
        description: `Kinds: ${KIND_LIST}. Each item is created once per cause by the job or call that causes it.`,
        querystring: z.object({
          unread: bool01.optional(),
          kind: z.enum(NOTIFICATION_KINDS).optional(),
          cursor: z.coerce.number().int().min(1).optional().describe('next_cursor of the previous page'),
          limit: z.coerce.number().int().min(1).max(100).default(20),
          lang: z
            .enum(LANGUAGES)
            .optional()
            .describe("Render in this language; default: the user's saved one"),
        }),
        response: { 200: listResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const lang = await readerLanguage(deps, req, req.query.lang);
      const page = await listInbox(deps.db, user.id, { ...req.query, lang });
      return ok({ ...page, unread: await unreadCount(deps.db, user.id) });
    },
  );

  r.post(
    '/api/web/v1/notifications/read',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Mark items read: {ids: [...]} or {all: true}',
        description: `At most ${MAX_READ_IDS} ids; ids of other users' items are ignored. Answers the unread count after.`,
        body: z.union([
          z.object({ ids: z.array(z.number().int().min(1)).min(1).max(MAX_READ_IDS) }).strict(),
          z.object({ all: z.literal(true) }).strict(),
        ]),
        response: { 200: readResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await markRead(deps.db, user.id, req.body, deps.clock.now());
      return ok({ unread: await unreadCount(deps.db, user.id) });
    },
  );

  const prefsAnswer = async (userId: number) => {
    const prefs = await prefsOf(deps.db, userId);
    return ok({
      language: prefs.language,
      kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, mail: prefs.mailKinds.includes(kind) })),
    });
  };

  r.get(
    '/api/web/v1/notifications/preferences',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Which kinds are also sent by mail, and the language of mail',
        response: { 200: prefsResponse },
      },
    },
    async (req) => prefsAnswer(currentUser(req).id),
  );

  r.post(
    '/api/web/v1/notifications/preferences',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Set the language and the kinds sent by mail (only the fields given change)',
        body: z
          .object({
            language: z.enum(LANGUAGES).optional(),
            mail_kinds: z
              .array(z.enum(NOTIFICATION_KINDS))
              .max(NOTIFICATION_KINDS.length * 2)
              .optional(),
          })
          .strict(),
        response: { 200: prefsResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (!req.body.language && !req.body.mail_kinds)
        throw errors.invalidParams('Give language or mail_kinds');
      await savePrefs(
        deps.db,
        user.id,
        { language: req.body.language, mailKinds: req.body.mail_kinds },
        deps.clock.now(),
      );
      return prefsAnswer(user.id);
    },
  );

  registerStreamRoute(app, deps);
}
