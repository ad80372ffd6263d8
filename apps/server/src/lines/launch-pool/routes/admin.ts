import { ProjectState, toWire } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { operatorGuard } from '../../../accounts/operators/guard';
import { applyEdit, auditCreation, rateChangesOf, refuse, snapshot } from '../../../accounts/operators/patch';
import { inTransaction } from '../../../accounts/operators/writes';
import type { Db } from '../../../infra/db/client';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { rateWatch } from '../../../kernel/notices';
import {
  addEarnMoreSchema,
  addRewardCoinSchema,
  editEarnMoreSchema,
  editPoolSchema,
  editRewardCoinSchema,
  listEarnMoreSchema,
  listProjectsSchema,
  newPoolSchema,
  newProjectSchema,
} from '../schema/admin';
import {
  coinCodec,
  earnMoreCodec,
  poolCodec,
  poolIssues,
  projectCodec,
  projectIssues,
  rewardIssues,
} from '../schema/catalogue';
import { addPool, createProject, type PoolInput } from '../service/create-project';
import { addPoolCoin, lockPoolCoin, updatePool } from '../service/edit-pool';
import { lockPool } from '../service/move-position';
import {
  allEarnMore,
  insertEarnMore,
  latestProjects,
  lockEarnMore,
  updateEarnMore,
  updatePoolCoin,
} from '../store/catalogue';
import { coinsOf, findPool, findProject, hoursOf, poolsOf, stateOf } from '../store/projects';
import { projectWire, rewardCoinsWire } from '../wire';

const rewardCoinRates = (coins: readonly Record<string, unknown>[] | undefined, prefix: string) =>
  (coins ?? []).flatMap((c, j) => rateChangesOf(coinCodec, null, c, `${prefix}reward_coins.${j}.`));

async function projectAnswer(db: Db, pid: number, now: Date) {
  const project = await findProject(db, pid);
  const pools = await poolsOf(db, [pid]);
  const coins = await coinsOf(
    db,
    pools.map((p) => p.rid),
  );
  return projectWire(project, pools, now, undefined, [], coins);
}

async function newProject(deps: AppDeps, req: RouteRequest<typeof newProjectSchema>) {
  refuse(projectIssues(req.body));
  return inTransaction(deps, req, async (tx) => {
    const { project, pools } = await createProject(
      tx,
      { ...req.body, pools: req.body.pools as PoolInput[] },
      deps.clock.now(),
    );
    await auditCreation(tx, req, deps.clock, {
      action: 'launch_pool.project.create',
      target: `project:${project.pid}`,
      codec: projectCodec,
      row: project,
      extra: { pools: pools.map((p) => ({ rid: p.rid, ...snapshot(poolCodec, p), coin: p.coin })) },
      rates: req.body.pools.flatMap((p, i) => [
        ...rateChangesOf(poolCodec, null, p, `pools.${i}.`),
        ...rewardCoinRates(p.reward_coins, `pools.${i}.`),
      ]),
    });
    return ok(await projectAnswer(tx, project.pid, deps.clock.now()));
  });
}

async function listProjects(deps: AppDeps) {
  const projects = await latestProjects(deps.db);
  const pools = await poolsOf(
    deps.db,
    projects.map((p) => p.pid),
  );
  const coins = await coinsOf(
    deps.db,
    pools.map((p) => p.rid),
  );
  const now = deps.clock.now();
  return ok({
    list: projects.map((p) => ({
      ...projectWire(
        p,
        pools.filter((pool) => pool.pid === p.pid),
        now,
        undefined,
        [],
        coins,
      ),
      settled_timest: p.settledAt ? Math.floor(p.settledAt.getTime() / 1000) : null,
    })),
    total: projects.length,
  });
}

async function newPool(deps: AppDeps, req: RouteRequest<typeof newPoolSchema>) {
  refuse(poolIssues(req.body));
  return inTransaction(deps, req, async (tx) => {
    const project = await findProject(tx, Number(req.params.pid));
    if (stateOf(project, deps.clock.now()) === ProjectState.completed)
      throw errors.conflict('The project has ended');
    refuse(rewardIssues(req.body, hoursOf(project)));
    const pool = await addPool(tx, project, req.body as PoolInput, deps.clock.now());
    await auditCreation(tx, req, deps.clock, {
      action: 'launch_pool.pool.create',
      target: `pool:${pool.rid}`,
      codec: poolCodec,
      row: pool,
      extra: { pid: project.pid, coin: pool.coin, reward_coins: req.body.reward_coins },
      rates: rewardCoinRates(req.body.reward_coins, ''),
    });
    return ok({ rid: pool.rid, project: await projectAnswer(tx, project.pid, deps.clock.now()) });
  });
}

async function editPool(deps: AppDeps, req: RouteRequest<typeof editPoolSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const current = await lockPool(tx, Number(req.params.rid));
    const pool = await rateWatch().watchRates(tx, 'launchpool', deps.clock.now(), () =>
      applyEdit(tx, req, deps.clock, {
        codec: poolCodec,
        current,
        body: req.body,
        check: poolIssues,
        write: (set) => updatePool(tx, current, req.body, set, deps.clock.now()),
        action: 'launch_pool.pool.update',
        target: `pool:${current.rid}`,
      }),
    );
    return ok({
      rid: pool.rid,
      left_buy_total_amount: pool.leftAmount === null ? '-1' : toWire(pool.leftAmount),
    });
  });
}

