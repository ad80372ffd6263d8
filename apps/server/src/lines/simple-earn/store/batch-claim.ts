import type { ClaimRow } from '../../../accounts/idempotency';

/**
 * A call's Idempotency-Key claim as a batch statement's JSON call row carries it (nulls without a
 * key): the subscription and the redemption batch write it the same way, in the statement's `claim`.
 */
export function claimFields(claim: ClaimRow | undefined) {
  return {
    key: claim?.key ?? null,
    hash: claim?.hash ?? null,
    resp: claim ? claim.response : null,
    key_at: claim?.at ?? null,
  };
}
