import { email } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
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
import {
  type Route,
  type RouteReply,
  type RouteRequest,
  registerRoutes,
  route,
} from '../infra/http/route-table';
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
const cookieOptions = (deps: AppDeps) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: deps.config.secureCookies,
  maxAge: OPERATOR_SESSION_TTL_SECONDS,
});

/** POST /admin/api/auth/logout */
export const operatorLogoutSchema = {
  tags,
  operationId: 'operatorLogout',
  summary: 'Revoke this operator session (the token has none: nothing to revoke)',
  response: { 200: envelope(z.null()) },
};

/** GET /admin/api/auth/me */
export const operatorMeSchema = {
  tags,
  operationId: 'operatorMe',
  summary: 'Who makes this call: the signed-in operator, or the token (id and email null)',
  response: { 200: envelope(me) },
};

/** GET /admin/api/operators */
export const operatorListSchema = {
  tags,
  operationId: 'listOperators',
  summary: 'Every operator account (admin)',
  response: { 200: envelope(z.object({ list: z.array(operatorOut) })) },
};

/** POST /admin/api/operators */
export const operatorCreateSchema = {
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
};

/** PUT /admin/api/operators/:id */
export const operatorUpdateSchema = {
  tags,
  operationId: 'updateOperator',
  summary: "Change an operator's role or disable them (admin); disabling ends their sessions at once",
  params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  body: z.object({ role: role.optional(), disabled: z.boolean().optional() }).strict(),
  response: { 200: envelope(operatorOut) },
};

/** POST /admin/api/auth/login */
export const operatorLoginSchema = {
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
};

async function operatorLogout(
  deps: AppDeps,
  req: RouteRequest<typeof operatorLogoutSchema>,
  reply: RouteReply<typeof operatorLogoutSchema>,
) {
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
}

async function operatorMe(_deps: AppDeps, req: RouteRequest<typeof operatorMeSchema>) {
  const actor = actorOf(req);
  return ok({
    id: actor.id,
    email: actor.kind === 'session' ? actor.label : null,
    role: actor.role,
    expires_at: actor.session ? unixSeconds(actor.session.expiresAt) : null,
  });
}

async function operatorList(deps: AppDeps) {
  return ok({ list: (await listOperators(deps.db)).map(operatorView) });
}

async function operatorCreate(deps: AppDeps, req: RouteRequest<typeof operatorCreateSchema>) {
  return inTransaction(deps, req, async (tx) => {
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
  });
}

async function operatorUpdate(deps: AppDeps, req: RouteRequest<typeof operatorUpdateSchema>) {
  return deps.db.transaction(async (t) => {
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
  });
}

/** Sign-in is the one operator route outside the guard: it is how a session starts. */
async function operatorLogin(
  deps: AppDeps,
  req: RouteRequest<typeof operatorLoginSchema>,
  reply: RouteReply<typeof operatorLoginSchema>,
) {
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
  reply.setCookie(OPERATOR_SESSION_COOKIE, signed.token, cookieOptions(deps));
  return ok({
    id: signed.operator.id,
    email: signed.operator.email,
    role: operatorView(signed.operator).role,
    expires_at: unixSeconds(signed.expiresAt),
  });
}

const operatorAccountRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/admin/api/auth/logout',
    // Not once per key: revoking a session again changes nothing, and the token has none to revoke.
    config: { operatorRole: 'viewer', idempotent: false },
    schema: operatorLogoutSchema,
    handler: operatorLogout,
  }),
  route({
    method: 'GET',
    path: '/admin/api/auth/me',
    schema: operatorMeSchema,
    handler: operatorMe,
  }),
  route({
    method: 'GET',
    path: '/admin/api/operators',
    config: { operatorRole: 'admin' },
    schema: operatorListSchema,
    handler: operatorList,
  }),
  route({
    method: 'POST',
    path: '/admin/api/operators',
    // Once per key, but the answer's password and TOTP secret are not kept with it (only the
    // password's hash is kept anywhere): a replay is refused with 409 40905, and creates no one.
    config: { operatorRole: 'admin', secretAnswer: true },
    schema: operatorCreateSchema,
    handler: operatorCreate,
  }),
  route({
    method: 'PUT',
    path: '/admin/api/operators/:id',
    config: { operatorRole: 'admin' },
    schema: operatorUpdateSchema,
    handler: operatorUpdate,
  }),
];

const signInRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/admin/api/auth/login',
    config: (deps) => ({
      rateLimit: { max: deps.config.authRateLimitPerMinute ?? 10, timeWindow: '1 minute' },
      // Not once per key: each sign-in starts a session of its own, whose cookie no replay could
      // give back, and every try counts towards the lock.
      idempotent: false,
    }),
    schema: operatorLoginSchema,
    handler: operatorLogin,
  }),
];

/** Sign-in, sign-out, who am I, and the admin's management of operators. */
export function registerOperatorAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Sign-in is the one operator route outside the guard: it is how a session starts.
  registerRoutes(app, deps, signInRoutes);

  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    registerRoutes(scope, deps, operatorAccountRoutes);
  });
}
