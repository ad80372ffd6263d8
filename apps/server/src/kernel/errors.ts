import { Code, MessageKey } from '@earn/domain';

export type MessageParams = Record<string, string | number>;

/**
 * A failure the user or operator can act on. Services throw these; the HTTP layer maps them to the
 * envelope once. `key` is the message key the client shows, `params` its interpolated values.
 */
export class DomainError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    message: string,
    readonly params: MessageParams = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const errors = {
  invalidParams: (message: string, params: MessageParams = {}, key: string = MessageKey.invalidParams) =>
    new DomainError(Code.INVALID_PARAMS, key, message, params),
  /** A rule of a spec's validation section, refused with that section's message key. */
  rule: (key: string, message: string, params: MessageParams = {}) =>
    new DomainError(Code.BUSINESS_RULE, key, message, params),
  insufficientBalance: (asset: string) =>
    new DomainError(
      Code.INSUFFICIENT_BALANCE,
      MessageKey.inadequateBalance,
      `Insufficient ${asset} balance`,
      {
        coin: asset,
      },
    ),
  notFound: (what: string) => new DomainError(Code.NOT_FOUND, MessageKey.notFound, `${what} not found`),
  unknownAsset: (asset: string) =>
    new DomainError(Code.INVALID_PARAMS, MessageKey.unknownAsset, `Unknown asset ${asset}`, { coin: asset }),
  loginRequired: () => new DomainError(Code.LOGIN_REQUIRED, MessageKey.loginRequired, 'Please log in'),
  forbidden: (message = 'Forbidden') => new DomainError(Code.FORBIDDEN, MessageKey.forbidden, message),
  conflict: (message: string, key: string = MessageKey.conflict) =>
    new DomainError(Code.CONFLICT, key, message),
};
