import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { wallTime } from '../jobs/clock';
import { type Database, type Db, isDatabaseUnavailable, openPostgres, rows } from './client';

/**
 * Streaming replicas (PostgreSQL's own replication) for reads that may lag: product lists, histories,
 * charts. A route opts in (`config.readReplica`); its handler then runs with `deps.db` resolving to a
 * replica, chosen per request:
 *
 * - a user who wrote in the last `afterWriteMs` reads the primary (a cookie carries the instant, so
 *   every instance honours it), and always sees their own write;
 * - a replica further behind than `maxLagMs`, or one that does not answer, is skipped;
 * - with none left, the primary answers.
 *
 * Lag is measured against the primary's WAL position, not the replica's last replay time (which grows
 * while the primary is idle): each poll records the primary's current LSN and when; a replica's lag is
 * the age of the newest recorded position it has replayed.
 */
export interface ReplicaStatus {
  index: number;
  /** Seconds behind the primary; null until measured or while it does not answer. */
  lagSeconds: number | null;
  usable: boolean;
}

interface Replica {
  database: Database;
  lagMs: number | null;
  error: string | null;
}

const POLL_MS = 250;
/** LSN samples kept: enough to measure lags far beyond any usable maximum. */
const SAMPLES = 400;

export class ReadReplicas {
  private readonly store = new AsyncLocalStorage<Db>();
  private readonly samples: { lsn: bigint; at: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private next = 0;

  private constructor(
    private readonly primary: Db,
    private readonly replicas: Replica[],
    readonly maxLagMs: number,
    readonly afterWriteMs: number,
  ) {}

  static async open(
    primary: Db,
    urls: string[],
    opts: { poolSize?: number; preparedStatements?: boolean; maxLagMs: number; afterWriteMs: number },
  ): Promise<ReadReplicas> {
    const replicas: Replica[] = [];
    for (const url of urls)
      replicas.push({
        database: await openPostgres(url, opts.poolSize, { preparedStatements: opts.preparedStatements }),
        lagMs: null,
        error: null,
      });
    const set = new ReadReplicas(primary, replicas, opts.maxLagMs, opts.afterWriteMs);
    await set.poll();
    set.timer = setInterval(() => void set.poll(), POLL_MS);
    set.timer.unref();
    return set;
  }

  /** `deps.db` for the whole app: the replica chosen for this request inside `run`, else the primary. */
  routed(): Db {
    const store = this.store;
    return new Proxy(this.primary, {
      get(primary, prop) {
        const db = store.getStore() ?? primary;
        const value = Reflect.get(db, prop, db);
        return typeof value === 'function' ? value.bind(db) : value;
      },
    });
  }

  /** Runs `work` reading from a usable replica, unless `primaryUntil` (a user's last write + window) is still ahead. */
  async run<T>(primaryUntil: number | undefined, work: () => Promise<T> | T): Promise<T> {
    if (primaryUntil !== undefined && primaryUntil > wallTime().getTime()) return work();
    const replica = this.pick();
    if (!replica) return work();
    try {
      return await this.store.run(replica.database.db, work);
    } catch (error) {
      // A replica that went away between two polls: the primary answers, and the replica waits for
      // the next poll to be taken again.
      if (!isDatabaseUnavailable(error)) throw error;
      replica.error = error instanceof Error ? error.message : String(error);
      replica.lagMs = null;
      return work();
    }
  }

  /** Round robin over the replicas within the allowed lag. */
  private pick(): Replica | undefined {
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length];
      if (replica && this.usable(replica)) {
        this.next = (this.next + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  private usable(replica: Replica): boolean {
    return replica.error === null && replica.lagMs !== null && replica.lagMs <= this.maxLagMs;
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r, index) => ({
      index,
      lagSeconds: r.lagMs === null ? null : r.lagMs / 1000,
      usable: this.usable(r),
    }));
  }

  private async poll(): Promise<void> {
    try {
      const [primary] = await rows<{ lsn: string }>(
        this.primary,
        sql`SELECT pg_current_wal_lsn()::text AS lsn`,
      );
      if (primary) {
        this.samples.push({ lsn: parseLsn(primary.lsn), at: wallTime().getTime() });
        if (this.samples.length > SAMPLES) this.samples.shift();
      }
    } catch {
      // The primary's faults are the readiness check's business; keep the last samples.
    }
    await Promise.all(this.replicas.map((r) => this.measure(r)));
  }

  private async measure(replica: Replica): Promise<void> {
    try {
      const [row] = await rows<{ lsn: string | null }>(
        replica.database.db,
        sql`SELECT pg_last_wal_replay_lsn()::text AS lsn`,
      );
      // Not in recovery (a primary given as a replica) answers null: it is as current as it gets.
      const replayed = row?.lsn ? parseLsn(row.lsn) : undefined;
      replica.error = null;
      replica.lagMs = this.lagOf(replayed);
    } catch (error) {
      replica.error = error instanceof Error ? error.message : String(error);
      replica.lagMs = null;
    }
  }

  /** Age of the newest primary position the replica has replayed; 0 when it has all of them. */
  private lagOf(replayed: bigint | undefined): number | null {
    const latest = this.samples[this.samples.length - 1];
    if (!latest) return null;
    if (replayed === undefined || replayed >= latest.lsn) return 0;
    for (let i = this.samples.length - 1; i >= 0; i--) {
      const sample = this.samples[i];
      if (sample && sample.lsn <= replayed) return latest.at - sample.at + POLL_MS;
    }
    // Behind every sample kept: at least as old as the oldest, and unknown (unusable) while the samples
    // span less than the allowed lag (just after start-up).
    const oldest = this.samples[0];
    if (!oldest) return null;
    const age = wallTime().getTime() - oldest.at;
    return age < this.maxLagMs ? null : age;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.replicas.map((r) => r.database.close()));
  }
}

/** `16/B374D848` → the WAL position as a number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high ?? '0'}`) << 32n) + BigInt(`0x${low ?? '0'}`);
}

declare module '../../kernel/deps' {
  interface AppDeps {
    /** Present with DATABASE_READ_URL; `db` then routes marked readReplica to them. */
    replicas?: ReadReplicas;
  }
}
