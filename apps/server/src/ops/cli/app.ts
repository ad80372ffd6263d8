import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import type { Db } from '../../infra/db/client';
import { SystemClock } from '../../infra/jobs/clock';
import { Scheduler } from '../../infra/jobs/scheduler';
import { readsOf, rollupsOf } from '../../kernel/module';
import { earnModules } from '../../modules';

/**
 * The app as a command-line run builds it: every module wired on the given database, with the real
 * clock. Nothing listens; commands use it to register what the modules register (routes, checks).
 */
export function buildCliApp(db: Db, config: Config): Promise<FastifyInstance> {
  const clock = new SystemClock();
  return buildApp(
    {
      db,
      clock,
      scheduler: new Scheduler(db, clock),
      config,
      reads: readsOf(earnModules),
      rollups: rollupsOf(earnModules),
    },
    earnModules,
  );
}
