/**
 * Compiled by `npm run typecheck`, never run: pins what the screens rely on in the API document
 * (schema.d.ts, generated from the server's zod response schemas). A server schema change that moves
 * one of these fields (renamed, dropped, a decimal string turned number, an enum widened to any
 * string) fails the typecheck here, and in the screens that read it.
 */
import type { Dashboard, LaunchProject, UserDetail } from '../features/admin/api/types';
import type { DerivedApr, PoolStat, Project, RewardPool, StakeBody } from '../features/launch-pool/api';
import { getData } from './typed';
import type { ApiData, ApiItem } from './types';

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
