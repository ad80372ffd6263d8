import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../infra/http/auth';
import { ok } from '../infra/http/envelope';
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

/** The mail's language: the body's, else the first of Accept-Language that we write in. */
function mailLanguage(req: FastifyRequest, given: MailLanguage | undefined): MailLanguage {
  if (given) return given;
  const accept = String(req.headers['accept-language'] ?? '').toLowerCase();
  return accept.startsWith('zh') ? 'zh-CN' : 'en';
}

/**
 * The security page's calls: login password, two-factor sign-in, sessions, sign-in history and the
 * funding-password reset by a mailed code. Setting, changing and the mode of the funding password
 * are in auth-routes.ts.
 */
export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const mailer = deps.mailer ?? unsentResetMail((line) => app.log.info(line));
  const authLimit = { rateLimit: { max: deps.config.authRateLimitPerMinute ?? 10, timeWindow: '1 minute' } };

  r.post(
    '/api/web/v1/auth/password',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Change the login password (proved by the current one); ends every other session',
        body: s.changePasswordBody,
        response: { 200: s.changePasswordResponse },
      },
    },
    async (req) =>
      ok(
        await changePassword(
          deps.db,
          currentUser(req),
          { current: req.body.current_password, next: req.body.new_password },
          deps.clock.now(),
        ),
      ),
  );

  r.get(
    '/api/web/v1/auth/2fa',
    {
      preHandler: auth,
      schema: { tags, summary: 'Whether two-factor sign-in is on', response: { 200: s.totpStatusResponse } },
    },
    async (req) => ok(await totpStatus(deps.db, currentUser(req).id)),
  );

  r.post(
    '/api/web/v1/auth/2fa/setup',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Start a TOTP enrolment: a new secret and its otpauth:// URL, proved by the login password',
        description:
          'Sign-in does not ask for a code until /2fa/enable has seen one from this secret. Calling it again starts over with a new secret. 40904 auth.totp.alreadyOn when already on.',
        body: s.totpSetupBody,
        response: { 200: s.totpSetupResponse },
      },
    },
    async (req) =>
      ok(await startEnrolment(deps.db, currentUser(req).id, req.body.password, deps.clock.now())),
  );

  r.post(
    '/api/web/v1/auth/2fa/enable',
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          "Turn two-factor sign-in on with a code of the enrolment's secret; answers the recovery codes once",
        description:
          '40111 auth.totp.invalid for a code of another secret or a wrong one; 40904 auth.totp.noEnrolment without /2fa/setup.',
        body: s.totpEnableBody,
        response: { 200: s.totpEnableResponse },
      },
    },
    async (req) =>
      ok(
        await confirmEnrolment(
          deps.db,
          currentUser(req).id,
          req.body.code,
          deps.clock.now(),
          userTotpClock(deps).now(),
        ),
      ),
  );

  r.post(
    '/api/web/v1/auth/2fa/disable',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off: the login password and a current code or a recovery code',
        body: s.totpDisableBody,
        response: { 200: s.totpDisableResponse },
      },
    },
    async (req) => {
      await disableTotp(
        deps.db,
        currentUser(req).id,
        { password: req.body.password, code: req.body.code, recoveryCode: req.body.recovery_code },
        deps.clock.now(),
        userTotpClock(deps).now(),
      );
      return ok({ enabled: false as const });
    },
  );

  r.get(
    '/api/web/v1/auth/sessions',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'The live sessions of the user, with device, address and last use; this one first',
        response: { 200: s.sessionsResponse },
      },
    },
    async (req) => ok({ list: await listSessions(deps.db, currentUser(req), deps.clock.now()) }),
  );

  r.delete(
    '/api/web/v1/auth/sessions/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          "End one of the user's sessions (this one too: that is a sign-out); 404 auth.session.notFound",
        params: s.sessionParams,
        response: { 200: s.revokeSessionResponse },
      },
    },
    async (req) => {
      await revokeSessionById(deps.db, currentUser(req).id, req.params.id, deps.clock.now());
      return ok(null);
    },
  );

  r.get(
    '/api/web/v1/auth/sign-ins',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Sign-in history: every try with the right email, newest first',
        querystring: s.signInsQuery,
        response: { 200: s.signInsResponse },
      },
    },
    async (req) => ok(await signInHistory(deps.db, currentUser(req).id, req.query.page, req.query.limit)),
  );

  r.post(
    '/api/web/v1/auth/fund-password/reset',
    {
      config: authLimit,
      schema: {
        tags,
        summary:
          'Mail a code for resetting the funding password; the same answer whether the email exists or not',
        description:
          'The code has six digits, works for 15 minutes and 5 tries, and only the newest works; a second request within a minute makes none. Rate limited as sign-in.',
        body: s.resetRequestBody,
        response: { 200: s.resetRequestResponse },
      },
    },
    async (req) => {
      await requestFundpassReset(
        { db: deps.db, clock: deps.clock, mailer },
        req.body.email,
        mailLanguage(req, req.body.lang),
      );
      return ok({ sent: true as const });
    },
  );

  r.post(
    '/api/web/v1/auth/fund-password/reset/confirm',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Set a new funding password with the mailed code; clears the wrong-password lock',
        description:
          '42220 fundpass.reset.codeInvalid with params.left for a wrong code; 42220 fundpass.reset.codeExpired for an expired, used or spent one (ask again).',
        body: s.resetConfirmBody,
        response: { 200: s.resetConfirmResponse },
      },
    },
    async (req) => ok(await confirmFundpassReset(deps, currentUser(req), req.body.code, req.body.fundpass)),
  );
}
