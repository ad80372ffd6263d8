import { ACCOUNT_MODES, email, FUNDPASS_MODES, fundPassword, password } from '@earn/domain';
import { z } from 'zod';
import { envelope } from '../infra/http/envelope';

const me = z.object({
  id: z.number(),
  email: z.string(),
  vip_tier: z.number(),
  account_mode: z.enum(ACCOUNT_MODES),
  fundpass_set: z.boolean(),
  fundpass_mode: z.enum(FUNDPASS_MODES),
  created_at: z.number(),
});

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

/** POST /api/web/v1/auth/register */
export const registerSchema = {
  tags: ['auth'],
  summary: 'Create an account and sign in',
  body: credentials,
  response: { 200: envelope(me) },
};

/** POST /api/web/v1/auth/login */
export const loginSchema = {
  tags: ['auth'],
  summary:
    'Sign in; at most 10 tries a minute per client address, and a growing wait per account after 5 wrong passwords (429 beyond)',
  description:
    'With two-factor sign-in on, a right password without a code answers 401 code 40110 auth.totp.required (data.require_totp); a wrong code 40111 auth.totp.invalid, a code already used 40112 auth.totp.reused; after 5 wrong codes in 15 minutes 429 auth.totp.locked with params.until. ' +
    'Per account, whatever the addresses: after the 5th wrong password in a row every try waits 2^n seconds from the n-th (32 s after the 5th), at most 15 minutes; a try during the wait, the right password too, answers 429 code 42900 auth.signIn.throttled with params.until (unix seconds) and params.seconds, data.retry_after and a Retry-After header, and is not counted. A sign-in, or a day without a wrong password, ends the run; the user is mailed once per run when it reaches 5. ' +
    'Every try for a known email is kept in the sign-in history (a refused one as throttled).',
  body: loginBody,
  response: { 200: envelope(me) },
};

/** POST /api/web/v1/auth/logout */
export const logoutSchema = {
  tags: ['auth'],
  summary: 'Revoke this session',
  response: { 200: envelope(z.null()) },
};

/** GET /api/web/v1/auth/me */
export const meSchema = { tags: ['auth'], summary: 'The signed-in user', response: { 200: envelope(me) } };

/** GET /api/web/v1/auth/session */
export const sessionSchema = {
  tags: ['auth'],
  summary: 'Who is signed in, for visitors too',
  description:
    'Answers 200 with user null for a visitor (no session, or an expired one), so a signed-out page does not ' +
    'log a failed request; /auth/me keeps answering 401 for callers that need a session.',
  response: {
    200: envelope(z.object({ user: me.nullable().describe('The signed-in user; null for a visitor') })),
  },
};

/** POST /api/web/v1/auth/fund-password */
export const setFundPasswordSchema = {
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
};

/** POST /api/web/v1/auth/fund-password/mode */
export const setFundPasswordModeSchema = {
  tags: ['auth'],
  summary:
    'When the funding password is asked for: always, every_2h (once per 2 hours per session) or never. Needs the funding password (fundpass field or X-Fund-Password header) every time.',
  body: z.object({ mode: z.enum(FUNDPASS_MODES), fundpass: z.string().max(64).optional() }),
  response: { 200: envelope(z.object({ mode: z.enum(FUNDPASS_MODES) })) },
};
