import type { Config } from '../../kernel/config';
import { type Db, isDatabaseUnavailable, pgErrorCode } from './client';

/*
 * Group commit: concurrent calls of one kind (flexible subscriptions, or redemptions, in one asset)
 * that reach the database while others are being written go together as one autocommitted
 * statement, so the fixed cost of a statement (executor start-up, triggers, the commit) is paid once
 * for several calls. The statement is all-or-nothing (PostgreSQL's statement atomicity); a batch the database refuses sends
 * each of its calls again alone, so a call that is refused is refused alone and the others are
 * booked. See bench/README.md, "Group commit (§3)".
 */

/** The settings (GROUP_COMMIT, GROUP_COMMIT_MAX_BATCH, GROUP_COMMIT_WINDOW_MS). */
export interface GroupCommitSettings {
  /** false: every call goes alone by its own statement, as before group commit. */
  enabled: boolean;
  /** Calls a statement at most (1–64). */
  maxBatch: number;
  /** How long an idle queue waits for more calls before it sends (0–5 ms; 0: at once). */
  windowMs: number;
}

export const GROUP_COMMIT_DEFAULTS: GroupCommitSettings = { enabled: true, maxBatch: 32, windowMs: 0 };

/**
 * Statements in flight per queue. An idle queue sends a call at once (no added latency at low load);
 * calls that arrive while this many are in flight wait and go together when one returns, so a batch
 * grows with the load rather than with a timer. One, as for the reads: with two, the waiting calls
 * were split between two statements of half the size, and each statement's fixed cost (executor
 * start-up, triggers, the commit, a wake-up of its backend) was paid twice as often. Measured in
 * bench/README.md ("One write in flight"): about 11 calls a write statement against 5.7, PostgreSQL's
 * CPU a request 0.51–0.54 ms against 0.68–1.00, the same p99.
 */
export const IN_FLIGHT = 1;

/**
 * Read statements in flight (group commit's batched read): one, so every call arriving while a read
 * is out goes in the next. A read holds no locks and returns in a fraction of a write's time, so a
 * second in flight only split the waiting calls (measured in bench/README.md, "Group commit of the
 * fast reads": about 5 calls a read with one in flight against 3.4 with two, and less CPU a call).
 */
export const READ_IN_FLIGHT = 1;

/** A kind of call that can be written as one statement for many calls. */
export interface BatchKind<C> {
  name: string;
  /**
   * Writes the calls in one statement, all or none (throwing the database's refusal), leaving out the
   * calls whose row another transaction holds locked: answers their indexes in `calls`.
   */
  write(db: Db, calls: readonly C[]): Promise<readonly number[]>;
}

/**
 * A kind of read that can be made as one statement for many calls (group commit's batched read: the
 * fast path's read of concurrent calls).
 */
export interface ReadKind<C, R> {
  name: string;
  /** Reads the calls in one statement: answers each call's result at its index in `calls`. */
  read(db: Db, calls: readonly C[]): Promise<readonly R[]>;
}

/**
 * A call left out because another transaction held its row (a holding another call of the user was
 * writing): as a NOWAIT lock refused (lock_not_available), so the call goes to the locking path,
 * which waits for the lock.
 */
export class RowBusyError extends Error {
  readonly code = '55P03';
}

/**
 * How batches went in this process since it started: statements sent for batches, the calls they
 * carried, batches refused whole and therefore sent again call by call, the statements of calls
 * written alone, and calls a batch left out (their row locked elsewhere) and sent again alone.
 */
export const groupCommitStats = { batches: 0, calls: 0, retried: 0, alone: 0, skipped: 0 };

/**
 * How batched reads went in this process: statements sent for batches, the calls they carried, and
 * batches refused whole and therefore read again call by call.
 */
export const groupReadStats = { batches: 0, calls: 0, retried: 0 };

interface Waiting {
  call: unknown;
  /** No two calls sharing one of these (the user, the holding) go in one batch or in flight at once. */
  exclusive: readonly string[];
  done: (value: unknown) => void;
  fail: (error: unknown) => void;
}

