import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../infra/http/auth';
import { ok } from '../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../infra/http/route-table';
import type { AppDeps } from '../kernel/deps';
import {
  confirmFundpassReset,
  type MailLanguage,
  requestFundpassReset,
  unsentResetMail,
} from './fundpass-reset';
import * as s from './security-schemas';
import { signInHistory } from './sign-in';
import { userTotpClock } from './totp-clock';
import { confirmEnrolment, disableTotp, startEnrolment, totpStatus } from './two-factor';
import { changePassword, listSessions, revokeSessionById } from './user-sessions';

const tags = ['auth'];

/** At most this many tries a minute per client address (the config's, 10 by default). */
const authLimit = (deps: AppDeps) => ({
  rateLimit: { max: deps.config.authRateLimitPerMinute ?? 10, timeWindow: '1 minute' },
});

/** The configured security mailer, or one that logs what it would send (on the server's log). */
const mailerOf = (deps: AppDeps, req: FastifyRequest) =>
  deps.mailer ?? unsentResetMail((line) => req.server.log.info(line));

/** The mail's language: the body's, else the first of Accept-Language that we write in. */
function mailLanguage(req: FastifyRequest, given: MailLanguage | undefined): MailLanguage {
  if (given) return given;
  const accept = String(req.headers['accept-language'] ?? '').toLowerCase();
  return accept.startsWith('zh') ? 'zh-CN' : 'en';
}
/** POST /api/web/v1/auth/password */
export const changePasswordSchema = {
  tags,
  summary: 'Change the login password (proved by the current one); ends every other session',
  body: s.changePasswordBody,
  response: { 200: s.changePasswordResponse },
};

/** GET /api/web/v1/auth/2fa */
export const twoFactorStateSchema = {
  tags,
  summary: 'Whether two-factor sign-in is on',
  response: { 200: s.totpStatusResponse },
};

/** POST /api/web/v1/auth/2fa/setup */
export const twoFactorSetupSchema = {
  tags,
  summary: 'Start a TOTP enrolment: a new secret and its otpauth:// URL, proved by the login password',
  description:
    'Sign-in does not ask for a code until /2fa/enable has seen one from this secret. Calling it again starts over with a new secret. 40904 auth.totp.alreadyOn when already on.',
  body: s.totpSetupBody,
  response: { 200: s.totpSetupResponse },
};

/** POST /api/web/v1/auth/2fa/enable */
export const twoFactorEnableSchema = {
  tags,
  summary:
    "Turn two-factor sign-in on with a code of the enrolment's secret; answers the recovery codes once",
  description:
    '40111 auth.totp.invalid for a code of another secret or a wrong one; 40904 auth.totp.noEnrolment without /2fa/setup.',
  body: s.totpEnableBody,
  response: { 200: s.totpEnableResponse },
};

/** POST /api/web/v1/auth/2fa/disable */
export const twoFactorDisableSchema = {
  tags,
  summary: 'Turn two-factor sign-in off: the login password and a current code or a recovery code',
  body: s.totpDisableBody,
  response: { 200: s.totpDisableResponse },
};

/** GET /api/web/v1/auth/sessions */
export const sessionListSchema = {
  tags,
  summary: 'The live sessions of the user, with device, address and last use; this one first',
  response: { 200: s.sessionsResponse },
};

/** DELETE /api/web/v1/auth/sessions/:id */
export const sessionEndSchema = {
  tags,
  summary: "End one of the user's sessions (this one too: that is a sign-out); 404 auth.session.notFound",
  params: s.sessionParams,
  response: { 200: s.revokeSessionResponse },
};

/** GET /api/web/v1/auth/sign-ins */
export const signInHistorySchema = {
  tags,
  summary: 'Sign-in history: every try with the right email, newest first',
  querystring: s.signInsQuery,
  response: { 200: s.signInsResponse },
};

/** POST /api/web/v1/auth/fund-password/reset */
export const fundPasswordResetSchema = {
  tags,
  summary: 'Mail a code for resetting the funding password; the same answer whether the email exists or not',
  description:
    'The code has six digits, works for 15 minutes and 5 tries, and only the newest works; a second request within a minute makes none. Rate limited as sign-in.',
  body: s.resetRequestBody,
  response: { 200: s.resetRequestResponse },
};

