import { Code } from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { earnAcceptances } from '../../../infra/db/schema';
import { unixSeconds } from '../../../infra/jobs/clock';
import { DomainError } from '../../../kernel/errors';

/**
 * Recorded acceptances of a product's terms. The specs' stake and purchase bodies carry no agreement
 * field, so the client records the tick of the checkbox with a call of its own and the money call
 * checks the record: a stake needs the product's staking user agreement accepted, a wealth purchase its
 * disclaimer. An acceptance holds for the document accepted; when the operator points the product at
 * another document, the user accepts again.
 */
export const AcceptanceKind = {
  stakingAgreement: 'staking_agreement',
  wealthDisclaimer: 'wealth_disclaimer',
} as const;
export type AcceptanceKindValue = (typeof AcceptanceKind)[keyof typeof AcceptanceKind];

export interface AcceptanceRef {
  userId: number;
  kind: AcceptanceKindValue;
  /** The product: a staking coin, or a wealth pid. */
  ref: string;
  /** The agreement or disclaimer accepted (its address). */
  document: string;
}

/** Records (or renews) an acceptance at the clock's time; answers what the client shows. */
export async function recordAcceptance(db: Db, a: AcceptanceRef, at: Date) {
  await db
    .insert(earnAcceptances)
    .values({ userId: a.userId, kind: a.kind, ref: a.ref, document: a.document, acceptedAt: at })
    .onConflictDoUpdate({
      target: [earnAcceptances.userId, earnAcceptances.kind, earnAcceptances.ref],
      set: { document: a.document, acceptedAt: at },
    });
  return { kind: a.kind, document: a.document, accepted: 1, accepted_at: unixSeconds(at) };
}

/** The row of this user's acceptance of this document: an acceptance of another version does not count. */
function acceptanceOf(a: AcceptanceRef) {
  return and(
    eq(earnAcceptances.userId, a.userId),
    eq(earnAcceptances.kind, a.kind),
    eq(earnAcceptances.ref, a.ref),
    eq(earnAcceptances.document, a.document),
  );
}

/** The user's acceptance of the current document, or null. */
export async function findAcceptance(db: Db, a: AcceptanceRef) {
  const [row] = await db.select().from(earnAcceptances).where(acceptanceOf(a));
  return row ?? null;
}

/** What the acceptance status call answers. */
export async function acceptanceView(db: Db, a: AcceptanceRef) {
  const row = await findAcceptance(db, a);
  return {
    kind: a.kind,
    document: a.document,
    accepted: row ? 1 : 0,
    accepted_at: row ? unixSeconds(row.acceptedAt) : null,
  };
}

/**
 * Refuses a stake or purchase without a recorded acceptance: code 42210 (HTTP 422) with the message
 * key, and the document in params so the client can link it. Reads under a share lock, so an acceptance
 * cannot be withdrawn under a money call in flight (nothing withdraws one today; the lock keeps it so).
 */
export async function requireAcceptance(
  tx: Db,
  a: AcceptanceRef,
  refusal: { key: string; message: string },
): Promise<void> {
  const [row] = await tx
    .select({ at: earnAcceptances.acceptedAt })
    .from(earnAcceptances)
    .where(acceptanceOf(a))
    .for('share');
  if (!row)
    throw new DomainError(Code.AGREEMENT_REQUIRED, refusal.key, refusal.message, { document: a.document });
}
