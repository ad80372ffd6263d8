import {
  assetSymbol,
  LaunchPoolKey,
  POOL_HISTORY_LIMIT_DAYS,
  POOL_HISTORY_MAX_SPAN_SECONDS,
  pageQuery,
  positiveAmount,
  toWire,
} from '@earn/domain';
import { and, asc, count, desc, eq, gt, gte, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../../accounts/idempotency';
import { getUser } from '../../accounts/users';
import {
  launchpoolEarnMore,
  launchpoolOrders,
  launchpoolPools,
  launchpoolPositions,
  launchpoolProjects,
  launchpoolRewards,
} from '../../infra/db/schema';
import { currentUser, optionalUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import { localized, requestLanguage } from '../../infra/http/texts';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import type { Destination } from './auto-earn';
import { loadPoolMarket, poolCoinsOf } from './live';
import {
  coinsOf,
  findPool,
  findProject,
  inLanguage,
  listProjects,
  poolsOf,
  positionCoinsOf,
  positionsOf,
  projectWire,
  stateOf,
  type UserContext,
  userProjectStatistics,
} from './queries';
import {
  getEarnLaunchPoolMyRewardsResponse,
  getEarnLaunchPoolMyStakesResponse,
  getEarnLaunchPoolOrdersResponse,
  getEarnLaunchPoolProjectInfoResponse,
  getEarnLaunchPoolProjectsResponse,
  getEarnLaunchPoolUserProjectStatisticsResponse,
  postEarnLaunchPoolCreateOrderResponse,
  postEarnLaunchPoolRedeemResponse,
} from './responses';
import { checkPoolRule, redeem, stake } from './service';

const BASE = '/apiw/v2/earn/launch-pool';
export const DEVICE_TOKEN_HEADER = 'device-token';
const tags = ['launch-pool'];
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const flag01 = z.coerce.number().int().min(0).max(1);
const poolRef = { pid: id, rid: id };
const fundpassField = {
  fundpass: z.string().max(128).optional(),
  fund_password: z.string().max(128).optional(),
};

const DERIVED_DOC =
  'rate_year is the yearly rate the operator set, for display. derived_apr is the APR derived live: per reward coin ' +
  'reward_per_hour × price × 8760 ÷ (staked_total × stake_price), summed for a multi-mining pool; rate_year in percent with ' +
  'its inputs {staked_total, stake_price, coins [{coin, reward_per_hour, price, rate_year}]}, or null with missing ' +
  "'no_price' (missing_prices names the coins without a price), 'no_stake' (nothing staked: the first stake takes the " +
  "whole reward) or 'ended'. shown_rate_year (percent) is the figure the pool shows, and shown which: 'set' (rate_year) " +
  "while the live figure is missing or above it, since a nearly empty pool's live figure is one nobody gets; 'live' " +
  "(rate_year of derived_apr) once the stake brings it to rate_year or below; 'none' for a pool without a set rate " +
  "(rate_year_type 3) and no live figure. The home page's best offer and APR alerts use the same figure. simple_earn is simple earn's live offer for the stake coin (null when the pool has no " +
  'auto-earn or simple earn offers nothing for the coin): rate = its flexible rate of the hour, fixed_period and ' +
  "fixed_rate = its normal fixed product of the pool's term while on sale and not sold out (0 otherwise), ext_rate 0, " +
  'flexible_offered, flexible_up_to {rate_year, amount} (what simple earn flexible pays after redeem, its bonus tiers ' +
  'included), fixed_product_id. Rates in percent.';
const unixSeconds = z.coerce.number().int().min(0).max(253_402_300_799);

/**
 * The reward history's date range: none given, the whole history; otherwise end_time defaults to now
 * and start_time to 6 months before it. Start after end: 400 (finances.startupMining.history.range.reversed);
 * longer than 6 months of 30 days from the first day's start to the last day's end: 422
 * (analysis.date.picker.limit.tip {months, days}), the spec's key for the same limit in the client.
 */
export function rewardHistoryRange(
  q: { start_time?: number; end_time?: number },
  now: Date,
): { start: Date; end: Date } | null {
  if (q.start_time === undefined && q.end_time === undefined) return null;
  const end = q.end_time ?? unix(now);
  const start = q.start_time ?? Math.max(0, end - POOL_HISTORY_LIMIT_DAYS * 86_400);
  if (start > end) {
    throw errors.invalidParams(
      'start_time is after end_time',
      { start_time: start, end_time: end },
      LaunchPoolKey.historyRangeReversed,
    );
  }
  if (end - start > POOL_HISTORY_MAX_SPAN_SECONDS) {
    throw errors.rule(LaunchPoolKey.historyRangeLimit, 'The date range is limited to 6 months', {
      months: 6,
      days: POOL_HISTORY_LIMIT_DAYS,
    });
  }
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

export function registerLaunchPoolRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const maybeUser = optionalUser(deps.db, deps.clock);
  const contextOf = async (req: FastifyRequest): Promise<UserContext | undefined> => {
    if (!req.user) return undefined;
    const user = await getUser(deps.db, req.user.id);
    return { id: user.id, vipTier: user.vipTier, tradingVolume60d: user.tradingVolume60d };
  };

  r.post(
    `${BASE}/check-pool-rule`,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Eligibility check before staking (new-user and VIP-only pools)',
        description:
          'Form or JSON {pid, rid}. The spec does not show the answer; ours: success {pass: 1, rid, limit_rule, is_new_user} ' +
          '(is_new_user 1 when the pool is a new-user pool and the user qualifies). A pool with limit_rule N > 0 is for new ' +
          'users: accounts opened within the last N days that have not staked in another project. Refusal: 422 with key ' +
          'finances.startupMining.newUser.tip (params days) or finances.startupMining.vip.tip (params vip) and a message the ' +
          'client shows as a warning. create-order enforces the same rules.',
        body: z.object(poolRef).passthrough(),
        response: {
          200: envelope(
            z.object({ pass: z.number(), rid: z.number(), limit_rule: z.number(), is_new_user: z.number() }),
          ),
        },
      },
    },
    async (req) => {
      const { pool } = await findPool(deps.db, req.body.rid, req.body.pid);
      const user = await getUser(deps.db, currentUser(req).id);
      return ok(await checkPoolRule(deps.db, user, pool, deps.clock.now()));
    },
  );

  r.post(
    `${BASE}/create-order`,
    {
      preHandler: auth,
      config: { money: { line: 'launch_pool', kind: 'subscription' } },
      schema: {
        tags,
        summary: 'Stake into a reward pool',
        description:
          'Form or JSON {pid, rid, amount, simpleEarnStatus 0|1, simpleEarnPeriod (days, fixed mode only)}, optional fundpass. ' +
          'Mode: simpleEarnStatus 0 = spot, 1 = flexible, 1 with simpleEarnPeriod > 0 = fixed (only BTC/ETH/GT/USDT and the ' +
          "pool's simple_earn.fixed_period); once a fixed period is chosen in a pool, later stakes must keep it (launch.earn.tip3). " +
          'Rules in order (the amount in the order every line checks it: precision, minimum, maximum, quota, balance; ' +
          'the funding password last): a completed project (finances.startupMining.project.ended); eligibility (as ' +
          'check-pool-rule); a 60-day volume below every transaction_config tier (finances.startupMining.stake.volume.tip); ' +
          'precision (common.amountPrecision); minimum (finances.startupMining.stake.min.tip {amount, coin}); amount + staked ' +
          'above the personal maximum, which is the VIP maximum for VIP users lowered to the volume tier cap ' +
          "(finances.startupMining.stake.max.tip {amount, coin}); above the pool's remaining total " +
          '(finances.startupMining.stake.poolLeft.tip {amount, coin}); above the stakeable spot balance, less borrowed funds ' +
          'unless the coin is supported in unified accounts (finances.inadequateBalance, code 42201); then the funding ' +
          'password per the user setting (10010111 with require_fundpass; a user who never set one: 10010107 with ' +
          "setup_fundpass while the operator's first-move setting is on). Stakes are accepted before the start and " +
          'earn from it, per second. The device-token header is stored with the order for risk review only; it changes nothing ' +
          'in the answer. Idempotency-Key honoured. ' +
          "Auto-earn: the offers are simple earn's live products (see project-info's simple_earn); while staked, flexible-mode " +
          "stakes earn simple earn's flexible rate of the hour (simple_earn.rate) and fixed-mode stakes the rate of simple earn's " +
          'fixed product of the term (fixed_rate) (yearly %, per second, paid hourly in the stake coin to spot, 8 decimals down, ' +
          'fraction carried); flexible mode needs an open flexible product of the coin (simple_earn.notOnSale); when the ' +
          'stake leaves (redeem or project end) it goes into simple earn as the mode says. Auto-earn is refused where the ' +
          "user's compliance menu hides lend-earn (finances.startupMining.autoEarn.unavailable).",
        headers: z.object({ [DEVICE_TOKEN_HEADER]: z.string().max(256).optional() }).passthrough(),
        body: z
          .object({
            ...poolRef,
            amount: positiveAmount(18),
            simpleEarnStatus: flag01.default(0),
            simpleEarnPeriod: z.coerce.number().int().min(0).max(3650).optional(),
            ...fundpassField,
          })
          .passthrough(),
        response: { 200: postEarnLaunchPoolCreateOrderResponse },
      },
    },
    async (req, reply) => {
      const session = currentUser(req);
      const deviceToken = req.headers[DEVICE_TOKEN_HEADER];
      return idempotent(deps, req, reply, (tx) =>
        stake(tx, {
          userId: session.id,
          pid: req.body.pid,
          rid: req.body.rid,
          amount: req.body.amount,
          simpleEarnStatus: req.body.simpleEarnStatus,
          simpleEarnPeriod: req.body.simpleEarnPeriod,
          deviceToken: typeof deviceToken === 'string' ? deviceToken : undefined,
          now: deps.clock.now(),
        }),
      );
    },
  );

  r.post(
    `${BASE}/redeem`,
    {
      preHandler: auth,
      config: { money: { line: 'launch_pool', kind: 'redemption' } },
      schema: {
        tags,
        summary: 'Early redeem from a reward pool',
        description:
          'Form or JSON {pid, rid, amount, simpleEarnStatus}. Above the staked amount: finances.startupMining.redeem.currentMax.tip ' +
          '{amount, coin}; below 0.1^decimal_place or finer than it: finances.redeem.minimum.error {amount, coin}. The coins leave ' +
          'at once: with simpleEarnStatus 1 into flexible simple earn; when the stake has a fixed period, into the fixed product of ' +
          'that term whatever the toggle says (the dialog shows a note, no toggle); otherwise to spot. Simple earn takes 6 ' +
          'decimals; if it refuses (no product on sale, below its minimum, quota) the coins stay in spot and the answer carries ' +
          'simple_earn_refused. Answer: destination (spot|flexible|fixed), simple_earn_amount. What the stake earned until now is ' +
          "paid with the hour's payout. No funding password: the coins stay with the user.",
        body: z
          .object({ ...poolRef, amount: positiveAmount(18), simpleEarnStatus: flag01.default(0) })
          .passthrough(),
        response: { 200: postEarnLaunchPoolRedeemResponse },
      },
    },
    async (req, reply) => {
      const session = currentUser(req);
      return idempotent(deps, req, reply, (tx) =>
        redeem(tx, {
          userId: session.id,
          pid: req.body.pid,
          rid: req.body.rid,
          amount: req.body.amount,
          simpleEarnStatus: req.body.simpleEarnStatus,
          now: deps.clock.now(),
        }),
      );
    },
  );

  r.get(
    `${BASE}/project-info`,
    {
      preHandler: maybeUser,
      schema: {
        tags,
        summary: 'A project with its reward pools',
        description:
          'state: 1 in progress, 2 not started, 3 completed (from the clock). left_buy_total_amount and buy_total_amount are -1 ' +
          'without a total limit. simple_earn.user_period is the fixed period the user already chose in the pool (0 none). ' +
          'isApply 1 when the user holds or held a stake with rewards. vip_config {min_vip, personal_max_amount, vip_only}. ' +
          'Logged in, each pool also has user {staked, personal_max_amount, remaining_quota, staking_cap (-1 none), is_vip_quota}. ' +
          DERIVED_DOC,
        querystring: z.object({ projectId: id }),
        response: { 200: getEarnLaunchPoolProjectInfoResponse },
      },
    },
    async (req) => {
      const project = await findProject(deps.db, req.query.projectId);
      const user = await contextOf(req);
      const pools = await poolsOf(deps.db, [project.pid]);
      const positions = user ? await positionsOf(deps.db, user.id, [project.pid]) : [];
      const coins = await coinsOf(
        deps.db,
        pools.map((p) => p.rid),
      );
      const now = deps.clock.now();
      const market = await loadPoolMarket(deps.db, now, poolCoinsOf(project, pools));
      return ok(
        projectWire(inLanguage(project, requestLanguage(req)), pools, now, user, positions, coins, market),
      );
    },
  );

  r.get(
    `${BASE}/projects`,
    {
      preHandler: maybeUser,
      schema: {
        tags,
        summary:
          'Projects with their pools, newest start first; state filter 1 in progress, 2 not started, 3 completed',
        description: DERIVED_DOC,
        querystring: z.object({ state: z.coerce.number().int().min(0).max(3).optional(), ...pageQuery }),
        response: { 200: getEarnLaunchPoolProjectsResponse },
      },
    },
    async (req) => {
      const now = deps.clock.now();
      const user = await contextOf(req);
      const { total, page } = await listProjects(deps.db, now, req.query);
      const pids = page.map((p) => p.pid);
      const pools = await poolsOf(deps.db, pids);
      const positions = user ? await positionsOf(deps.db, user.id, pids) : [];
      const coins = await coinsOf(
        deps.db,
        pools.map((p) => p.rid),
      );
      const market = await loadPoolMarket(
        deps.db,
        now,
        page.flatMap((p) => poolCoinsOf(p, pools)),
      );
      const lang = requestLanguage(req);
      const list = page.map((p) =>
        projectWire(
          inLanguage(p, lang),
          pools.filter((pool) => pool.pid === p.pid),
          now,
          user,
          positions,
          coins,
          market,
        ),
      );
      return ok({ list, total });
    },
  );

  r.get(
    `${BASE}/user-project-statistics`,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The user's stake and rewards per pool of a project",
        description:
          'amount: staked now; valid_amount: the part earning now (the stake while the project runs, 0 before the start and ' +
          'after the end); lastRewardAmount: every reward paid so far in the pool; lastHourRewardAmount: the payout of the ' +
          "last whole hour of the project before now (0 when the user earned nothing that hour). Both in the project's coin. " +
          'rewards: the same two fields per reward coin, [{coin, lastRewardAmount, lastHourRewardAmount}], the project coin ' +
          'first, then the further coins of a multi-mining pool. ' +
          'simpleEarnInterest: auto-earn interest paid so far on the stake, in the stake coin.',
        querystring: z.object({ pid: id }),
        response: { 200: getEarnLaunchPoolUserProjectStatisticsResponse },
      },
    },
    async (req) => {
      const project = await findProject(deps.db, req.query.pid);
      return ok(await userProjectStatistics(deps.db, currentUser(req).id, project, deps.clock.now()));
    },
  );

  r.get(
    `${BASE}/earn-more`,
    {
      schema: {
        tags,
        summary: "CandyDrop 'want more' cards for a coin, shown after a stake",
        description:
          'popup_high_light is the list of keywords to highlight in popup_msg; url opens the CandyDrop page.',
        querystring: z.object({ coin: assetSymbol, type: z.string().max(32).optional() }),
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  id: z.number(),
                  popup_msg: z.string(),
                  popup_high_light: z.array(z.string()),
                  url: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      const conditions = [eq(launchpoolEarnMore.coin, req.query.coin), eq(launchpoolEarnMore.enabled, true)];
      if (req.query.type) conditions.push(eq(launchpoolEarnMore.type, req.query.type));
      const found = await deps.db
        .select()
        .from(launchpoolEarnMore)
        .where(and(...conditions))
        .orderBy(desc(launchpoolEarnMore.id))
        .limit(20);
      return ok({
        list: found.map((e) => ({
          id: e.id,
          popup_msg: e.popupMsg,
          popup_high_light: e.popupHighLight,
          url: e.url,
        })),
      });
    },
  );

  r.get(
    `${BASE}/my-stakes`,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The user's pools: staked now or rewarded before, newest project first",
        description:
          "total_reward: paid in the project's coin; rewards: paid per reward coin [{coin, total_reward}], the project coin " +
          'first, then the further coins of a multi-mining pool.',
        querystring: z.object(pageQuery),
        response: { 200: getEarnLaunchPoolMyStakesResponse },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const lang = requestLanguage(req);
      const now = deps.clock.now();
      const where = and(
        eq(launchpoolPositions.userId, userId),
        or(gt(launchpoolPositions.amount, '0'), gt(launchpoolPositions.totalReward, '0')),
      );
      const found = await deps.db
        .select({ position: launchpoolPositions, project: launchpoolProjects })
        .from(launchpoolPositions)
        .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolPositions.pid))
        .where(where)
        .orderBy(desc(launchpoolProjects.startAt), asc(launchpoolPositions.rid))
        .limit(req.query.limit)
        .offset((req.query.page - 1) * req.query.limit);
      const [total] = await deps.db.select({ n: count() }).from(launchpoolPositions).where(where);
      const rids = found.map((f) => f.position.rid);
      const coins = await coinsOf(deps.db, rids);
      const paidCoins = await positionCoinsOf(deps.db, userId, rids);
      return ok({
        list: found.map(({ position, project }) => ({
          pid: project.pid,
          rid: position.rid,
          name: localized(project.i18n, lang, 'name', project.name),
          icon: project.icon,
          coin: position.coin,
          reward_coin: project.rewardCoin,
          state: stateOf(project, now),
          start_timest: unix(project.startAt),
          end_timest: unix(project.endAt),
          amount: toWire(position.amount),
          total_reward: toWire(position.totalReward),
          rewards: [
            { coin: project.rewardCoin, total_reward: toWire(position.totalReward) },
            ...coins
              .filter((c) => c.rid === position.rid)
              .map((c) => ({
                coin: c.coin,
                total_reward: toWire(
                  paidCoins.find((p) => p.rid === position.rid && p.coin === c.coin)?.totalReward ?? '0',
                ),
              })),
          ],
          total_interest: toWire(position.totalInterest),
          simpleEarnStatus: position.simpleEarnStatus,
          simpleEarnPeriod: position.simpleEarnPeriod,
        })),
        total: total?.n ?? 0,
      });
    },
  );

  r.get(
    `${BASE}/my-rewards`,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The user's hourly rewards, newest first; optional pid filter and date range",
        description:
          'Each row names its pool: project name and stake coin. ' +
          'hour_start: the start of the paid hour (unix seconds); amount in reward_coin (a multi-mining pool pays one row per ' +
          'coin and hour). start_time and end_time (unix seconds, inclusive) select paid hours starting within the range; ' +
          'neither given: the whole history; one given: end_time defaults to now, start_time to 180 days before end_time. ' +
          'At most 6 months of 30 days from the first day to the last (end_time - start_time <= 181 days): longer is 422 ' +
          'analysis.date.picker.limit.tip {months: 6, days: 180}; start_time after end_time is 400 ' +
          'finances.startupMining.history.range.reversed. Optional reward_coin filters by coin.',
        querystring: z.object({
          pid: id.optional(),
          reward_coin: assetSymbol.optional(),
          start_time: unixSeconds.optional(),
          end_time: unixSeconds.optional(),
          ...pageQuery,
        }),
        response: { 200: getEarnLaunchPoolMyRewardsResponse },
      },
    },
    async (req) => {
      const conditions: SQL[] = [eq(launchpoolRewards.userId, currentUser(req).id)];
      if (req.query.pid) conditions.push(eq(launchpoolRewards.pid, req.query.pid));
      if (req.query.reward_coin) conditions.push(eq(launchpoolRewards.coin, req.query.reward_coin));
      const range = rewardHistoryRange(req.query, deps.clock.now());
      if (range) {
        conditions.push(
          gte(launchpoolRewards.hourStart, range.start),
          lte(launchpoolRewards.hourStart, range.end),
        );
      }
      const found = await deps.db
        .select({
          reward: launchpoolRewards,
          name: launchpoolProjects.name,
          i18n: launchpoolProjects.i18n,
          stakeCoin: launchpoolPools.coin,
        })
        .from(launchpoolRewards)
        .innerJoin(launchpoolPools, eq(launchpoolPools.rid, launchpoolRewards.rid))
        .innerJoin(launchpoolProjects, eq(launchpoolProjects.pid, launchpoolRewards.pid))
        .where(and(...conditions))
        .orderBy(desc(launchpoolRewards.hourStart), asc(launchpoolRewards.rid), asc(launchpoolRewards.coin))
        .limit(req.query.limit)
        .offset((req.query.page - 1) * req.query.limit);
      const [total] = await deps.db
        .select({ n: count() })
        .from(launchpoolRewards)
        .where(and(...conditions));
      return ok({
        list: found.map(({ reward, name, i18n, stakeCoin }) => ({
          pid: reward.pid,
          rid: reward.rid,
          name: localized(i18n, requestLanguage(req), 'name', name),
          coin: stakeCoin,
          reward_coin: reward.coin,
          amount: toWire(reward.amount),
          hour_start: unix(reward.hourStart),
        })),
        total: total?.n ?? 0,
      });
    },
  );

  r.get(
    `${BASE}/orders`,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The user's stakes, redemptions and end-of-project returns, newest first",
        description: 'kind: stake, redeem or return; destination (redeem, return): where the coins went.',
        querystring: z.object({ pid: id.optional(), ...pageQuery }),
        response: { 200: getEarnLaunchPoolOrdersResponse },
      },
    },
    async (req) => {
      const conditions = [eq(launchpoolOrders.userId, currentUser(req).id)];
      if (req.query.pid) conditions.push(eq(launchpoolOrders.pid, req.query.pid));
      const found = await deps.db
        .select()
        .from(launchpoolOrders)
        .where(and(...conditions))
        .orderBy(desc(launchpoolOrders.id))
        .limit(req.query.limit)
        .offset((req.query.page - 1) * req.query.limit);
      const [total] = await deps.db
        .select({ n: count() })
        .from(launchpoolOrders)
        .where(and(...conditions));
      return ok({
        list: found.map((o) => ({
          id: o.id,
          pid: o.pid,
          rid: o.rid,
          coin: o.coin,
          kind: o.kind as 'stake' | 'redeem' | 'return',
          amount: toWire(o.amount),
          simpleEarnStatus: o.simpleEarnStatus,
          simpleEarnPeriod: o.simpleEarnPeriod,
          destination: o.destination as Destination | null,
          create_timest: unix(o.createdAt),
        })),
        total: total?.n ?? 0,
      });
    },
  );
}
