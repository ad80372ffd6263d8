import { wallTime } from '../infra/jobs/clock';
import type { AppDeps } from '../kernel/deps';

/**
 * The time users' TOTP codes are checked at: the wall clock, as for operators, not the business
 * Clock. With EARN_CLOCK=test an operator moves the business clock by days, and a phone's
 * authenticator must still match. Tests inject their own to step through codes.
 */
export interface TotpClock {
  now(): Date;
}

declare module '../kernel/deps' {
  interface AppDeps {
    /** Absent in production: the machine's time. */
    userTotpClock?: TotpClock;
  }
}

export function userTotpClock(deps: AppDeps): TotpClock {
  return deps.userTotpClock ?? { now: wallTime };
}
