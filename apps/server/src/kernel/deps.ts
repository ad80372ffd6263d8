import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db';
import type { LineReads } from './reads';

/**
 * What every route module is given. The kernel names what every layer needs; a service that lives
 * higher up adds its own member where it is defined (`declare module '…/kernel/deps'`): the
 * scheduler and the test clock (infra/jobs), the read replicas (infra/db), the security mailer
 * (accounts), the inbox wakeup (notify). The composition root (server.ts) fills them all in.
 */
export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** The product lines' reads (kernel/reads.ts), in the modules' order: what the views loop over. */
  reads: readonly LineReads[];
  /** The modules' own writes in the daily rollup's transaction (EarnModule.rollupDays), in their order. */
  rollups: readonly DaysRollup[];
}

/**
 * A module's own index of the UTC days [from, until) (from null: every day before until), written in
 * the daily rollup's transaction under its watermark (simple earn's index of history hours).
 */
export type DaysRollup = (tx: Db, from: Date | null, until: Date) => Promise<void>;

export interface SessionUser {
  id: number;
  email: string;
  tokenHash: string;
  fundpassVerifiedAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}
