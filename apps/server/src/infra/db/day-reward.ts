import { dec } from '@earn/domain';
import { type SQL, sql } from 'drizzle-orm';

const DAY_MS = 86_400_000;

/** The start of the UTC day holding `now`, as an ISO instant. */
export const dayStartOf = (now: Date): string =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();

const num = (v: string) => sql.raw(`${dec(v).toFixed()}::numeric`);

/**
 * A day's gross reward of one holding at `ratePercent` (percent a year), by the daily jobs' own rule
 * (earn_day_reward, migration 0043): floor(amount × rate / 36500) at 18 decimals.
 */
export const dayGross = (amount: string, ratePercent: string): SQL =>
  sql`earn_day_reward(${sql.raw(amount)}, ${num(ratePercent)})`;