async function addRewardCoin(deps: AppDeps, req: RouteRequest<typeof addRewardCoinSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const found = await findPool(tx, Number(req.params.rid));
    refuse(rewardIssues(req.body, hoursOf(found.project)));
    // A further coin adds its rate to the pool's.
    const coin = await rateWatch().watchRates(tx, 'launchpool', deps.clock.now(), () =>
      addPoolCoin(tx, Number(req.params.rid), req.body, deps.clock.now()),
    );
    await auditCreation(tx, req, deps.clock, {
      action: 'launch_pool.reward_coin.create',
      target: `pool_coin:${coin.rid}:${coin.coin}`,
      codec: coinCodec,
      row: coin,
    });
    const { pool, project } = await findPool(tx, coin.rid);
    return ok({
      rid: coin.rid,
      reward_coins: rewardCoinsWire(pool, project, await coinsOf(tx, [pool.rid])),
    });
  });
}

async function editRewardCoin(deps: AppDeps, req: RouteRequest<typeof editRewardCoinSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const current = await lockPoolCoin(tx, Number(req.params.rid), req.params.coin);
    const coin = await rateWatch().watchRates(tx, 'launchpool', deps.clock.now(), () =>
      applyEdit(tx, req, deps.clock, {
        codec: coinCodec,
        current,
        body: req.body,
        write: async (set) => (await updatePoolCoin(tx, current.rid, current.coin, set)) ?? current,
        action: 'launch_pool.reward_coin.update',
        target: `pool_coin:${current.rid}:${current.coin}`,
      }),
    );
    return ok({ rid: coin.rid, coin: coin.coin, rate_year: toWire(coin.rateYear) });
  });
}

async function addEarnMore(deps: AppDeps, req: RouteRequest<typeof addEarnMoreSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const row = await insertEarnMore(tx, {
      coin: req.body.coin,
      type: req.body.type,
      popupMsg: req.body.popup_msg,
      popupHighLight: req.body.popup_high_light,
      url: req.body.url,
      createdAt: deps.clock.now(),
    });
    await auditCreation(tx, req, deps.clock, {
      action: 'launch_pool.earn_more.create',
      target: `earn_more:${row.id}`,
      codec: earnMoreCodec,
      row,
    });
    return ok({ id: row.id });
  });
}

async function listEarnMore(deps: AppDeps, req: RouteRequest<typeof listEarnMoreSchema>) {
  const rows = await allEarnMore(deps.db, req.query.coin);
  const list = rows.map((row) => ({
    id: row.id,
    ...(snapshot(earnMoreCodec, row) as {
      coin: string;
      type: string;
      popup_msg: string;
      popup_high_light: string[];
      url: string;
      enabled: boolean;
    }),
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  }));
  return ok({ list, total: list.length });
}

async function editEarnMore(deps: AppDeps, req: RouteRequest<typeof editEarnMoreSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const id = Number(req.params.id);
    const current = await lockEarnMore(tx, id);
    if (!current) throw errors.notFound('Card');
    const row = await applyEdit(tx, req, deps.clock, {
      codec: earnMoreCodec,
      current,
      body: req.body,
      write: async (set) => (await updateEarnMore(tx, id, set)) ?? current,
      action: 'launch_pool.earn_more.update',
      target: `earn_more:${id}`,
    });
    return ok({ id: row.id, enabled: row.enabled });
  });
}

const adminRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/admin/api/launch-pool/projects',
    schema: newProjectSchema,
    handler: newProject,
  }),
  route({
    method: 'GET',
    path: '/admin/api/launch-pool/projects',
    schema: listProjectsSchema,
    handler: listProjects,
  }),
  route({
    method: 'POST',
    path: '/admin/api/launch-pool/projects/:pid/pools',
    schema: newPoolSchema,
    handler: newPool,
  }),
  route({
    method: 'PUT',
    path: '/admin/api/launch-pool/pools/:rid',
    schema: editPoolSchema,
    handler: editPool,
  }),
  route({
    method: 'POST',
    path: '/admin/api/launch-pool/pools/:rid/reward-coins',
    schema: addRewardCoinSchema,
    handler: addRewardCoin,
  }),
  route({
    method: 'PUT',
    path: '/admin/api/launch-pool/pools/:rid/reward-coins/:coin',
    schema: editRewardCoinSchema,
    handler: editRewardCoin,
  }),
  route({
    method: 'POST',
    path: '/admin/api/launch-pool/earn-more',
    schema: addEarnMoreSchema,
    handler: addEarnMore,
  }),
  route({
    method: 'GET',
    path: '/admin/api/launch-pool/earn-more',
    schema: listEarnMoreSchema,
    handler: listEarnMore,
  }),
  route({
    method: 'PUT',
    path: '/admin/api/launch-pool/earn-more/:id',
    schema: editEarnMoreSchema,
    handler: editEarnMore,
  }),
];

/** Operator API for launch pools: projects, pools and CandyDrop cards, behind the operator token. */
export function registerLaunchPoolAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    registerRoutes(scope, deps, adminRoutes);
  });
}
