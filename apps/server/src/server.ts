import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import type { AppDeps } from './http/context';
import type { EarnModule } from './http/module';
import { type Clock, SystemClock, TestClock } from './jobs/clock';
import { coreJobs } from './jobs/core-jobs';
import { Scheduler } from './jobs/scheduler';
import { earnModules } from './modules';
import { seedDemo } from './seed/demo';

export interface Server {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

/** config → database → migrations → clock → jobs → HTTP, shared by main and the tests. */
export async function createServer(
  config: Config,
  opts: {
    database?: Database;
    modules?: EarnModule[];
    logger?: FastifyServerOptions['logger'];
    startJobs?: boolean;
  } = {},
): Promise<Server> {
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
    }));
  await database.migrate();
  const db = database.db;
  const testClock = config.clock === 'test' ? await TestClock.open(db) : undefined;
  const clock: Clock = testClock ?? new SystemClock();
  const scheduler = new Scheduler(db, clock);
  const deps: AppDeps = { db, clock, testClock, scheduler, config };
  const modules = opts.modules ?? earnModules;
  for (const job of coreJobs(deps)) scheduler.register(job);
  for (const m of modules) for (const job of m.jobs?.(deps) ?? []) scheduler.register(job);
  if (config.seedDemo) await seedDemo(db, clock.now(), modules);
  const app = await buildApp(deps, modules, { logger: opts.logger });
  // A failing job pass is otherwise silent: the timer swallows it to try again next tick.
  scheduler.useLogger(app.log.child({ component: 'scheduler' }));
  if (opts.startJobs) scheduler.start(config.jobIntervalMs);
  return {
    app,
    deps,
    database,
    async close() {
      await scheduler.stop();
      await app.close();
      await database.close();
    },
  };
}
