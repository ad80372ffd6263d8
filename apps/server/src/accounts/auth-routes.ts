import { ACCOUNT_MODES, email, FUNDPASS_MODES, fundPassword, password } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUser,
  optionalUser,
  requireUser,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from '../infra/http/auth';
import { envelope, ok } from '../infra/http/envelope';
import type { AppDeps } from '../kernel/deps';
import { notices } from '../kernel/notices';
import { providedFundpass, setFundpass, setFundpassMode } from './fundpass';
import { unsentResetMail } from './fundpass-reset';
import { signIn } from './sign-in';
import { userTotpClock } from './totp-clock';
import { clientInfoOf, createSession, getUser, registerUser, revokeSession, type UserRow } from './users';

const me = z.object({
  id: z.number(),
  email: z.string(),
  vip_tier: z.number(),
  account_mode: z.enum(ACCOUNT_MODES),
  fundpass_set: z.boolean(),
  fundpass_mode: z.enum(FUNDPASS_MODES),
  created_at: z.number(),
});

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

const credentials = z.object({ email, password });
const loginBody = z.object({
  email,
  password,
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional()
    .describe('with two-factor sign-in on: the six digits the authenticator app shows'),
  recovery_code: z
    .string()
    .trim()
    .min(10)
    .max(16)
    .optional()
    .describe('with two-factor sign-in on: one of the recovery codes, instead of code'),
});

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.secureCookies,
    maxAge: SESSION_TTL_SECONDS,
  };
  const mailer = deps.mailer ?? unsentResetMail((line) => app.log.info(line));
  const loginLimit = { rateLimit: { max: deps.config.authRateLimitPerMinute ?? 10, timeWindow: '1 minute' } };

  r.post(
    '/api/web/v1/auth/register',
    {
      config: loginLimit,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: credentials,
        response: { 200: envelope(me) },
      },
    },
    async (req, reply) => {
      const user = await registerUser(deps.db, { ...req.body, at: deps.clock.now() });
      const token = await createSession(deps.db, user.id, deps.clock.now(), clientInfoOf(req));
      await notices().recordSignIn(deps.db, {
        userId: user.id,
        userAgent: req.headers['user-agent'] ?? '',
        address: req.ip,
        at: deps.clock.now(),
      });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return ok(meOf(user));
    },
  );

  r.post(
    '/api/web/v1/auth/login',
    {
      config: loginLimit,
      schema: {
        tags: ['auth'],
        summary:
          'Sign in; at most 10 tries a minute per client address, and a growing wait per account after 5 wrong passwords (429 beyond)',
        description:
          'With two-factor sign-in on, a right password without a code answers 401 code 40110 auth.totp.required (data.require_totp); a wrong code 40111 auth.totp.invalid, a code already used 40112 auth.totp.reused; after 5 wrong codes in 15 minutes 429 auth.totp.locked with params.until. ' +
          'Per account, whatever the addresses: after the 5th wrong password in a row every try waits 2^n seconds from the n-th (32 s after the 5th), at most 15 minutes; a try during the wait, the right password too, answers 429 code 42900 auth.signIn.throttled with params.until (unix seconds) and params.seconds, data.retry_after and a Retry-After header, and is not counted. A sign-in, or a day without a wrong password, ends the run; the user is mailed once per run when it reaches 5. ' +
          'Every try for a known email is kept in the sign-in history (a refused one as throttled).',
        body: loginBody,
        response: { 200: envelope(me) },
      },
    },
    async (req, reply) => {
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
        mailer,
      );
      await notices().recordSignIn(deps.db, {
        userId: user.id,
        userAgent: req.headers['user-agent'] ?? '',
        address: req.ip,
        at: deps.clock.now(),
      });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return ok(meOf(user));
    },
  );

  r.post(
    '/api/web/v1/auth/logout',
    {
      preHandler: auth,
      schema: { tags: ['auth'], summary: 'Revoke this session', response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await revokeSession(deps.db, currentUser(req).tokenHash, deps.clock.now());
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null);
    },
  );

  r.get(
    '/api/web/v1/auth/me',
    {
      preHandler: auth,
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: envelope(me) } },
    },
    async (req) => ok(meOf(await getUser(deps.db, currentUser(req).id))),
  );

  r.get(
    '/api/web/v1/auth/session',
    {
      preHandler: optionalUser(deps.db, deps.clock),
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in, for visitors too',
        description:
          'Answers 200 with user null for a visitor (no session, or an expired one), so a signed-out page does not ' +
          'log a failed request; /auth/me keeps answering 401 for callers that need a session.',
        response: {
          200: envelope(z.object({ user: me.nullable().describe('The signed-in user; null for a visitor') })),
        },
      },
    },
    async (req) => ok({ user: req.user ? meOf(await getUser(deps.db, req.user.id)) : null }),
  );

  r.post(
    '/api/web/v1/auth/fund-password',
    {
      preHandler: auth,
      schema: {
        tags: ['auth'],
        summary:
          'Set the funding password (first time: prove it with login_password) or change it (old_fundpass). A first password turns on the every_2h mode.',
        body: z.object({
          fundpass: fundPassword,
          old_fundpass: z.string().max(64).optional(),
          login_password: z.string().max(128).optional(),
          mode: z.enum(FUNDPASS_MODES).optional(),
        }),
        response: { 200: envelope(z.object({ mode: z.enum(FUNDPASS_MODES) })) },
      },
    },
    async (req) =>
      ok(
        await setFundpass(deps, currentUser(req), {
          fundpass: req.body.fundpass,
          oldFundpass: req.body.old_fundpass,
          loginPassword: req.body.login_password,
          mode: req.body.mode,
        }),
      ),
  );

  r.post(
    '/api/web/v1/auth/fund-password/mode',
    {
      preHandler: auth,
      config: { fundPassword: true },
      schema: {
        tags: ['auth'],
        summary:
          'When the funding password is asked for: always, every_2h (once per 2 hours per session) or never. Needs the funding password (fundpass field or X-Fund-Password header) every time.',
        body: z.object({ mode: z.enum(FUNDPASS_MODES), fundpass: z.string().max(64).optional() }),
        response: { 200: envelope(z.object({ mode: z.enum(FUNDPASS_MODES) })) },
      },
    },
    async (req) => {
      await setFundpassMode(deps, currentUser(req), req.body.mode, providedFundpass(req));
      return ok({ mode: req.body.mode });
    },
  );
}
