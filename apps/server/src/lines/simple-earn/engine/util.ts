import { dec } from '@earn/domain';
import { sql } from '../../../infra/db/client';

/**
 * Small SQL helpers of the simple-earn jobs.
 */

export const iso = (d: Date) => d.toISOString();
export const num = (v: string) => sql.raw(`${dec(v).toFixed()}::numeric`);
