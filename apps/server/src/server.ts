import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { SecurityMailer } from './accounts/fundpass-reset';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './infra/db/client';
import { ReadReplicas } from './infra/db/replicas';
import { waitForPostgres } from './infra/db/wait';
import type { SerializerObserver } from './infra/http/serializer';
import { SESSIONS_CHANNEL, sessionCacheOf } from './infra/http/session-cache';
import { type Clock, SystemClock, TestClock } from './infra/jobs/clock';
import { Scheduler } from './infra/jobs/scheduler';
import type { AppDeps } from './kernel/deps';
import { type EarnModule, readsOf, rollupsOf } from './kernel/module';
import { earnModules } from './modules';
import { INBOX_CHANNEL, InboxWakeup } from './notify/inbox/wakeup';
import { MailSender, smtpTransport } from './notify/mail';
import { outboxSecurityMailer } from './notify/mail/security-mailer';
import { stopClockAdvances } from './operator/console/clock-runner';
import { coreJobs } from './ops/core-jobs';
import { seedDemo } from './ops/seed/demo';

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
    observeSerializers?: SerializerObserver;
    mailer?: SecurityMailer;
    /** With the test clock, where it starts on a database that has none yet (default: this hour). */
    testClockStart?: Date;
  } = {},
): Promise<Server> {
  // The logger exists once the app does; until then start-up lines go to stderr.
  let log: (line: string, error?: Error) => void = (line) => process.stderr.write(`${line}\n`);
  if (!opts.database && config.databaseUrl)
    await waitForPostgres(config.databaseUrl, config.databaseWaitSeconds ?? 60, (line) => log(line));
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      listenUrl: config.databaseListenUrl,
      dataDir: config.dataDir,
      onIdleError: (error) => log('an idle database connection failed; the pool replaces it', error),
    }));
  await database.migrate();
  const replicas = config.databaseReadUrls?.length
    ? await ReadReplicas.open(database.db, config.databaseReadUrls, {
        poolSize: config.databasePoolSize,
        preparedStatements: config.databasePreparedStatements,
        maxLagMs: config.databaseReadMaxLagMs ?? 2000,
        afterWriteMs: config.databaseReadAfterWriteMs ?? 5000,
      })
    : undefined;
  // The jobs, the seed and every write keep the primary; only handlers of readReplica routes move.
  const db = replicas ? replicas.routed() : database.db;
  const testClock =
    config.clock === 'test' ? await TestClock.open(db, opts.testClockStart?.getTime()) : undefined;
  const clock: Clock = testClock ?? new SystemClock();
  const scheduler = new Scheduler(db, clock, undefined, {
    shardRows: database.kind === 'postgres' ? (config.jobShardRows ?? 0) : 0,
    // A clock advance's stop spans a day of clock (one transaction, quiet hours batched); on PGlite,
    // whose one connection answers nothing else during a transaction, it also ends once it has run
    // pgliteAdvanceHoldMs of wall time, so a health or user call waits for about that at most.
    stopSpanMs: database.kind === 'postgres' || (config.pgliteAdvanceHoldMs ?? 250) > 0 ? 86_400_000 : 0,
    stopSpanWallMs: database.kind === 'postgres' ? 0 : (config.pgliteAdvanceHoldMs ?? 250),
  });
  // New inbox items wake this instance's open streams, whichever instance wrote them.
  const inboxWakeup = new InboxWakeup();
  const stopListening = database.listen?.(INBOX_CHANNEL, inboxWakeup);
  // Sessions are kept for a few seconds while this instance hears of their changes (session-cache.ts).
  const stopSessions = database.listen?.(SESSIONS_CHANNEL, sessionCacheOf(db));
  const modules = opts.modules ?? earnModules;
  const deps: AppDeps = {
    db,
    clock,
    testClock,
    scheduler,
    config,
    replicas,
    mailer: opts.mailer ?? outboxSecurityMailer,
    inboxWakeup,
    reads: readsOf(modules),
    rollups: rollupsOf(modules),
  };
  for (const job of coreJobs(deps)) scheduler.register(job);
  for (const m of modules) for (const job of m.jobs?.(deps) ?? []) scheduler.register(job);
  if (config.seedDemo) await seedDemo(db, clock.now(), modules);
  const app = await buildApp(deps, modules, {
    logger: opts.logger,
    observeSerializers: opts.observeSerializers,
  });
  // A failing job pass is otherwise silent: the timer swallows it to try again next tick.
  scheduler.useLogger(app.log.child({ component: 'scheduler' }));
  log = (line, error) => app.log.warn({ err: error }, line);
  if (opts.startJobs) scheduler.start(config.jobIntervalMs);
  // Without SMTP_URL mail stays in the outbox; with it, every instance sends (SKIP LOCKED keeps them apart).
  const mailSender =
    opts.startJobs && config.smtpUrl
      ? new MailSender(
          db,
          clock,
          smtpTransport(config.smtpUrl),
          config.mailFrom ?? 'Earn <no-reply@earn.local>',
          app.log,
        )
      : undefined;
  mailSender?.start(config.jobIntervalMs);
  return {
    app,
    deps,
    database,
    /**
     * Stops taking requests and lets those in flight finish, stops periodic work between periods and a
     * running clock advance between its chunks, then closes the database.
     */
    async close() {
      await stopClockAdvances(deps);
      await Promise.all([
        app.close().then(() => app.log.debug('requests in flight done')),
        scheduler.stop().then(() => app.log.debug('scheduler stopped')),
        mailSender?.stop(),
      ]);
      await stopListening?.();
      await stopSessions?.();
      await replicas?.close();
      await database.close();
      app.log.debug('database closed');
    },
  };
}
