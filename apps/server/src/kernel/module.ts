import type { FastifyInstance } from 'fastify';
import type { Db } from './db';
import type { AppDeps, DaysRollup } from './deps';
import type { Job } from './jobs';
import type { LineReads } from './reads';

/** A product line's best current offer, for the earn home page. */
export interface BestOffer {
  line: string;
  asset: string | null;
  /** Annual rate as a percentage string, e.g. "5.2"; null when the line has nothing on offer. */
  apr: string | null;
  /** The amount (in `asset`) that rate is paid on, "up to X % on the first N"; null or absent: any amount. */
  up_to_amount?: string | null;
  /**
   * The search parameters of the line's page that show this product (its tab or filter: wealth's
   * `type`, dual's `coin` and `direction`), so the home card opens where the offer is; absent or
   * null: the page as it opens shows it.
   */
  query?: Record<string, string> | null;
}

/**
 * What a product line plugs into the server: its routes, its periodic jobs, its demo data, its
 * best offer and its reads. Every line has the same shape, so knowing one means knowing all.
 */
export interface EarnModule {
  name: string;
  routes?(app: FastifyInstance, deps: AppDeps): void;
  jobs?(deps: AppDeps): Job[];
  /** Adds the line's demo catalogue; runs once, on an empty database, after the core demo data. */
  seedDemo?(db: Db, at: Date, demoUserId: number): Promise<void>;
  /**
   * The line's best offer at `now`. The caller passes the time (its server's clock): a module is one
   * object shared by every server in the process, so it keeps no server's clock or state of its own.
   */
  bestOffer?(db: Db, now: Date): Promise<BestOffer>;
  /** What the cross-line views may read of the line's tables (kernel/reads.ts). */
  reads?: LineReads;
  /**
   * The line's write in the daily rollup (views/overview/rollup.ts): its own index of the days rolled
   * up, in the same transaction and under the same watermark. A write, so not one of its reads.
   */
  rollupDays?: DaysRollup;
}

/** The reads of the modules that have them, in the modules' order: what `AppDeps.reads` holds. */
export function readsOf(modules: readonly EarnModule[]): LineReads[] {
  return modules.flatMap((m) => (m.reads ? [m.reads] : []));
}

/** The rollup writes of the modules that have them, in the modules' order: what `AppDeps.rollups` holds. */
export function rollupsOf(modules: readonly EarnModule[]): DaysRollup[] {
  return modules.flatMap((m) => (m.rollupDays ? [m.rollupDays] : []));
}