/** POST /api/web/v1/auth/fund-password/reset/confirm */
export const fundPasswordResetConfirmSchema = {
  tags,
  summary: 'Set a new funding password with the mailed code; clears the wrong-password lock',
  description:
    '42220 fundpass.reset.codeInvalid with params.left for a wrong code; 42220 fundpass.reset.codeExpired for an expired, used or spent one (ask again).',
  body: s.resetConfirmBody,
  response: { 200: s.resetConfirmResponse },
};

async function passwordChange(deps: AppDeps, req: RouteRequest<typeof changePasswordSchema>) {
  return ok(
    await changePassword(
      deps.db,
      currentUser(req),
      { current: req.body.current_password, next: req.body.new_password },
      deps.clock.now(),
    ),
  );
}

async function twoFactorState(deps: AppDeps, req: RouteRequest<typeof twoFactorStateSchema>) {
  return ok(await totpStatus(deps.db, currentUser(req).id));
}

async function twoFactorSetup(deps: AppDeps, req: RouteRequest<typeof twoFactorSetupSchema>) {
  return ok(await startEnrolment(deps.db, currentUser(req).id, req.body.password, deps.clock.now()));
}

async function twoFactorEnable(deps: AppDeps, req: RouteRequest<typeof twoFactorEnableSchema>) {
  return ok(
    await confirmEnrolment(
      deps.db,
      currentUser(req).id,
      req.body.code,
      deps.clock.now(),
      userTotpClock(deps).now(),
    ),
  );
}

async function twoFactorDisable(deps: AppDeps, req: RouteRequest<typeof twoFactorDisableSchema>) {
  await disableTotp(
    deps.db,
    currentUser(req).id,
    { password: req.body.password, code: req.body.code, recoveryCode: req.body.recovery_code },
    deps.clock.now(),
    userTotpClock(deps).now(),
  );
  return ok({ enabled: false as const });
}

async function sessionList(deps: AppDeps, req: RouteRequest<typeof sessionListSchema>) {
  return ok({ list: await listSessions(deps.db, currentUser(req), deps.clock.now()) });
}

async function sessionEnd(deps: AppDeps, req: RouteRequest<typeof sessionEndSchema>) {
  await revokeSessionById(deps.db, currentUser(req).id, req.params.id, deps.clock.now());
  return ok(null);
}

async function signIns(deps: AppDeps, req: RouteRequest<typeof signInHistorySchema>) {
  return ok(await signInHistory(deps.db, currentUser(req).id, req.query.page, req.query.limit));
}

async function fundPasswordReset(deps: AppDeps, req: RouteRequest<typeof fundPasswordResetSchema>) {
  await requestFundpassReset(
    { db: deps.db, clock: deps.clock, mailer: mailerOf(deps, req) },
    req.body.email,
    mailLanguage(req, req.body.lang),
  );
  return ok({ sent: true as const });
}

async function fundPasswordResetConfirm(
  deps: AppDeps,
  req: RouteRequest<typeof fundPasswordResetConfirmSchema>,
) {
  return ok(await confirmFundpassReset(deps, currentUser(req), req.body.code, req.body.fundpass));
}

const securityRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/api/web/v1/auth/password',
    access: 'user',
    schema: changePasswordSchema,
    handler: passwordChange,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/auth/2fa',
    access: 'user',
    schema: twoFactorStateSchema,
    handler: twoFactorState,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/2fa/setup',
    access: 'user',
    schema: twoFactorSetupSchema,
    handler: twoFactorSetup,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/2fa/enable',
    access: 'user',
    schema: twoFactorEnableSchema,
    handler: twoFactorEnable,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/2fa/disable',
    access: 'user',
    schema: twoFactorDisableSchema,
    handler: twoFactorDisable,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/auth/sessions',
    access: 'user',
    schema: sessionListSchema,
    handler: sessionList,
  }),
  route({
    method: 'DELETE',
    path: '/api/web/v1/auth/sessions/:id',
    access: 'user',
    schema: sessionEndSchema,
    handler: sessionEnd,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/auth/sign-ins',
    access: 'user',
    schema: signInHistorySchema,
    handler: signIns,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/fund-password/reset',
    config: authLimit,
    schema: fundPasswordResetSchema,
    handler: fundPasswordReset,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/auth/fund-password/reset/confirm',
    access: 'user',
    schema: fundPasswordResetConfirmSchema,
    handler: fundPasswordResetConfirm,
  }),
];

/**
 * The security page's calls: login password, two-factor sign-in, sessions, sign-in history and the
 * funding-password reset by a mailed code. Setting, changing and the mode of the funding password
 * are in auth-routes.ts.
 */
export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, securityRoutes);
}
