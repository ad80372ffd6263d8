import { Code } from '@earn/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { users } from '../infra/db/schema';
import { DomainError } from '../kernel/errors';
import { getUser, type UserRow } from './users';

/** A user whose funds are in use and locked cannot subscribe or redeem (simple-earn.md, section 8). */
export async function assertFundsNotLocked(db: Db, userId: number, key: string): Promise<void> {
  refuseLockedFunds(await getUser(db, userId), key);
}

/** What a user whose funds are locked is told (the flexible plan refuses with the same words). */
export const FUNDS_LOCKED_MESSAGE = 'Your funds are in use and locked; try again later';

/** The same check on a user row already read in this transaction. */
export function refuseLockedFunds(user: Pick<UserRow, 'useFunding' | 'locked'>, key: string): void {
  if (user.useFunding && user.locked) {
    throw new DomainError(Code.FUNDS_LOCKED, key, FUNDS_LOCKED_MESSAGE);
  }
}

export async function updateUser(
  db: Db,
  userId: number,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  // Absent fields arrive as undefined: with nothing left to set, there is nothing to do.
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(given).length === 0) return;
  await db.update(users).set(given).where(eq(users.id, userId));
}
