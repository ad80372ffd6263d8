import { assetSymbol, unixTime } from '@earn/domain';
import { z } from 'zod';
import { editSchema } from '../../../accounts/operators/patch';
import { confirmRate } from '../../../accounts/operators/rate-guard';
import { envelope } from '../../../infra/http/envelope';
import { i18nInput, variantText } from '../../../infra/http/texts';
import { earnMoreFields, editablePool, poolBody, rewardCoin, rewardCoinShape } from './catalogue';
import {
  getAdminLaunchPoolProjectsResponse,
  postAdminLaunchPoolEarnMoreResponse,
  postAdminLaunchPoolPoolsByRidRewardCoinsResponse,
  postAdminLaunchPoolProjectsByPidPoolsResponse,
  postAdminLaunchPoolProjectsResponse,
  putAdminLaunchPoolEarnMoreByIdResponse,
  putAdminLaunchPoolPoolsByRidResponse,
  putAdminLaunchPoolPoolsByRidRewardCoinsByCoinResponse,
} from './responses';

export const idParam = (name: string) => z.object({ [name]: z.coerce.number().int().positive() });

const tags = ['operator', 'launch-pool'];

export const GUARD =
  "Every rate (rate_year, simple_earn rates, reward coins' rate_year; percents) above the ceiling in the operator settings, " +
  'or above 3 times the current one, needs confirm_rate: true (422 42230 operator.rate.confirm without it).';

export const newProjectSchema = {
  response: { 200: postAdminLaunchPoolProjectsResponse },
  tags,
  summary: 'Create a project with its reward pools',
  description:
    'start_timest and end_timest are unix seconds on whole hours. Each pool is funded at once with reward_per_hour x ' +
    'the project hours, from the project account (system purpose launchpool_project) into the pool reward account ' +
    '(launchpool_rewards:<rid>). buy_total_amount "-1" means no total limit. rate_year is a percent, for display. ' +
    'A multi-mining pool (reward_pool_type 1) also pays reward_coins [{coin, reward_per_hour, rate_year}] (at least ' +
    "one, none the project's coin, none twice), each funded the same way from the project account of that coin and " +
    'shared through its own reward-per-token accumulator; a lock pool has none. In a multi-mining pool rate_year is ' +
    "the project coin's part: the pool's rate_year on the wire is the sum of every coin's. " +
    GUARD,
  body: z.object({
    reward_coin: assetSymbol,
    name: z.string().min(1).max(120),
    icon: z.string().max(500).default(''),
    start_timest: unixTime(),
    end_timest: unixTime(),
    pools: z.array(poolBody).min(1).max(20),
    i18n: i18nInput({ name: variantText(120) }).optional(),
    ...confirmRate,
  }),
};

export const listProjectsSchema = {
  response: { 200: getAdminLaunchPoolProjectsResponse },
  tags,
  summary: 'Every project with its pools, newest first',
};

export const newPoolSchema = {
  response: { 200: postAdminLaunchPoolProjectsByPidPoolsResponse },
  tags,
  summary: 'Add a reward pool to a project (funded like the others)',
  description: GUARD,
  params: idParam('pid'),
  body: poolBody.extend(confirmRate),
};

export const editPoolSchema = {
  response: { 200: putAdminLaunchPoolPoolsByRidResponse },
  tags,
  summary: "Edit a pool's limits and display fields",
  description:
    'Any pool field except coin, reward_per_hour and reward_coins (the reward is funded at creation; further coins have ' +
    'their own calls); only the fields named change. vip_config and simple_earn may be null (none); sent, they and ' +
    'transaction_config are replaced whole. A total below what is already staked is refused (409); a pool with ' +
    'further reward coins stays multi mining (409); the pool after the edit must be valid as a whole (400). ' +
    GUARD,
  params: idParam('rid'),
  body: editSchema(editablePool).extend(confirmRate),
};

export const addRewardCoinSchema = {
  response: { 200: postAdminLaunchPoolPoolsByRidRewardCoinsResponse },
  tags,
  summary: 'Add a reward coin to a multi-mining pool',
  description:
    "{coin, reward_per_hour, rate_year}. Funded with reward_per_hour x the project's hours from the project account " +
    'of that coin (what the hours before it was added do not pay goes back when the project ends); it pays from now, ' +
    'through its own accumulator. Refused (409) for a lock pool, an ended project or a coin the pool already pays; ' +
    "the project's own coin is refused (400). " +
    GUARD,
  params: idParam('rid'),
  body: rewardCoin.extend(confirmRate),
};

export const editRewardCoinSchema = {
  response: { 200: putAdminLaunchPoolPoolsByRidRewardCoinsByCoinResponse },
  tags,
  summary: "Edit a multi-mining pool's reward coin",
  description: `rate_year (percent, for display). The reward per hour was funded when the coin was added. ${GUARD}`,
  params: z.object({ rid: z.coerce.number().int().positive(), coin: assetSymbol }),
  body: editSchema({ rate_year: rewardCoinShape.rate_year }).extend(confirmRate),
};

export const addEarnMoreSchema = {
  response: { 200: postAdminLaunchPoolEarnMoreResponse },
  tags,
  summary: "Add a CandyDrop 'want more' card for a coin",
  body: z.object(earnMoreFields),
};

export const listEarnMoreSchema = {
  tags,
  operationId: 'listLaunchPoolEarnMoreCards',
  summary: "Every CandyDrop 'want more' card, hidden ones included, newest first",
  querystring: z.object({ coin: assetSymbol.optional() }),
  response: {
    200: envelope(
      z.object({
        list: z.array(
          z.object({
            id: z.number(),
            coin: z.string(),
            type: z.string(),
            popup_msg: z.string(),
            popup_high_light: z.array(z.string()),
            url: z.string(),
            enabled: z.boolean(),
            created_at: z.number(),
          }),
        ),
        total: z.number(),
      }),
    ),
  },
};

export const editEarnMoreSchema = {
  response: { 200: putAdminLaunchPoolEarnMoreByIdResponse },
  tags,
  summary: 'Edit a CandyDrop card: show or hide it (enabled), or change its text and link',
  description: 'Only the fields named change.',
  params: idParam('id'),
  body: editSchema({ ...earnMoreFields, enabled: z.boolean() }),
};
