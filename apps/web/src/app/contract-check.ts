/**
 * Compiled by `npm run typecheck`, never run: pins what the screens rely on in the API document
 * (schema.d.ts, generated from the server's zod response schemas). A server schema change that moves
 * one of these fields (renamed, dropped, a decimal string turned number, an enum widened to any
 * string) fails the typecheck here, and in the screens that read it.
 */

import { callApi, getData } from '../api/typed';
import type { ApiBody, ApiData, ApiItem } from '../api/types';
import { useApiAction } from '../api/useApiAction';
import { adminGet, adminSend } from '../features/admin/api/http';
import type { Dashboard, LaunchProject, UserDetail } from '../features/admin/api/types';
import type { SpecsFor } from '../features/admin/forms/fields';
import type { DerivedApr, PoolStat, Project, RewardPool, StakeBody } from '../features/launch-pool/api/index';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type LaunchPoolChecks = [
  // The pool list is a page of projects, each with its pools.
  Expect<Equal<ApiItem<'/apiw/v2/earn/launch-pool/projects'>, Project>>,
  Expect<Equal<ApiData<'/apiw/v2/earn/launch-pool/projects'>['total'], number>>,
  Expect<Equal<Project['state'], number>>,
  // Money and rates are decimal strings on the wire.
  Expect<Equal<RewardPool['rate_year'], string>>,
  Expect<Equal<RewardPool['left_buy_total_amount'], string>>,
  Expect<Equal<RewardPool['reward_coins'][number]['reward_per_hour'], string>>,
  Expect<Equal<DerivedApr['rate_year'], string | null>>,
  Expect<Equal<DerivedApr['missing'], 'no_price' | 'no_stake' | 'ended' | null>>,
  // Signed out, a pool has no user part; the stake dialog reads the quota from it.
  Expect<Equal<NonNullable<RewardPool['user']>['remaining_quota'], string>>,
  Expect<Equal<null extends RewardPool['user'] ? true : false, true>>,
  Expect<Equal<PoolStat['rewards'][number]['lastHourRewardAmount'], string>>,
];

export type ConsoleChecks = [
  Expect<Equal<Dashboard['lines'][number]['total_usdt'], string>>,
  Expect<Equal<Dashboard['reconciliation']['ok'], boolean | null>>,
  Expect<Equal<Dashboard['jobs'][number]['lag_seconds'], number | null>>,
  Expect<Equal<UserDetail['balances'][number], { asset: string; purpose: string; balance: string }>>,
  Expect<Equal<LaunchProject['settled_timest'], number | null>>,
  Expect<Equal<ApiData<'/admin/api/clock'>['kind'], 'system' | 'test'>>,
];

/** Reads are checked against the document's paths, path parameters and query. */
export function pathChecks(signal: AbortSignal) {
  return [
    getData('/admin/api/users/{user}', { params: { user: 'u@example.com' }, signal }),
    // @ts-expect-error a path the document does not declare
    getData('/admin/api/no-such-route', { signal }),
    // @ts-expect-error a path parameter the path needs is missing
    getData('/admin/api/users/{user}', { signal }),
    // @ts-expect-error a query parameter the operation does not declare
    getData('/apiw/v2/earn/launch-pool/projects', { query: { status: 1 }, signal }),
    // @ts-expect-error a query parameter of the wrong type
    getData('/apiw/v2/earn/launch-pool/project-info', { query: { projectId: 'one' }, signal }),
  ];
}

/** Request bodies the document declares: a stake needs its pool and amount, the amount a string. */
export function bodyChecks(): StakeBody[] {
  return [
    { pid: 1, rid: 11, amount: '10', simpleEarnStatus: 0 },
    // @ts-expect-error create-order needs the amount
    { pid: 1, rid: 11 },
    // @ts-expect-error amounts are decimal strings
    { pid: 1, rid: 11, amount: 10 },
  ];
}

const ORDER = '/apiw/v2/earn/launch-pool/create-order';

/** Writes are checked too: the body is the operation's, through callApi, useApiAction and the console. */
export function useWriteChecks() {
  const stake = useApiAction({ name: 'check', path: ORDER });
  return [
    callApi('post', ORDER, { body: { pid: 1, rid: 11, amount: '10', simpleEarnStatus: 0 } }),
    // @ts-expect-error amounts are decimal strings
    callApi('post', ORDER, { body: { pid: 1, rid: 11, amount: 10 } }),
    // @ts-expect-error create-order needs the amount
    callApi('post', ORDER, { body: { pid: 1, rid: 11 } }),
    // @ts-expect-error a write the document does not declare for the path
    callApi('delete', ORDER),
    stake.run({ pid: 1, rid: 11, amount: '10' }),
    // @ts-expect-error amounts are decimal strings
    stake.run({ pid: 1, rid: 11, amount: 10 }),
    // @ts-expect-error create-order needs the amount
    stake.run({ pid: 1, rid: 11 }),
  ];
}

/** The console's calls: a document path under /admin/api, its method, path parameters and body. */
export function consoleChecks(signal: AbortSignal) {
  return [
    adminSend('post', '/admin/api/clock/advances', { body: { seconds: 3600 } }),
    adminSend('put', '/admin/api/users/{user}', { params: { user: 7 }, body: { vip_tier: 2 } }),
    adminGet('/admin/api/users/{user}', { params: { user: 7 }, signal }),
    // @ts-expect-error the advance's seconds are a number
    adminSend('post', '/admin/api/clock/advances', { body: { seconds: '3600' } }),
    // @ts-expect-error the advance needs its seconds
    adminSend('post', '/admin/api/clock/advances', { body: {} }),
    // @ts-expect-error a path the document does not declare
    adminSend('post', '/admin/api/no-such-route', { body: {} }),
    // @ts-expect-error the console's paths are the document's, prefix included
    adminSend('post', '/clock/advances', { body: { seconds: 3600 } }),
    // @ts-expect-error a method the document does not declare for the path
    adminSend('delete', '/admin/api/clock/advances'),
    // @ts-expect-error the user path needs its parameter
    adminSend('put', '/admin/api/users/{user}', { body: { vip_tier: 2 } }),
    // @ts-expect-error a user's VIP tier is a number
    adminSend('put', '/admin/api/users/{user}', { params: { user: 7 }, body: { vip_tier: '2' } }),
    // @ts-expect-error a path the document does not declare
    adminGet('/admin/api/no-such-route', { signal }),
    // @ts-expect-error a user path outside the console
    adminGet('/apiw/v2/earn/launch-pool/projects', { signal }),
  ];
}

/** The console answers the operation's data, not a type the caller names. */
export type ConsoleAnswerChecks = [
  Expect<
    Equal<
      Awaited<ReturnType<typeof adminSend<'post', '/admin/api/clock/advances'>>>,
      ApiData<'/admin/api/clock/advances', 'post'>
    >
  >,
];

/** A console form's field keys are its body's field names (dotted for a nested object's field). */
export const formFieldChecks: SpecsFor<ApiBody<'/admin/api/prices/{asset}', 'put'>>[] = [
  [{ key: 'usdt', label: 'admin.f.price', kind: 'decimal' }],
  // @ts-expect-error a field the body does not name
  [{ key: 'usd', label: 'admin.f.price', kind: 'decimal' }],
];
