import { email } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changedFields, recordAudit } from '../accounts/operators/audit';
import { actorOf, OPERATOR_ROLES, operatorGuard } from '../accounts/operators/guard';
import {
  OPERATOR_SESSION_COOKIE,
  OPERATOR_SESSION_TTL_SECONDS,
  revokeOperatorSession,
} from '../accounts/operators/sessions';
import { operatorWallClock } from '../accounts/operators/wall-clock';
import { inTransaction } from '../accounts/operators/writes';
import type { Db } from '../infra/db/client';
import { envelope, ok } from '../infra/http/envelope';
import { unixSeconds } from '../infra/jobs/clock';
import type { AppDeps } from '../kernel/deps';
import { createOperator, listOperators, operatorView, signIn, updateOperator } from './accounts';

const tags = ['operator-accounts'];
const role = z.enum(OPERATOR_ROLES);

const me = z.object({
  id: z.number().nullable(),
  email: z.string().nullable(),
  role,
  expires_at: z.number().nullable(),
});

const operatorOut = z.object({
  id: z.number(),
  email: z.string(),
  role,
  disabled: z.boolean(),
  created_at: z.number(),
  last_login_at: z.number().nullable(),
});

/** Sign-in, sign-out, who am I, and the admin's management of operators. */
export function registerOperatorAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.config.secureCookies,
    maxAge: OPERATOR_SESSION_TTL_SECONDS,
  };

  // Sign-in is the one operator route outside the guard: it is how a session starts.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/api/auth/login',
    {
      config: {
        rateLimit: { max: deps.config.authRateLimitPerMinute ?? 10, timeWindow: '1 minute' },
        // Not once per key: each sign-in starts a session of its own, whose cookie no replay could
        // give back, and every try counts towards the lock.
        idempotent: false,
      },
      schema: {
        tags,
        operationId: 'operatorLogin',
        summary:
          'Sign in with email, password and the 6-digit TOTP code; sets the earn_op_sid cookie. One 401 for any wrong part; 429 with until after 5 wrong tries in 15 minutes',
        body: z.object({
          email,
          password: z.string().min(1).max(128),
          code: z.string().regex(/^\d{6}$/, 'the code is 6 digits'),
        }),
        response: { 200: envelope(me) },
      },
    },
    async (req, reply) => {
      const signed = await signIn(
        deps.db,
        operatorWallClock(deps),
        { ...req.body, address: req.ip },
        (tx, actor) => {
          req.operator = actor;
          return recordAudit(tx, req, deps.clock, {
            action: 'operator.login',
            target: `operator:${actor.id}`,
            before: null,
            after: null,
          });
        },
      );
      reply.setCookie(OPERATOR_SESSION_COOKIE, signed.token, cookieOptions);
      return ok({
        id: signed.operator.id,
        email: signed.operator.email,
        role: operatorView(signed.operator).role,
        expires_at: unixSeconds(signed.expiresAt),
      });
    },
  );

  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/admin/api/auth/logout',
      {
        // Not once per key: revoking a session again changes nothing, and the token has none to revoke.
        config: { operatorRole: 'viewer', idempotent: false },
        schema: {
          tags,
          operationId: 'operatorLogout',
          summary: 'Revoke this operator session (the token has none: nothing to revoke)',
          response: { 200: envelope(z.null()) },
        },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        const session = actor.session;
        if (session) {
          await deps.db.transaction(async (t) => {
            const tx: Db = t;
            await revokeOperatorSession(tx, session.tokenHash, operatorWallClock(deps).now());
            await recordAudit(tx, req, deps.clock, {
              action: 'operator.logout',
              target: `operator:${actor.id}`,
              before: null,
              after: null,
            });
          });
        }
        reply.clearCookie(OPERATOR_SESSION_COOKIE, { path: '/' });
        return ok(null);
      },
    );

    r.get(
      '/admin/api/auth/me',
      {
        schema: {
          tags,
          operationId: 'operatorMe',
          summary: 'Who makes this call: the signed-in operator, or the token (id and email null)',
          response: { 200: envelope(me) },
        },
      },
      async (req) => {
        const actor = actorOf(req);
        return ok({
          id: actor.id,
          email: actor.kind === 'session' ? actor.label : null,
          role: actor.role,
          expires_at: actor.session ? unixSeconds(actor.session.expiresAt) : null,
        });
      },
    );

    r.get(
      '/admin/api/operators',
      {
        config: { operatorRole: 'admin' },
        schema: {
          tags,
          operationId: 'listOperators',
          summary: 'Every operator account (admin)',
          response: { 200: envelope(z.object({ list: z.array(operatorOut) })) },
        },
      },
      async () => ok({ list: (await listOperators(deps.db)).map(operatorView) }),
    );

    r.post(
      '/admin/api/operators',
      {
        // Once per key, but the answer's password and TOTP secret are not kept with it (only the
        // password's hash is kept anywhere): a replay is refused with 409 40905, and creates no one.
        config: { operatorRole: 'admin', secretAnswer: true },
        schema: {
          tags,
          operationId: 'createOperator',
          summary:
            'Create an operator (admin); answers its password and TOTP secret, shown this once and never again',
          body: z.object({ email, role }).strict(),
          response: {
            200: envelope(
              z.object({
                id: z.number(),
                email: z.string(),
                role,
                password: z.string(),
                totp_secret: z.string(),
                otpauth_url: z.string(),
              }),
            ),
          },
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const created = await createOperator(tx, { ...req.body, at: deps.clock.now() });
          const view = operatorView(created.row);
          await recordAudit(tx, req, deps.clock, {
            action: 'operator.create',
            target: `operator:${view.id}`,
            before: null,
            after: { email: view.email, role: view.role, disabled: view.disabled },
          });
          return ok({
            id: view.id,
            email: view.email,
            role: view.role,
            password: created.password,
            totp_secret: created.totpSecret,
            otpauth_url: created.otpauthUrl,
          });
        }),
    );

    r.put(
      '/admin/api/operators/:id',
      {
        config: { operatorRole: 'admin' },
        schema: {
          tags,
          operationId: 'updateOperator',
          summary: "Change an operator's role or disable them (admin); disabling ends their sessions at once",
          params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
          body: z.object({ role: role.optional(), disabled: z.boolean().optional() }).strict(),
          response: { 200: envelope(operatorOut) },
        },
      },
      async (req) =>
        deps.db.transaction(async (t) => {
          const tx: Db = t;
          const { before, after } = await updateOperator(tx, req.params.id, req.body, deps.clock.now());
          const was = operatorView(before);
          const now = operatorView(after);
          const change = changedFields(
            { role: was.role, disabled: was.disabled },
            { role: now.role, disabled: now.disabled },
          );
          if (Object.keys(change.after).length > 0) {
            await recordAudit(tx, req, deps.clock, {
              action: 'operator.update',
              target: `operator:${now.id}`,
              ...change,
            });
          }
          return ok(now);
        }),
    );
  });
}
