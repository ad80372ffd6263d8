import { assetSymbol, pageQuery } from '@earn/domain';
import { z } from 'zod';
import { unixSeconds } from '../../../infra/jobs/clock';
import {
  getEarnSoftStakingPayoutHistoryResponse,
  getEarnSoftStakingProductsResponse,
  getEarnSoftStakingStatusResponse,
  postEarnSoftStakingSwitchResponse,
} from './responses';

export const BASE = '/apiw/v2/earn/soft-staking';
export const tags = ['soft-staking'];
export const secs = (d: Date | null | undefined) => (d ? unixSeconds(d) : null);

export const switchOnOffSchema = {
  response: { 200: postEarnSoftStakingSwitchResponse },
  tags,
  summary: 'Turn soft staking on or off (JSON {status: boolean}); answers code 0 and the switch state',
  description:
    'Turning on accepts the soft-staking agreement (the client requires its terms checkbox). While on, each listed ' +
    "coin's own spot funds (spot less loans) earn a daily payout at the coin's rate: a UTC day earns if the switch " +
    "was on all day, on the lower of the day's opening snapshot and closing balance, from min_amount and up to " +
    'max_amount. No lock: the coins stay in spot. Turning off stops the current day; turning on again starts at ' +
    'the next full day. Repeating the current state changes nothing.',
  body: z.object({ status: z.boolean() }),
};

export const statusSchema = {
  response: { 200: getEarnSoftStakingStatusResponse },
  tags,
  summary: "The user's switch, when it was turned on, and total and yesterday's payouts per coin",
};

export const productsSchema = {
  response: { 200: getEarnSoftStakingProductsResponse },
  tags,
  summary:
    "Coins that earn soft-staking payouts, with the user's eligible balance and estimated daily payout when signed in",
};

export const payoutHistorySchema = {
  response: { 200: getEarnSoftStakingPayoutHistoryResponse },
  tags,
  summary: 'Daily payouts, newest first (time: when paid; day: the UTC day earned); optionally of one coin',
  querystring: z.object({ coin: assetSymbol.optional(), ...pageQuery }),
};