interface Queue {
  /** Sends one batch of the queue's calls (a write or a read) and answers each of them. */
  run: (batch: Waiting[]) => Promise<void>;
  /** Batches in flight at most (IN_FLIGHT, READ_IN_FLIGHT). */
  limit: number;
  waiting: Waiting[];
  inFlight: number;
  /** The exclusive members of the calls being written now: a later call of theirs waits. */
  busy: Set<string>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A batch refused by the database (any SQLSTATE) rather than lost with its connection. */
function refusedByDatabase(error: unknown): boolean {
  return pgErrorCode(error) !== undefined && !isDatabaseUnavailable(error);
}

/** One server's batcher: one queue per kind and asset, on one database. */
export class GroupCommitter {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly db: Db,
    readonly settings: GroupCommitSettings,
  ) {}

  /**
   * Writes `call` with whatever else of its queue goes at the same time; resolves once it is
   * committed, rejects with the database's refusal of the call written alone (or with the error that
   * lost its batch's connection, as that call alone would have met it).
   */
  async submit<C>(
    kind: BatchKind<C>,
    queueKey: string,
    call: C,
    exclusive: readonly string[],
  ): Promise<void> {
    const write = kind as BatchKind<unknown>;
    await this.enqueue(
      `${kind.name}:${queueKey}`,
      IN_FLIGHT,
      (batch) => this.run(write, batch),
      call,
      exclusive,
    );
  }

  /**
   * Reads `call` with whatever other calls of its kind arrive while a read of theirs is in flight, by
   * one statement (the writes' bounds, maxBatch and the window; READ_IN_FLIGHT); answers the call's
   * own result. A batch the database refuses is read again call by call, so a refusal is the call's own.
   */
  async read<C, R>(kind: ReadKind<C, R>, call: C): Promise<R> {
    const read = kind as ReadKind<unknown, unknown>;
    const run = (batch: Waiting[]) => this.runRead(read, batch);
    return (await this.enqueue(`read:${kind.name}`, READ_IN_FLIGHT, run, call, [])) as R;
  }

