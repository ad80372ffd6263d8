import type { Db } from '../../kernel/db';

/*
 * Work that runs once, in a transaction, just before its owner commits it: what something done many
 * times in one transaction would otherwise do each time (the payout metrics read a transaction's
 * journal entries once, not after each of the hundreds of job periods a clock advance's stop runs).
 * Only a transaction whose owner opened it here (openCommitHooks) takes hooks: elsewhere
 * beforeCommit answers false and the caller does its work at once.
 */

const hooks = new WeakMap<Db, Map<object, () => Promise<void>>>();

/** The owner of `tx` will call runCommitHooks(tx) before it commits. */
export function openCommitHooks(tx: Db): void {
  if (!hooks.has(tx)) hooks.set(tx, new Map());
}

/**
 * Runs `work` in `tx` before it commits, once per `key` (a second call with the same key keeps the
 * first work). False when `tx`'s owner runs no hooks (the work is not kept).
 */
export function beforeCommit(tx: Db, key: object, work: () => Promise<void>): boolean {
  const list = hooks.get(tx);
  if (!list) return false;
  if (!list.has(key)) list.set(key, work);
  return true;
}

/** The hooks of `tx`, in the order they were added; hooks added meanwhile run too. */
export async function runCommitHooks(tx: Db): Promise<void> {
  const list = hooks.get(tx);
  if (!list) return;
  for (;;) {
    const next = list.entries().next();
    if (next.done) break;
    const [key, work] = next.value;
    list.delete(key);
    await work();
  }
  hooks.delete(tx);
}
