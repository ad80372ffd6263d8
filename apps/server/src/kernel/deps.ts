import type { SecurityMailer } from '../accounts/fundpass-reset';
import type { Config } from '../config';
import type { Db } from '../infra/db/client';
import type { ReadReplicas } from '../infra/db/replicas';
import type { Clock, TestClock } from '../infra/jobs/clock';
import type { Scheduler } from '../infra/jobs/scheduler';
import type { InboxWakeup } from '../notify/inbox/wakeup';

/** What every route module is given. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  /** Present when EARN_CLOCK=test. */
  testClock?: TestClock;
  scheduler: Scheduler;
  config: Config;
  /** Present with DATABASE_READ_URL; `db` then routes marked readReplica to them. */
  replicas?: ReadReplicas;
  /** Sends the security mails (the funding-password reset code); absent: logged as not sent. */
  mailer?: SecurityMailer;
  /** Wakes open notification streams when PostgreSQL announces new items; absent: streams poll. */
  inboxWakeup?: InboxWakeup;
}

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
