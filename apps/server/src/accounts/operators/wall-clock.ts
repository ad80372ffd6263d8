import { wallTime } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';

/**
 * The time operator accounts live by: sign-in windows, idle and absolute session ends, the lock
 * after wrong codes, and TOTP steps. It is the wall clock, not the business Clock: with
 * EARN_CLOCK=test an operator moves the business clock by days, and that must neither sign them out
 * nor put their authenticator's codes out of step. Tests inject their own to drive the windows.
 */
export interface WallClock {
  now(): Date;
}

declare module '../../kernel/deps' {
  interface AppDeps {
    /** Absent in production: the machine's time. */
    operatorWallClock?: WallClock;
  }
}

const SYSTEM_WALL: WallClock = { now: wallTime };

export function operatorWallClock(deps: AppDeps): WallClock {
  return deps.operatorWallClock ?? SYSTEM_WALL;
}
