import { z } from 'zod';
import { decimalString } from '../../infra/http/openapi';

/** Every console route is an operator route of the console. */
export const tags = ['operator', 'console'];

/** A timestamptz as unix seconds (infra/db/epoch.ts: the lines' reads use it too). */
export { epoch } from '../../infra/db/epoch';

export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/** An amount on the wire: a plain decimal string. */
export const amount = decimalString;

/** A page of a keyset-paged list: pass `next_cursor` back as `cursor`; null on the last page. */
export const pageLimit = z.coerce.number().int().min(1).max(200).default(50);
export const cursor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** `:user` of a path: an id or an email, as `GET /admin/api/users/:user` takes it. */
export const userParam = z.object({ user: z.string().trim().min(1).max(254) });
