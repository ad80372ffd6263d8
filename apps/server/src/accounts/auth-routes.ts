import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../infra/http/auth';
import { ok } from '../infra/http/envelope';
import {
  type Route,
  type RouteReply,
  type RouteRequest,
  registerRoutes,
  route,
} from '../infra/http/route-table';
import type { AppDeps } from '../kernel/deps';
import { notices } from '../kernel/notices';
import * as s from './auth-schema';
import { providedFundpass, setFundpass, setFundpassMode } from './fundpass';
import { unsentResetMail } from './fundpass-reset';
import { signIn } from './sign-in';
import { userTotpClock } from './totp-clock';
import { clientInfoOf, createSession, getUser, registerUser, revokeSession, type UserRow } from './users';

const cookieOptions = (deps: AppDeps) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: deps.config.secureCookies,
  maxAge: SESSION_TTL_SECONDS,
});

/** At most this many tries a minute per client address (the config's, 10 by default). */
const authLimit = (deps: AppDeps) => ({
  rateLimit: { max: deps.config.authRateLimitPerMinute ?? 10, timeWindow: '1 minute' },
});

/** The configured security mailer, or one that logs what it would send (on the server's log). */
const mailerOf = (deps: AppDeps, req: FastifyRequest) =>
  deps.mailer ?? unsentResetMail((line) => req.server.log.info(line));

function meOf(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    vip_tier: user.vipTier,
    account_mode: user.accountMode,
    fundpass_set: user.fundpassHash !== null,
    fundpass_mode: user.fundpassMode,
    created_at: Math.floor(user.createdAt.getTime() / 1000),
  };
}

async function register(
  deps: AppDeps,
  req: RouteRequest<typeof s.registerSchema>,
  reply: RouteReply<typeof s.registerSchema>,
) {
  const user = await registerUser(deps.db, { ...req.body, at: deps.clock.now() });
  const token = await createSession(deps.db, user.id, deps.clock.now(), clientInfoOf(req));
  return sessionStarted(deps, req, reply, user, token);
}

/** A new session of `user` (registered or signed in): noted for the security notices, its cookie set. */
async function sessionStarted(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  token: string,
) {
  await notices().recordSignIn(deps.db, {
    userId: user.id,
    userAgent: req.headers['user-agent'] ?? '',
    address: req.ip,
    at: deps.clock.now(),
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(deps));
  return ok(meOf(user));
}

async function login(
  deps: AppDeps,
  req: RouteRequest<typeof s.loginSchema>,
  reply: RouteReply<typeof s.loginSchema>,
) {
  const { user, token } = await signIn(
    deps.db,
    {
      email: req.body.email,
      password: req.body.password,
      code: req.body.code,
      recoveryCode: req.body.recovery_code,
      client: clientInfoOf(req),
      at: deps.clock.now(),
      totpNow: userTotpClock(deps).now(),
    },
    mailerOf(deps, req),
  );
  return sessionStarted(deps, req, reply, user, token);
}

async function logout(
  deps: AppDeps,
  req: RouteRequest<typeof s.logoutSchema>,
  reply: RouteReply<typeof s.logoutSchema>,
) {
  await revokeSession(deps.db, currentUser(req).tokenHash, deps.clock.now());
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return ok(null);
}

async function me(deps: AppDeps, req: RouteRequest<typeof s.meSchema>) {
  return ok(meOf(await getUser(deps.db, currentUser(req).id)));
}

async function session(deps: AppDeps, req: RouteRequest<typeof s.sessionSchema>) {
  return ok({ user: req.user ? meOf(await getUser(deps.db, req.user.id)) : null });
}

async function setFundPassword(deps: AppDeps, req: RouteRequest<typeof s.setFundPasswordSchema>) {
  return ok(
    await setFundpass(deps, currentUser(req), {
      fundpass: req.body.fundpass,
      oldFundpass: req.body.old_fundpass,
      loginPassword: req.body.login_password,
      mode: req.body.mode,
    }),
  );
}

async function setFundPasswordMode(deps: AppDeps, req: RouteRequest<typeof s.setFundPasswordModeSchema>) {
  await setFundpassMode(deps, currentUser(req), req.body.mode, providedFundpass(req));
  return ok({ mode: req.body.mode });
}

const authRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/api/web/v1/auth/register',
    config: authLimit,
    schema: s.registerSchema,
    handler: register,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/login',
    config: authLimit,
    schema: s.loginSchema,
    handler: login,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/logout',
    access: 'user',
    schema: s.logoutSchema,
    handler: logout,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/auth/me',
    access: 'user',
    schema: s.meSchema,
    handler: me,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/auth/session',
    access: 'optional',
    schema: s.sessionSchema,
    handler: session,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/fund-password',
    access: 'user',
    schema: s.setFundPasswordSchema,
    handler: setFundPassword,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/fund-password/mode',
    access: 'user',
    config: { fundPassword: true },
    schema: s.setFundPasswordModeSchema,
    handler: setFundPasswordMode,
  }),
];

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, authRoutes);
}
