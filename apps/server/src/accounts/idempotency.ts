import { createHash } from 'node:crypto';
import { Code, MessageKey } from '@earn/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, pgErrorCode } from '../infra/db/client';
import { idempotencyKeys } from '../infra/db/schema';
import { requireUser, sessionTokenHash } from '../infra/http/auth';
import { ok, type Success } from '../infra/http/envelope';
import { IDEMPOTENCY_HEADER } from '../infra/http/headers';
import type { Clock } from '../infra/jobs/clock';
import { DomainError, errors } from '../kernel/errors';
import { RunAgainWhenError, waitToRunAgain } from '../ledger/ledger';
import type { Flag } from './fundpass';
import { fastGateOver, fastGateValues, type GateDeps, throughMoneyGate } from './money-gate';

export { IDEMPOTENCY_HEADER };

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
/** Keys of operator calls are kept apart from every user's. */
const OPERATOR_SCOPE = -1;

/**
 * Fields that authorise a request but do not change what it asks for (a funding password, an
 * operator's confirmation of an unusual rate): a retry with or without them is the same call.
 */
const UNHASHED_FIELDS = new Set(['fundpass', 'fund_password', 'confirm_rate']);

function requestHash(req: FastifyRequest): string {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const kept = Object.keys(body)
    .filter((k) => !UNHASHED_FIELDS.has(k))
    .sort()
    .map((k) => [k, body[k]]);
  return createHash('sha256')
    .update(
      `${req.method} ${req.routeOptions.url ?? req.url}\n${JSON.stringify(req.params)}\n${JSON.stringify(kept)}`,
    )
    .digest('hex');
}

/**
 * Runs a money-moving call once per `Idempotency-Key`. The key, the request's hash and the answer are
 * stored in the same transaction as the money moves, so a replay answers the first response and moves
 * nothing; the same key with another body is refused with 409. A call that fails stores nothing and
 * may be retried with its key. Without the header the call simply runs in one transaction. A money
 * call (config.money) runs through the money gate first: its checks, then the funding password
 * (money-gate.ts).
 */
export async function idempotent<T>(
  deps: GateDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Db) => Promise<T>,
): Promise<Success<T>> {
  const { answer, replayed } = await once(deps, req, async (tx) => ok(await work(tx)));
  if (replayed) reply.header(REPLAYED_HEADER, 'true');
  return answer;
}

/** Told to the client of a replay: the answer is the kept one, and nothing ran again. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** A call's answer under its key: the one `work` made now, or the one kept (`replayed`). */
export interface Once<A> {
  answer: A;
  replayed: boolean;
}

/**
 * The mechanism under idempotent(): `work` answers the whole response envelope, which is what the key
 * keeps (the operator's writes answer their own envelope, operator/writes.ts).
 */
export async function once<A>(
  deps: GateDeps,
  req: FastifyRequest,
  work: (tx: Db) => Promise<A>,
): Promise<Once<A>> {
  declaredIdempotent(req);
  return throughMoneyGate(
    deps,
    req,
    () => rehearse(deps, req, work),
    () => retrying(deps, () => runOnce(deps, req, work)),
  );
}

/**
 * A deadlock or serialization failure rolled everything back: running the call again is safe. So did
 * a call that must wait for something (a flexible hour being booked): it waits outside its
 * transaction, then runs again, as often as it is told to (each wait is bounded).
 */
