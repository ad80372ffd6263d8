import { LaunchPoolKey, type PoolRuleFailure, type PoolVipConfig } from '@earn/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { UserRow } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { launchpoolOrders } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import type { PoolRow } from '../model';

const DAY_MS = 86_400_000;

/** The user's compliance menu hides lend-earn, and with it auto-earn (launch-pool.md section 6). */
export function lendEarnHidden(user: UserRow): boolean {
  return user.complianceMenu.includes('lend_earn');
}

export function fail(failure: PoolRuleFailure, coin: string): never {
  switch (failure.key) {
    case LaunchPoolKey.inadequateBalance:
      throw errors.insufficientBalance(coin);
    case LaunchPoolKey.precision:
      throw errors.invalidParams(
        `Amount has more than ${failure.params.precision} decimals`,
        failure.params,
        failure.key,
      );
    case LaunchPoolKey.stakeMin:
      throw errors.rule(failure.key, `The minimum stake is ${failure.params.amount} ${coin}`, failure.params);
    case LaunchPoolKey.stakeMax:
      throw errors.rule(
        failure.key,
        `You can stake at most ${failure.params.amount} ${coin} in this pool`,
        failure.params,
      );
    case LaunchPoolKey.redeemCurrentMax:
      throw errors.rule(
        failure.key,
        `You can redeem at most ${failure.params.amount} ${coin}`,
        failure.params,
      );
    case LaunchPoolKey.redeemMinimum:
      throw errors.rule(
        failure.key,
        `The smallest amount to redeem is ${failure.params.amount} ${coin}`,
        failure.params,
      );
    case LaunchPoolKey.poolLeft:
      throw errors.rule(
        failure.key,
        `Only ${failure.params.amount} ${coin} is left in this pool`,
        failure.params,
      );
    default:
      throw errors.rule(failure.key, 'Refused', failure.params);
  }
}

/**
 * New user for a pool with limit_rule N > 0: an account opened within the last N days that has not
 * staked in another project's pool.
 */
async function isNewUser(db: Db, user: UserRow, pool: PoolRow, now: Date): Promise<boolean> {
  if (now.getTime() - user.createdAt.getTime() > pool.limitRule * DAY_MS) return false;
  const [other] = await db
    .select({ id: launchpoolOrders.id })
    .from(launchpoolOrders)
    .where(
      and(
        eq(launchpoolOrders.userId, user.id),
        eq(launchpoolOrders.kind, 'stake'),
        ne(launchpoolOrders.pid, pool.pid),
      ),
    )
    .limit(1);
  return !other;
}

/** The eligibility checks of check-pool-rule, also enforced by create-order. */
export async function checkPoolRule(db: Db, user: UserRow, pool: PoolRow, now: Date) {
  const vip = pool.vipConfig as PoolVipConfig | null;
  if (vip?.vip_only && user.vipTier < vip.min_vip) {
    throw errors.rule(LaunchPoolKey.vipOnly, `This pool is for VIP ${vip.min_vip} and above`, {
      vip: String(vip.min_vip),
    });
  }
  if (pool.limitRule > 0 && !(await isNewUser(db, user, pool, now))) {
    throw errors.rule(
      LaunchPoolKey.newUserOnly,
      `This pool is for new users only: accounts opened within ${pool.limitRule} days that have not joined another launch pool`,
      { days: String(pool.limitRule) },
    );
  }
  return { pass: 1, rid: pool.rid, limit_rule: pool.limitRule, is_new_user: pool.limitRule > 0 ? 1 : 0 };
}
