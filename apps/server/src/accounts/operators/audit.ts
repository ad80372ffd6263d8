import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../infra/db/client';
import { operatorAudit } from '../../infra/db/schema';
import type { Clock } from '../../infra/jobs/clock';
import { actorOf } from './guard';

export interface AuditChange {
  /** `<area>.<verb>`, e.g. `simple_earn.flexible.update`. */
  action: string;
  /** `<kind>:<key>`, e.g. `flexible_product:USDT`. */
  target: string;
  /** The fields as they were (null for a creation), and as they are after (null for a removal). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Appends one audit record. Call it with the transaction that makes the change, so the record and
 * the change commit or roll back together. A request that confirmed unusual rates (rate-guard.ts)
 * has them in its record's `after.confirmed_rates`.
 */
export async function recordAudit(
  tx: Db,
  req: FastifyRequest,
  clock: Clock,
  change: AuditChange,
): Promise<void> {
  const actor = actorOf(req);
  await tx.insert(operatorAudit).values({
    at: clock.now(),
    actor: actor.label,
    actorId: actor.id,
    role: actor.role,
    action: change.action,
    target: change.target,
    before: change.before,
    after: req.confirmedRates?.length
      ? { ...change.after, confirmed_rates: req.confirmedRates }
      : change.after,
    requestId: req.id,
    address: req.ip,
  });
}

/**
 * Only the fields that differ between two snapshots of a row, so a record shows what the edit
 * changed rather than the whole row twice. Values are compared as JSON.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}

export interface AuditQuery {
  limit: number;
  /** The id of the last record of the previous page: the page starts below it. */
  cursor?: number;
  actor?: string;
  target?: string;
}

/** Newest first, paged by keyset on the id. */
export async function listAudit(db: Db, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.cursor !== undefined) where.push(lt(operatorAudit.id, q.cursor));
  if (q.actor) where.push(eq(operatorAudit.actor, q.actor));
  if (q.target) where.push(eq(operatorAudit.target, q.target));
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(operatorAudit.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    list: page.map((r) => ({
      id: r.id,
      at: Math.floor(r.at.getTime() / 1000),
      actor: r.actor,
      role: r.role,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
      request_id: r.requestId,
      address: r.address,
    })),
    next_cursor: rows.length > q.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
