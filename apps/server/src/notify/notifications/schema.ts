import { intChoice } from '@earn/domain';
import { z } from 'zod';
import { envelope } from '../../infra/http/envelope';

const tags = ['notifications'];

/** CandyDrop task-square status: 1 subscribed, 2 not subscribed. */
export const CANDYDROP_SUBSCRIBED = 1;
export const CANDYDROP_UNSUBSCRIBED = 2;
/** The herald switch key of launch-pool (startup mining) announcements. */
export const STARTUP_MINING_SWITCH = 'startup_mining_switch';
const stringOrNumber01 = z
  .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
  .transform((v) => Number(v));

/** GET /api/web/v1/task-square/global-subscribe-status */
export const globalSubscribeStatusSchema = {
  tags,
  summary: 'CandyDrop subscription: global_subscribe_status 1 subscribed, 2 not subscribed (the default)',
  response: { 200: envelope(z.object({ global_subscribe_status: z.number() })) },
};

/** POST /api/web/v1/task-square/subscribe-msg */
export const subscribeMessagesSchema = {
  tags,
  summary:
    'Subscribe to (status 1) or unsubscribe from (status 2) CandyDrop messages; aid -1 means every activity',
  description:
    'Form or JSON {aid, status}. Only aid -1 (all CandyDrop activities) is kept; per-activity subscriptions are not offered.',
  body: z.object({
    aid: intChoice([-1]),
    status: intChoice([CANDYDROP_SUBSCRIBED, CANDYDROP_UNSUBSCRIBED]),
  }),
  response: { 200: envelope(z.object({ global_subscribe_status: z.number() })) },
};

/** GET /apiw/v2/herald/category/switch */
export const heraldSwitchSchema = {
  tags,
  summary: "The user's notification switches (herald)",
  description:
    'items: one per switch, msg_switch its key (startup_mining_switch: launch-pool announcements) and switch_status 0 off / 1 on (off by default).',
  response: {
    200: envelope(
      z.object({
        items: z.array(z.object({ msg_switch: z.string(), switch_status: z.number(), name: z.string() })),
      }),
    ),
  },
};

/** POST /apiw/v2/herald/switches */
export const heraldSwitchesSchema = {
  tags,
  summary: 'Set herald switches: JSON {sets: {startup_mining_switch: 0|1}}',
  body: z.object({
    sets: z.object({ [STARTUP_MINING_SWITCH]: z.union([z.literal(0), z.literal(1)]) }).strict(),
  }),
  response: { 200: envelope(z.object({ sets: z.object({ [STARTUP_MINING_SWITCH]: z.number() }) })) },
};

/** POST /apiw/v2/earn/hodler-airdrop/config */
export const hodlerConfigSchema = {
  tags,
  summary:
    'HODLer Airdrop settings (action=config): hodler_notify and hodler_gt_exchange, 0 or 1 (off by default)',
  body: z.object({ action: z.literal('config') }),
  response: { 200: envelope(z.object({ hodler_notify: z.number(), hodler_gt_exchange: z.number() })) },
};

/** POST /apiw/v2/earn/hodler-airdrop/config_set */
export const setHodlerConfigSchema = {
  tags,
  summary:
    'Set a HODLer Airdrop setting: form {name: HODLER_AIRDROP_NOTIFY | HODLER_AIRDROP_GT_EXCHANGE, value: "1" | "0"}',
  body: z.object({
    name: z.enum(['HODLER_AIRDROP_NOTIFY', 'HODLER_AIRDROP_GT_EXCHANGE']),
    value: stringOrNumber01,
  }),
  response: { 200: envelope(z.object({ hodler_notify: z.number(), hodler_gt_exchange: z.number() })) },
};
