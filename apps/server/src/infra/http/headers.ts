/**
 * The names of the headers and cookies the transport reads and the OpenAPI document declares. They
 * live here, below the modules whose behaviour they carry (accounts' funding password, idempotency,
 * operator sessions), so the HTTP layer can name them without importing those modules.
 */

/** The funding password of a money call (accounts/fundpass.ts). */
export const FUNDPASS_HEADER = 'x-fund-password';
/** A call's once-only key (accounts/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The operator console's session cookie (accounts/operators/sessions.ts). */
export const OPERATOR_SESSION_COOKIE = 'earn_op_sid';
