import { email, FUNDPASS_MODES, fundPassword, password } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../infra/http/envelope';

// Requests and answers of the security page's calls (accounts/security-routes.ts), contract first:
// a field not named in an answer is dropped, and a value of the wrong type fails the call.

const unixSeconds = z.number().int().describe('unix seconds');
const totpCode = z
  .string()
  .regex(/^\d{6}$/)
  .describe('the six digits the authenticator app shows now');
const recoveryCode = z
  .string()
  .trim()
  .min(10)
  .max(16)
  .describe('one of the recovery codes shown at enrolment');

export const changePasswordBody = z.object({
  current_password: z.string().min(1).max(128).describe('the login password now'),
  new_password: password.describe('the new login password, 8 to 128 characters'),
});
export const changePasswordResponse = envelope(
  z.object({ revoked_sessions: z.number().int().describe('other sessions ended by the change') }),
);

export const totpStatusResponse = envelope(
  z.object({
    enabled: z.boolean().describe('whether sign-in asks for a TOTP code'),
    enabled_at: unixSeconds.nullable(),
    recovery_codes_left: z.number().int().describe('unused recovery codes (0 while off)'),
  }),
);

export const totpSetupBody = z.object({
  password: z.string().min(1).max(128).describe('the login password'),
});
export const totpSetupResponse = envelope(
  z.object({
    secret: z.string().describe('base32 secret, for typing into the app; shown this once'),
    otpauth_url: z.string().describe('otpauth:// URL for the QR code'),
  }),
);

export const totpEnableBody = z.object({ code: totpCode });
export const totpEnableResponse = envelope(
  z.object({
    recovery_codes: z
      .array(z.string())
      .describe(
        'ten one-time codes for signing in without the app; shown this once, only their hashes are kept',
      ),
  }),
);

export const totpDisableBody = z
  .object({
    password: z.string().min(1).max(128).describe('the login password'),
    code: totpCode.optional(),
    recovery_code: recoveryCode.optional(),
  })
  .refine((b) => b.code !== undefined || b.recovery_code !== undefined, {
    message: 'code or recovery_code is required',
  });
export const totpDisableResponse = envelope(z.object({ enabled: z.literal(false) }));

const sessionItem = z.object({
  id: z.string().describe('public id of the session, for revoking it'),
  device: z.string().nullable().describe("the browser's User-Agent when it signed in"),
  address: z.string().nullable().describe('the client address it signed in from'),
  created_at: unixSeconds,
  last_used_at: unixSeconds.describe('last call made with it (to the minute)'),
  expires_at: unixSeconds,
  current: z.boolean().describe('the session making this call'),
});
export const sessionsResponse = envelope(z.object({ list: z.array(sessionItem) }));
export const sessionParams = z.object({ id: z.string().min(1).max(64) });
export const revokeSessionResponse = envelope(z.null());

export const signInsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const signInsResponse = paged(
  z.object({
    id: z.number().int(),
    at: unixSeconds,
    outcome: z
      .enum(['ok', 'wrong_password', 'totp_required', 'totp_invalid', 'totp_reused', 'throttled'])
      .describe(
        'ok, or why the try failed (totp_required: the password was right, no code was sent; throttled: refused unjudged during the wait after a run of wrong passwords)',
      ),
    method: z.string().describe('password, totp or recovery_code'),
    address: z.string().nullable(),
    device: z.string().nullable(),
  }),
);

export const resetRequestBody = z.object({
  email,
  lang: z.enum(['en', 'zh-CN']).optional().describe("the mail's language; default the Accept-Language's"),
});
export const resetRequestResponse = envelope(
  z.object({
    sent: z.literal(true).describe('always true: the answer does not say whether the email exists'),
  }),
);

export const resetConfirmBody = z.object({
  code: z
    .string()
    .regex(/^\d{6}$/)
    .describe('the six digits from the mail'),
  fundpass: fundPassword,
});
export const resetConfirmResponse = envelope(z.object({ mode: z.enum(FUNDPASS_MODES) }));