async function retrying<T>(deps: { db: Db }, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; ) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof RunAgainWhenError) {
        await waitToRunAgain(deps.db, error);
        continue;
      }
      const code = pgErrorCode(error);
      if (tries++ >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

/** Thrown at the end of a rehearsal that passed, to roll it back. */
class Rehearsed extends Error {}

/**
 * The call with its key as it would run now, rolled back: its refusal is thrown; a replay answers
 * the stored response; a call that would go through answers undefined and leaves nothing behind.
 */
async function rehearse<A>(
  deps: { db: Db; clock: Clock },
  req: FastifyRequest,
  work: (tx: Db) => Promise<A>,
): Promise<Once<A> | undefined> {
  try {
    return await retrying(deps, () =>
      runOnce(deps, req, async (tx) => {
        await work(tx);
        throw new Rehearsed();
      }),
    );
  } catch (error) {
    if (error instanceof Rehearsed) return undefined;
    throw error;
  }
}

/**
 * The API document declares the Idempotency-Key header from the route's config (`money` or
 * `idempotent`, http/openapi.ts): a handler that honours the key on a route without either would
 * take a header its operation does not name. Every route runs in the test suite, so this fails there.
 */
function declaredIdempotent(req: FastifyRequest): void {
  const config = req.routeOptions.config;
  if (!config?.money && !config?.idempotent)
    throw new Error(
      `${req.method} ${req.routeOptions.url}: honours Idempotency-Key without config.money or config.idempotent, so the API document does not declare the header`,
    );
}

/** What a fast path is given: the session to check itself, and the Idempotency-Key to claim. */
export interface FastCall {
  /**
   * The condition its read puts on `sessions s JOIN users u`: the cookie's live session, whose user
   * would not be asked for a funding password (the money gate's share, fastGateValues). Undefined
   * without a cookie. The only way to the caller's session, so no fast path can skip the gate.
   */
  session: FastSession | undefined;
  claim: KeyClaim | undefined;
}

/**
 * A fast call's session condition, for a read of this call alone (`condition`) or of several calls at
 * once (group commit's batched read: the call's `values` as a row, tested by `over` on its columns).
 * Both are spelled by one function (sessionOver), so they are the same rule.
 */
export interface FastSession {
  /** The condition with this call's values in it. */
  condition: SQL;
  /** This call's values, a row of the batched read's call rows (their types: FAST_SESSION_COLUMNS). */
  values: FastSessionValues;
  /**
   * The condition over a call row's columns (`column` names them in the statement). The same for
   * every call of one server (its only other input is the server's configuration).
   */
  over(column: (name: keyof FastSessionValues) => SQL): SQL;
}

/** A fast call's session condition as values: the session token's hash, the call's time, the gate's. */
export interface FastSessionValues {
  token_hash: string;
  at: string;
  gated: boolean;
  always: boolean;
  first_move: boolean;
  grace_start: string;
}

/** FastSessionValues' columns and their types, for jsonb_to_recordset's column definitions. */
export const FAST_SESSION_COLUMNS = sql.raw(
  'token_hash text, at timestamptz, gated boolean, always boolean, first_move boolean, grace_start timestamptz',
);

/** A call's claim on its Idempotency-Key, to be written by the call's own statement. */
export interface KeyClaim {
  key: string;
  /** The claim as a data-modifying statement: the key, the request's hash and the answer `data` makes. */
  insert(userId: number, data: unknown): SQL;
  /** The same claim as values, for a statement that writes several calls' claims (group commit). */
  row(data: unknown): ClaimRow;
}

/** An Idempotency-Key claim's columns: the response as JSON text, the time as ISO 8601. */
export interface ClaimRow {
  key: string;
  hash: string;
  response: string;
  at: string;
}

/**
 * How fast-path calls ended in this process since it started: answered by the fast path, declined
 * by it, or refused by the database (both then went by the locking path). Many refusals mean
 * contention on the same holdings.
 */
export const fastPathOutcomes = { taken: 0, declined: 0, refused: 0 };

/**
 * A signed-in call with a fast path. `fast` checks the session and reads in one statement without
 * locks, then makes the call in one statement of its own (autocommitted: no BEGIN or COMMIT round
 * trips) that also writes the key's claim with the answer: two round trips in all. It answers
 * undefined to decline (no live session, a funding password to ask for, a rule would refuse, an
 * unusual case, a key already used), and a database refusal of its statement (a lost race, a balance
 * check, the key claimed meanwhile) leaves nothing written: either way the call runs again by `slow`
 * behind the usual session check, the locking path through idempotent() and its money gate, which
 * makes every refusal, password demand and replay exactly as before.
 * The route has no auth preHandler: the fast path's read, or else this function, checks the session.
 */
export async function idempotentFast<T>(
  deps: GateDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  fast: (call: FastCall) => Promise<T | undefined>,
  slow: (tx: Db) => Promise<T>,
): Promise<Success<T>> {
  declaredIdempotent(req);
  const header = req.headers[IDEMPOTENCY_HEADER];
  const valid = header === undefined || (typeof header === 'string' && KEY_PATTERN.test(header));
  if (valid) {
    const claim = typeof header === 'string' ? keyClaim(deps, req, header) : undefined;
    try {
      const data = await fast({ session: fastSession(deps, req), claim });
      if (data !== undefined) {
        fastPathOutcomes.taken++;
        return ok(data);
      }
      fastPathOutcomes.declined++;
    } catch (error) {
      // A refusal by the ledger arrives already translated; anything else is a defect.
      if (pgErrorCode(error) === undefined && !(error instanceof DomainError)) throw error;
      fastPathOutcomes.refused++;
      req.log.debug({ err: error }, 'fast path refused; the locking path runs the call');
    }
  }
  await requireUser(deps.db, deps.clock)(req, reply);
  return idempotent(deps, req, reply, slow);
}

/** The fast read's session condition (FastCall.session). */
function fastSession(deps: GateDeps, req: FastifyRequest): FastSession | undefined {
  const tokenHash = sessionTokenHash(req);
  if (tokenHash === undefined) return undefined;
  const now = deps.clock.now();
  const gate = fastGateValues(req, now);
  const values: FastSessionValues = {
    token_hash: tokenHash,
    at: now.toISOString(),
    gated: gate.gated,
    always: gate.always,
    first_move: gate.firstMove,
    grace_start: gate.graceStart,
  };
  return {
    values,
    condition: sessionOver(deps, {
      ...values,
      token_hash: sql`${values.token_hash}`,
      at: sql`${values.at}`,
      grace_start: sql`${values.grace_start}`,
    }),
    over: (column) =>
      sessionOver(deps, {
        token_hash: column('token_hash'),
        at: column('at'),
        gated: column('gated'),
        always: column('always'),
        first_move: column('first_move'),
        grace_start: column('grace_start'),
      }),
  };
}

/** The session condition's one spelling, over its parts (each a value of one call, or a column). */
function sessionOver(
  deps: GateDeps,
  p: { token_hash: SQL; at: SQL; gated: Flag; always: Flag; first_move: Flag; grace_start: SQL },
): SQL {
  const gate = fastGateOver(deps, {
    gated: p.gated,
    always: p.always,
    firstMove: p.first_move,
    graceStart: p.grace_start,
  });
  return sql`s.token_hash = ${p.token_hash} AND s.revoked_at IS NULL
    AND s.expires_at > ${p.at}::timestamptz AND ${gate}`;
}

function keyClaim(deps: { clock: Clock }, req: FastifyRequest, key: string): KeyClaim {
  const hash = requestHash(req);
  return {
    key,
    row: (data) => ({ key, hash, response: JSON.stringify(ok(data)), at: deps.clock.now().toISOString() }),
    insert: (userId, data) =>
      sql`INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
        VALUES (${userId}::bigint, ${key}, ${hash}, 200, ${JSON.stringify(ok(data))}::jsonb, ${deps.clock.now().toISOString()}::timestamptz)`,
  };
}

/** The kept status of a call whose answer held secrets (`config.secretAnswer`): not its answer. */
const ANSWER_NOT_KEPT = 409;

const answerNotKept = () =>
  new DomainError(
    Code.IDEMPOTENCY_ANSWER_NOT_KEPT,
    MessageKey.idempotencyAnswerNotKept,
    'This Idempotency-Key was answered once; that answer held secrets, which are not kept',
  );

async function runOnce<A>(
  deps: { db: Db; clock: Clock },
  req: FastifyRequest,
  work: (tx: Db) => Promise<A>,
): Promise<Once<A>> {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return { answer: await deps.db.transaction((tx) => work(tx)), replayed: false };
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw errors.invalidParams('Idempotency-Key must be 1 to 128 letters, digits or _.:-');
  }
  const scope = req.url.startsWith('/admin/api') ? OPERATOR_SCOPE : (req.user?.id ?? 0);
  const hash = requestHash(req);
  return deps.db.transaction(async (txRoot): Promise<Once<A>> => {
    const tx: Db = txRoot;
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: scope,
        key: header,
        requestHash: hash,
        statusCode: 0,
        response: {},
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, scope), eq(idempotencyKeys.key, header)));
      if (!first || first.requestHash !== hash) {
        throw new DomainError(
          Code.IDEMPOTENCY_CONFLICT,
          MessageKey.idempotencyConflict,
          'This Idempotency-Key was used for a different request',
        );
      }
      if (first.statusCode === ANSWER_NOT_KEPT) throw answerNotKept();
      return { answer: first.response as A, replayed: true };
    }
    const answer = await work(tx);
    // An answer holding secrets (a new operator's password) is shown once and never stored: the key
    // keeps only that the call was made, and a replay is refused instead of answered again.
    const kept = req.routeOptions.config.secretAnswer
      ? { statusCode: ANSWER_NOT_KEPT, response: {} }
      : { statusCode: 200, response: answer };
    await tx
      .update(idempotencyKeys)
      .set(kept)
      .where(and(eq(idempotencyKeys.userId, scope), eq(idempotencyKeys.key, header)));
    return { answer, replayed: false };
  });
}
