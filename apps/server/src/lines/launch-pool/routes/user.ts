import { toWire } from '@earn/domain';
import type { FastifyRequest } from 'fastify';
import { idempotent } from '../../../accounts/idempotency';
import { getUser } from '../../../accounts/users';
import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteReply, type RouteRequest, route } from '../../../infra/http/route-table';
import { localized, requestLanguage } from '../../../infra/http/texts';
import type { AppDeps } from '../../../kernel/deps';
import { loadPoolMarket, poolCoinsOf } from '../live';
import {
  BASE,
  checkPoolRuleSchema,
  createOrderSchema,
  DEVICE_TOKEN_HEADER,
  earnMoreSchema,
  myRewardsSchema,
  myStakesSchema,
  ordersSchema,
  projectInfoSchema,
  projectsSchema,
  redeemStakeSchema,
  userProjectStatisticsSchema,
} from '../schema/user';
import type { Destination } from '../service/auto-earn';
import { checkPoolRule } from '../service/check-pool-rule';
import { redeem } from '../service/redeem';
import { rewardHistoryRange } from '../service/reward-history-range';
import { stake } from '../service/stake';
import { earnMoreCards, userOrders, userRewards, userStakes } from '../store/history';
import {
  coinsOf,
  findPool,
  findProject,
  listProjects,
  poolsOf,
  positionCoinsOf,
  positionsOf,
  stateOf,
  userProjectStatistics,
} from '../store/projects';
import { inLanguage, projectWire, type UserContext } from '../wire';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The user's limits and tier, when signed in: what a pool's answer shows them. */
async function contextOf(deps: AppDeps, req: FastifyRequest): Promise<UserContext | undefined> {
  if (!req.user) return undefined;
  const user = await getUser(deps.db, req.user.id);
  return { id: user.id, vipTier: user.vipTier, tradingVolume60d: user.tradingVolume60d };
}

async function poolRule(deps: AppDeps, req: RouteRequest<typeof checkPoolRuleSchema>) {
  const { pool } = await findPool(deps.db, req.body.rid, req.body.pid);
  const user = await getUser(deps.db, currentUser(req).id);
  return ok(await checkPoolRule(deps.db, user, pool, deps.clock.now()));
}

async function createOrder(
  deps: AppDeps,
  req: RouteRequest<typeof createOrderSchema>,
  reply: RouteReply<typeof createOrderSchema>,
) {
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
}

async function redeemStake(
  deps: AppDeps,
  req: RouteRequest<typeof redeemStakeSchema>,
  reply: RouteReply<typeof redeemStakeSchema>,
) {
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
}

async function projectInfo(deps: AppDeps, req: RouteRequest<typeof projectInfoSchema>) {
  const project = await findProject(deps.db, req.query.projectId);
  const user = await contextOf(deps, req);
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
}

async function projects(deps: AppDeps, req: RouteRequest<typeof projectsSchema>) {
  const now = deps.clock.now();
  const user = await contextOf(deps, req);
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
}

async function projectStatistics(deps: AppDeps, req: RouteRequest<typeof userProjectStatisticsSchema>) {
  const project = await findProject(deps.db, req.query.pid);
  return ok(await userProjectStatistics(deps.db, currentUser(req).id, project, deps.clock.now()));
}

async function earnMore(deps: AppDeps, req: RouteRequest<typeof earnMoreSchema>) {
  const found = await earnMoreCards(deps.db, req.query.coin, req.query.type);
  return ok({
    list: found.map((e) => ({
      id: e.id,
      popup_msg: e.popupMsg,
      popup_high_light: e.popupHighLight,
      url: e.url,
    })),
  });
}

async function myStakes(deps: AppDeps, req: RouteRequest<typeof myStakesSchema>) {
  const userId = currentUser(req).id;
  const lang = requestLanguage(req);
  const now = deps.clock.now();
  const { found, total } = await userStakes(deps.db, userId, req.query);
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
}

async function myRewards(deps: AppDeps, req: RouteRequest<typeof myRewardsSchema>) {
  const range = rewardHistoryRange(req.query, deps.clock.now());
  const { found, total } = await userRewards(deps.db, currentUser(req).id, req.query, range);
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
}

async function orders(deps: AppDeps, req: RouteRequest<typeof ordersSchema>) {
  const { found, total } = await userOrders(deps.db, currentUser(req).id, req.query);
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
}

export const userRoutes: Route[] = [
  route({
    method: 'POST',
    path: `${BASE}/check-pool-rule`,
    access: 'user',
    schema: checkPoolRuleSchema,
    handler: poolRule,
  }),
  route({
    method: 'POST',
    path: `${BASE}/create-order`,
    access: 'user',
    config: { money: { line: 'launch_pool', kind: 'subscription' } },
    schema: createOrderSchema,
    handler: createOrder,
  }),
  route({
    method: 'POST',
    path: `${BASE}/redeem`,
    access: 'user',
    config: { money: { line: 'launch_pool', kind: 'redemption' } },
    schema: redeemStakeSchema,
    handler: redeemStake,
  }),
  route({
    method: 'GET',
    path: `${BASE}/project-info`,
    access: 'optional',
    schema: projectInfoSchema,
    handler: projectInfo,
  }),
  route({
    method: 'GET',
    path: `${BASE}/projects`,
    access: 'optional',
    schema: projectsSchema,
    handler: projects,
  }),
  route({
    method: 'GET',
    path: `${BASE}/user-project-statistics`,
    access: 'user',
    schema: userProjectStatisticsSchema,
    handler: projectStatistics,
  }),
  route({ method: 'GET', path: `${BASE}/earn-more`, schema: earnMoreSchema, handler: earnMore }),
  route({
    method: 'GET',
    path: `${BASE}/my-stakes`,
    access: 'user',
    schema: myStakesSchema,
    handler: myStakes,
  }),
  route({
    method: 'GET',
    path: `${BASE}/my-rewards`,
    access: 'user',
    schema: myRewardsSchema,
    handler: myRewards,
  }),
  route({ method: 'GET', path: `${BASE}/orders`, access: 'user', schema: ordersSchema, handler: orders }),
];
