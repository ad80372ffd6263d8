import {
  type Decimal,
  dec,
  type PoolTransactionTier,
  type PoolVipConfig,
  RewardPoolType,
} from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { launchpoolPoolCoins, launchpoolPools, launchpoolProjects } from '../../../infra/db/schema';
import { type I18nTexts, storedI18n } from '../../../infra/http/texts';
import { errors } from '../../../kernel/errors';
import { systemAccount } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { requireAsset } from '../../../market/assets';
import {
  LaunchPoolReason,
  type PoolCoinRow,
  type PoolRow,
  PROJECT_PURPOSE,
  type ProjectRow,
  rewardPoolPurpose,
} from '../model';
import { hoursOf, type SimpleEarnConfig } from '../store/projects';

export interface PoolInput {
  coin: string;
  personal_min_amount: string;
  personal_max_amount: string;
  decimal_place: number;
  /** null: no total limit (-1 on the wire). */
  buy_total_amount: string | null;
  reward_per_hour: string;
  rate_year: string;
  rate_year_type: number;
  reward_pool_type: number;
  vip_config: PoolVipConfig | null;
  simple_earn: SimpleEarnConfig | null;
  transaction_config: PoolTransactionTier[];
  limit_rule: number;
  /** Multi mining only: the coins paid beside the project's token, each with its own reward per hour. */
  reward_coins?: PoolCoinInput[];
}

export interface PoolCoinInput {
  coin: string;
  reward_per_hour: string;
  /** Percent, for display. */
  rate_year: string;
}

export interface ProjectInput {
  reward_coin: string;
  name: string;
  icon: string;
  start_timest: number;
  end_timest: number;
  pools: PoolInput[];
  /** The project's texts in other languages (http/texts.ts). */
  i18n?: I18nTexts;
}

/**
 * Adds a pool (to a project that may already have ended: the demo and back-fills create those) and funds its reward account with the whole reward of the project's run
 * (reward_per_hour x hours) from the project's account, so every hour's payout is covered.
 */
export async function addPool(tx: Db, project: ProjectRow, input: PoolInput, now: Date): Promise<PoolRow> {
  await requireAsset(tx, input.coin);
  if (dec(input.personal_min_amount).gt(input.personal_max_amount)) {
    throw errors.invalidParams('personal_min_amount is above personal_max_amount');
  }
  const coins = input.reward_coins ?? [];
  if (input.reward_pool_type === RewardPoolType.multiMining && coins.length === 0) {
    throw errors.invalidParams(
      'A multi-mining pool pays at least one reward coin beside the project token (reward_coins)',
    );
  }
  if (input.reward_pool_type !== RewardPoolType.multiMining && coins.length > 0) {
    throw errors.invalidParams('reward_coins are for multi-mining pools (reward_pool_type 1) only');
  }
  const [pool] = await tx
    .insert(launchpoolPools)
    .values({
      pid: project.pid,
      coin: input.coin,
      personalMinAmount: input.personal_min_amount,
      personalMaxAmount: input.personal_max_amount,
      decimalPlace: input.decimal_place,
      totalAmount: input.buy_total_amount,
      leftAmount: input.buy_total_amount,
      rewardPerHour: input.reward_per_hour,
      rateYear: input.rate_year,
      rateYearType: input.rate_year_type,
      rewardPoolType: input.reward_pool_type,
      vipConfig: input.vip_config,
      simpleEarn: input.simple_earn,
      transactionConfig: input.transaction_config,
      limitRule: input.limit_rule,
      accUpdatedAt: now,
      createdAt: now,
    })
    .returning();
  if (!pool) throw new Error('pool not inserted');
  for (const [i, coin] of coins.entries()) await insertPoolCoin(tx, project, pool, coin, i, now);
  await fundPoolReward(
    tx,
    project,
    pool.rid,
    project.rewardCoin,
    input.reward_per_hour,
    String(pool.rid),
    now,
  );
  return pool;
}

/** Moves a coin's whole reward for the project's run (per hour x hours) from the project into the pool. */
export async function fundPoolReward(
  tx: Db,
  project: ProjectRow,
  rid: number,
  coin: string,
  perHour: Decimal.Value,
  ref: string,
  now: Date,
): Promise<void> {
  const total = dec(perHour).times(hoursOf(project));
  if (total.lte(0)) return;
  await transfer(tx, {
    from: systemAccount(coin, PROJECT_PURPOSE),
    to: systemAccount(coin, rewardPoolPurpose(rid)),
    amount: total,
    reason: LaunchPoolReason.fund,
    ref,
    at: now,
  });
}

/**
 * Adds a further reward coin to a multi-mining pool and funds it with reward_per_hour x the project's
 * hours from the project's account of that coin (what the hours before it was added do not pay goes
 * back at the end). Its accumulator starts at 0 from here: the pool's accumulators are brought up to
 * `now` first, so the coin pays only for the seconds after it was added.
 */
export async function insertPoolCoin(
  tx: Db,
  project: ProjectRow,
  pool: PoolRow,
  input: PoolCoinInput,
  sort: number,
  now: Date,
): Promise<PoolCoinRow> {
  await requireAsset(tx, input.coin);
  if (input.coin === project.rewardCoin) {
    throw errors.invalidParams(
      `${input.coin} is the project's token, which every pool pays through reward_per_hour`,
    );
  }
  const [taken] = await tx
    .select({ coin: launchpoolPoolCoins.coin })
    .from(launchpoolPoolCoins)
    .where(and(eq(launchpoolPoolCoins.rid, pool.rid), eq(launchpoolPoolCoins.coin, input.coin)));
  if (taken) throw errors.conflict(`The pool already pays ${input.coin}`);
  const [row] = await tx
    .insert(launchpoolPoolCoins)
    .values({
      rid: pool.rid,
      coin: input.coin,
      rewardPerHour: input.reward_per_hour,
      rateYear: input.rate_year,
      sort,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('pool coin not inserted');
  await fundPoolReward(
    tx,
    project,
    pool.rid,
    input.coin,
    input.reward_per_hour,
    `${pool.rid}:${input.coin}`,
    now,
  );
  return row;
}

export async function createProject(
  tx: Db,
  input: ProjectInput,
  now: Date,
): Promise<{ project: ProjectRow; pools: PoolRow[] }> {
  await requireAsset(tx, input.reward_coin);
  if (input.start_timest % 3600 !== 0 || input.end_timest % 3600 !== 0) {
    throw errors.invalidParams(
      'start_timest and end_timest must be whole hours (rewards are paid by the hour)',
    );
  }
  if (input.end_timest <= input.start_timest)
    throw errors.invalidParams('end_timest must be after start_timest');
  const [project] = await tx
    .insert(launchpoolProjects)
    .values({
      rewardCoin: input.reward_coin,
      name: input.name,
      i18n: storedI18n(input.i18n),
      icon: input.icon,
      startAt: new Date(input.start_timest * 1000),
      endAt: new Date(input.end_timest * 1000),
      createdAt: now,
    })
    .returning();
  if (!project) throw new Error('project not inserted');
  const pools: PoolRow[] = [];
  for (const p of input.pools) pools.push(await addPool(tx, project, p, now));
  return { project, pools };
}
