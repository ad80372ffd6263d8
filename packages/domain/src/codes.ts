/**
 * Response codes. The specs' codes come first; ours follow, grouped by the HTTP status class they travel
 * with. A code never changes meaning once published.
 */
export const Code = {
  OK: 0,
  FAILURE: -1,
  /** Funding password needed (legacy form of 10010111). */
  FUNDPASS_NEEDED_LEGACY: 101,
  LOGIN_REQUIRED: 401,
  FUNDPASS_WRONG: 10010106,
  FUNDPASS_NOT_SET: 10010107,
  FINGERPRINT_REQUIRED: 10010108,
  FUNDPASS_REQUIRED: 10010111,
  VERIFY_FREQUENCY: 10010112,

  INVALID_PARAMS: 40000,
  CSRF_INVALID: 40301,
  FORBIDDEN: 40300,
  ACCOUNT_LOCKED: 40302,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  IDEMPOTENCY_CONFLICT: 40901,
  IDEMPOTENCY_IN_PROGRESS: 40902,
  EMAIL_TAKEN: 40903,
  BUSINESS_RULE: 42200,
  INSUFFICIENT_BALANCE: 42201,
  /** A user whose funds are in use and locked (simple-earn.md, section 8): no subscription or redemption. */
  FUNDS_LOCKED: 42202,
  /** A stake or purchase without a recorded acceptance of the product's agreement or disclaimer. */
  AGREEMENT_REQUIRED: 42210,
  INVALID_CREDENTIALS: 40100,
  /** Sign-in: the password was right and the account has two-factor sign-in; send the code. */
  TOTP_REQUIRED: 40110,
  /** A TOTP or recovery code that does not match (another secret's code, a typo, too old). */
  TOTP_INVALID: 40111,
  /** A TOTP code whose time step was already used: each code signs in once. */
  TOTP_REUSED: 40112,
  /** Two-factor sign-in is already on (enrolment) or off (disabling). */
  TOTP_STATE: 40904,
  /** A replay of a call whose answer held secrets shown once (a new operator's password): not kept. */
  IDEMPOTENCY_ANSWER_NOT_KEPT: 40905,
  /** A funding-password reset code that is wrong, used, expired, or out of tries. */
  RESET_CODE_INVALID: 42220,
  /**
   * An operator's rate change beyond the sane bounds (above the ceiling in the settings, or more than
   * 3 times the current rate): refused, changing nothing, until the request carries confirm_rate: true.
   */
  RATE_CONFIRMATION_REQUIRED: 42230,
  /**
   * A dual subscription whose quote is no longer the one in force: expired (older than its time to
   * live) or moved (the price, the pair's volatility or margin changed). `data` carries the new quote.
   */
  DUAL_QUOTE_CHANGED: 40910,
  /**
   * A dual product whose target is not on its direction's side of the market (Sell High: above the
   * price, Buy Low: below it): refused at creation (`dual.product.targetSide`), and once the market
   * has crossed a live product's target, refused at subscription (`dual.product.targetCrossed`): its
   * quoted APR would be an in-the-money option's premium, not a yield. Nothing written or booked.
   */
  DUAL_TARGET_CROSSED: 42240,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  /** The database did not answer (a dropped connection, a restart, a failover): nothing was kept. */
  SERVICE_UNAVAILABLE: 50300,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** The HTTP status each code travels with. */
export function httpStatusFor(code: number): number {
  switch (code) {
    case Code.OK:
      return 200;
    case Code.LOGIN_REQUIRED:
    case Code.INVALID_CREDENTIALS:
      return 401;
    case Code.FUNDPASS_NEEDED_LEGACY:
    case Code.FUNDPASS_REQUIRED:
    case Code.FUNDPASS_WRONG:
    case Code.FUNDPASS_NOT_SET:
    case Code.FINGERPRINT_REQUIRED:
      return 403;
    case Code.VERIFY_FREQUENCY:
      return 429;
    case Code.FAILURE:
      return 422;
    default:
      if (code >= 40000 && code < 60000) return Math.floor(code / 100);
      return 500;
  }
}

/** Message keys of the errors that are ours (the specs' validation keys travel as they are). */
export const MessageKey = {
  invalidParams: 'common.invalidParams',
  csrfInvalid: 'common.csrfInvalid',
  forbidden: 'common.forbidden',
  accountLocked: 'common.accountLocked',
  notFound: 'common.notFound',
  conflict: 'common.conflict',
  idempotencyConflict: 'common.idempotencyConflict',
  idempotencyInProgress: 'common.idempotencyInProgress',
  idempotencyAnswerNotKept: 'common.idempotencyAnswerNotKept',
  emailTaken: 'auth.emailTaken',
  invalidCredentials: 'auth.invalidCredentials',
  loginRequired: 'auth.loginRequired',
  rateLimited: 'common.tooManyRequests',
  internal: 'common.internalError',
  serviceUnavailable: 'common.serviceUnavailable',
  inadequateBalance: 'finances.inadequateBalance',
  fundpassRequired: 'fundpass.required',
  fundpassWrong: 'fundpass.wrong',
  fundpassNotSet: 'fundpass.notSet',
  fundpassFrequency: 'fundpass.verifyFrequency',
  /** A money move by a user with no funding password while the operator's setting asks for one first. */
  fundpassSetupRequired: 'fundpass.setupRequired',
  unknownAsset: 'common.unknownAsset',
  amountPrecision: 'common.amountPrecision',
  amountPositive: 'common.amountPositive',
  // A product refused whole by an operator write (product-rules.ts): `params.field` names the field.
  ladderTierEmpty: 'product.ladder.tierEmpty',
  ladderGap: 'product.ladder.notContiguous',
  ladderOpenEnd: 'product.ladder.openEndNotLast',
  rangeOrder: 'product.range.minAboveMax',
  rangeOverlap: 'product.range.overlap',
  stepsOrder: 'product.steps.notAscending',
  timeOrder: 'product.time.endNotAfterStart',
  amountTooLarge: 'product.amount.tooLarge',
} as const;

/**
 * Message keys of the earn statements and their export (`params.field` names the parameter). Only the
 * statements page meets them, so their texts live in its lazily loaded catalogue; the operator API
 * never answers them.
 */
export const StatementsMessageKey = {
  statementTimeZone: 'earn.statements.badTimeZone',
  statementDate: 'earn.statements.badDate',
  statementRange: 'earn.statements.badRange',
  statementCursor: 'earn.statements.badCursor',
} as const;

/**
 * Message keys of the account-security calls (sign-in's second factor, the security page). Only the
 * sign-in page and the security page meet them, so the web keeps their texts in the security
 * feature's catalogue, loaded with those pages, not in the first route's.
 */
export const SecurityMessageKey = {
  passwordWrong: 'auth.passwordWrong',
  passwordSame: 'auth.passwordSame',
  totpRequired: 'auth.totp.required',
  totpInvalid: 'auth.totp.invalid',
  totpReused: 'auth.totp.reused',
  totpAlreadyOn: 'auth.totp.alreadyOn',
  totpNotOn: 'auth.totp.notOn',
  totpLocked: 'auth.totp.locked',
  totpNoEnrolment: 'auth.totp.noEnrolment',
  resetCodeInvalid: 'fundpass.reset.codeInvalid',
  resetCodeExpired: 'fundpass.reset.codeExpired',
  sessionNotFound: 'auth.session.notFound',
  /** Too many wrong passwords in a row for the account: no try is judged before `params.until`. */
  signInThrottled: 'auth.signIn.throttled',
} as const;