  private enqueue(
    key: string,
    limit: number,
    run: Queue['run'],
    call: unknown,
    exclusive: readonly string[],
  ): Promise<unknown> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { run, limit, waiting: [], inFlight: 0, busy: new Set(), timer: undefined };
      this.queues.set(key, queue);
    }
    const q = queue;
    return new Promise<unknown>((done, fail) => {
      q.waiting.push({ call, exclusive, done, fail });
      const { windowMs, maxBatch } = this.settings;
      // A window only delays an idle queue; calls queued behind a batch in flight have waited already.
      if (windowMs > 0 && q.inFlight === 0 && q.waiting.length < maxBatch) {
        q.timer ??= setTimeout(() => {
          q.timer = undefined;
          this.pump(q);
        }, windowMs);
        return;
      }
      this.pump(q);
    });
  }

  private pump(q: Queue): void {
    while (q.inFlight < q.limit && q.waiting.length > 0) {
      const batch = this.take(q);
      // Every waiting call has a call of its user or holding in flight: the next return sends it.
      if (batch.length === 0) return;
      if (q.timer) {
        clearTimeout(q.timer);
        q.timer = undefined;
      }
      q.inFlight++;
      for (const w of batch) for (const member of w.exclusive) q.busy.add(member);
      void q.run(batch).finally(() => {
        q.inFlight--;
        for (const w of batch) for (const member of w.exclusive) q.busy.delete(member);
        this.pump(q);
      });
    }
  }

  /** The next batch, oldest first: at most maxBatch calls, one per user and per holding. */
  private take(q: Queue): Waiting[] {
    const batch: Waiting[] = [];
    const taken = new Set<string>();
    const left: Waiting[] = [];
    for (const w of q.waiting) {
      const free = w.exclusive.every((m) => !q.busy.has(m) && !taken.has(m));
      if (batch.length < this.settings.maxBatch && free) {
        batch.push(w);
        for (const m of w.exclusive) taken.add(m);
      } else left.push(w);
    }
    q.waiting = left;
    return batch;
  }

  private async run(kind: BatchKind<unknown>, batch: Waiting[]): Promise<void> {
    groupCommitStats.batches++;
    groupCommitStats.calls += batch.length;
    let skipped: readonly number[];
    try {
      skipped = await kind.write(
        this.db,
        batch.map((w) => w.call),
      );
    } catch (error) {
      if (batch.length === 1 || !refusedByDatabase(error)) {
        for (const w of batch) w.fail(error);
        return;
      }
      // Nothing of the batch was written: each call again alone, so only the refused one is refused.
      groupCommitStats.retried++;
      await Promise.all(
        batch.map((w) => this.writeAlone(kind, w.call, AFTER_REFUSAL).then(() => w.done(undefined), w.fail)),
      );
      return;
    }
    const left = batch.filter((_, i) => skipped.includes(i));
    for (const w of batch) if (!left.includes(w)) w.done(undefined);
    if (left.length === 0) return;
    groupCommitStats.skipped += left.length;
    await Promise.all(
      left.map((w) => this.writeAlone(kind, w.call, LEFT_OUT).then(() => w.done(undefined), w.fail)),
    );
  }

  /**
   * One read statement for the batch, each call answered its own result; a batch the database refuses
   * is read again call by call (a refusal is then the call's own), one that lost its connection fails
   * every call with that error, as each call's own read would have met it.
   */
  private async runRead(kind: ReadKind<unknown, unknown>, batch: Waiting[]): Promise<void> {
    groupReadStats.batches++;
    groupReadStats.calls += batch.length;
    try {
      const results = await kind.read(
        this.db,
        batch.map((w) => w.call),
      );
      for (const [i, w] of batch.entries()) w.done(results[i]);
    } catch (error) {
      if (batch.length === 1 || !refusedByDatabase(error)) {
        for (const w of batch) w.fail(error);
        return;
      }
      groupReadStats.retried++;
      await Promise.all(
        batch.map((w) => kind.read(this.db, [w.call]).then((results) => w.done(results[0]), w.fail)),
      );
    }
  }

  /**
   * A call written alone: one of a refused batch, or one its batch left out because another
   * statement held its row, usually a call of the same user in flight that ends in a moment.
   * PostgreSQL also sends a statement's error before it has rolled the statement back and released
   * its row locks, so a refused batch may still hold this call's holding for a moment (longer on a
   * loaded machine, where the refused backend may wait for a core). Each attempt comes after its
   * pause in `pauses`; still left out after the last, the call is refused (RowBusyError: to the
   * locking path, which waits for locks).
   */
  private async writeAlone(
    kind: BatchKind<unknown>,
    call: unknown,
    pauses: readonly number[],
  ): Promise<void> {
    for (const pause of pauses) {
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      groupCommitStats.alone++;
      const skipped = await kind.write(this.db, [call]);
      if (skipped.length === 0) return;
    }
    throw new RowBusyError('the row this call writes is locked by another transaction');
  }
}

/**
 * The pauses (ms) before each attempt of a call written alone: left out of its batch, twice after
 * 5 ms; one of a refused batch, at once, then after 5 and 20 ms (the refused statement's locks).
 */
const LEFT_OUT = [5, 5] as const;
const AFTER_REFUSAL = [0, 5, 20] as const;

const committers = new WeakMap<Db, GroupCommitter>();

/** The settings as configured (config.ts), the defaults where unset. */
export function groupCommitSettings(config: Config): GroupCommitSettings {
  return {
    enabled: config.groupCommit ?? GROUP_COMMIT_DEFAULTS.enabled,
    maxBatch: config.groupCommitMaxBatch ?? GROUP_COMMIT_DEFAULTS.maxBatch,
    windowMs: config.groupCommitWindowMs ?? GROUP_COMMIT_DEFAULTS.windowMs,
  };
}

/**
 * The batcher of the server on `db` (one per database handle: a test process runs several servers,
 * each on its own database). Undefined when group commit is off: each call then writes alone.
 */
export function groupCommitter(db: Db, settings: GroupCommitSettings): GroupCommitter | undefined {
  if (!settings.enabled) return undefined;
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db, settings);
    committers.set(db, committer);
  }
  return committer;
}
