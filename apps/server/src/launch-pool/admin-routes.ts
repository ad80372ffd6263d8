import {
  assetSymbol,
  orderIssues,
  type ProductIssue,
  ProjectState,
  ratePercent,
  stepsIssues,
  storedAmount,
  storedPositiveAmount,
  toWire,
  unixTime,
  windowIssues,
} from '@earn/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { launchpoolEarnMore, launchpoolPoolCoins, launchpoolProjects } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ok } from '../http/envelope';
import { errors } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { operatorGuard } from '../operator/guard';
import {
  amountCol,
  applyEdit,
  auditCreation,
  type Codec,
  col,
  editSchema,
  inTransaction,
  mappedCol,
  refuse,
  snapshot,
  unixCol,
} from '../operator/patch';
import type { PoolCoinRow, PoolRow, ProjectRow } from './engine';
import { coinsOf, findPool, findProject, poolsOf, projectWire, rewardCoinsWire, stateOf } from './queries';
import {
  addPool,
  addPoolCoin,
  createProject,
  lockPool,
  lockPoolCoin,
  type PoolInput,
  updatePool,
} from './service';

const tier = z.object({ transaction_amount: storedAmount(8), mortgage_limit: storedAmount(18) });
const vipConfig = z.object({
  min_vip: z.number().int().min(0).max(16),
  personal_max_amount: storedPositiveAmount(18),
  vip_only: z.boolean().default(false),
});
/** The pool's auto-earn offer; rates are yearly percents. */
const simpleEarn = z.object({
  status: z.number().int().min(0).max(1),
  fixed_period: z.number().int().min(0).max(3650),
  fixed_rate: ratePercent(8),
  rate: ratePercent(8),
  ext_rate: ratePercent(8),
});
/** "-1" on the wire is no total limit, as the client reads it. */
const totalAmount = z
  .union([z.literal('-1'), storedPositiveAmount(18)])
  .transform((v) => (v === '-1' ? null : v));

/** A further reward coin of a multi-mining pool. */
const rewardCoinShape = {
  coin: assetSymbol,
  reward_per_hour: storedAmount(8),
  rate_year: ratePercent(8),
};
const rewardCoin = z.object(rewardCoinShape);

const poolFields = {
  coin: assetSymbol,
  personal_min_amount: storedPositiveAmount(18),
  personal_max_amount: storedPositiveAmount(18),
  decimal_place: z.number().int().min(0).max(8),
  buy_total_amount: totalAmount,
  reward_per_hour: storedAmount(8),
  rate_year: ratePercent(8),
  rate_year_type: z.number().int().min(1).max(3),
  reward_pool_type: z.number().int().min(0).max(1),
  vip_config: vipConfig.nullable().default(null),
  simple_earn: simpleEarn.nullable().default(null),
  transaction_config: z.array(tier).max(20).default([]),
  limit_rule: z.number().int().min(0).max(3650).default(0),
  reward_coins: z.array(rewardCoin).max(10).default([]),
};
const poolBody = z.object(poolFields);
/** What an edit may change: not the coin, nor the reward (funded at creation), nor further coins. */
const { coin: _coin, reward_per_hour: _perHour, reward_coins: _coins, ...editablePool } = poolFields;

const earnMoreFields = {
  coin: assetSymbol,
  type: z.string().min(1).max(32).default('launchpool'),
  popup_msg: z.string().min(1).max(500),
  popup_high_light: z.array(z.string().min(1).max(100)).max(10).default([]),
  url: z.string().min(1).max(500),
};

const poolCodec: Codec<PoolRow> = {
  personal_min_amount: amountCol('personalMinAmount'),
  personal_max_amount: amountCol('personalMaxAmount'),
  decimal_place: col('decimalPlace'),
  // null is no limit, "-1" on the wire.
  buy_total_amount: mappedCol(
    'totalAmount',
    (v) => v,
    (v) => (v === null ? '-1' : toWire(String(v))),
  ),
  reward_per_hour: amountCol('rewardPerHour'),
  rate_year: amountCol('rateYear'),
  rate_year_type: col('rateYearType'),
  reward_pool_type: col('rewardPoolType'),
  vip_config: col('vipConfig'),
  simple_earn: col('simpleEarn'),
  transaction_config: col('transactionConfig'),
  limit_rule: col('limitRule'),
};

const projectCodec: Codec<ProjectRow> = {
  reward_coin: col('rewardCoin'),
  name: col('name'),
  icon: col('icon'),
  start_timest: unixCol('startAt'),
  end_timest: unixCol('endAt'),
};

const coinCodec: Codec<PoolCoinRow> = {
  reward_per_hour: amountCol('rewardPerHour'),
  rate_year: amountCol('rateYear'),
};

type EarnMoreRow = typeof launchpoolEarnMore.$inferSelect;
const earnMoreCodec: Codec<EarnMoreRow> = {
  coin: col('coin'),
  type: col('type'),
  popup_msg: col('popupMsg'),
  popup_high_light: col('popupHighLight'),
  url: col('url'),
  enabled: col('enabled'),
};

/**
 * A pool as a whole: its personal limits in order (a VIP limit not below the minimum either) and its
 * trading-volume tiers ascending.
 */
function poolIssues(p: Record<string, unknown>): ProductIssue[] {
  const min = String(p.personal_min_amount);
  const vip = p.vip_config as { personal_max_amount: string } | null | undefined;
  const tiers = (p.transaction_config ?? []) as { transaction_amount: string }[];
  return [
    ...orderIssues('personal_min_amount', min, 'personal_max_amount', String(p.personal_max_amount)),
    ...(vip
      ? orderIssues('personal_min_amount', min, 'vip_config.personal_max_amount', vip.personal_max_amount)
      : []),
    ...stepsIssues(
      'transaction_config',
      tiers.map((t) => t.transaction_amount),
    ),
  ];
}

/** Every pool of a new project, each under its index. */
function projectIssues(body: { start_timest: number; end_timest: number; pools: Record<string, unknown>[] }) {
  return [
    ...windowIssues('start_timest', body.start_timest, 'end_timest', body.end_timest),
    ...body.pools.flatMap((pool, i) =>
      poolIssues(pool).map((x) => ({ ...x, field: `pools.${i}.${x.field}` })),
    ),
  ];
}

const idParam = (name: string) => z.object({ [name]: z.coerce.number().int().positive() });

async function projectAnswer(db: Db, pid: number, now: Date) {
  const project = await findProject(db, pid);
  const pools = await poolsOf(db, [pid]);
  const coins = await coinsOf(
    db,
    pools.map((p) => p.rid),
  );
  return projectWire(project, pools, now, undefined, [], coins);
}

/** Operator API for launch pools: projects, pools and CandyDrop cards, behind the operator token. */
export function registerLaunchPoolAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator', 'launch-pool'];

    r.post(
      '/admin/api/launch-pool/projects',
      {
        schema: {
          tags,
          summary: 'Create a project with its reward pools',
          description:
            'start_timest and end_timest are unix seconds on whole hours. Each pool is funded at once with reward_per_hour x ' +
            'the project hours, from the project account (system purpose launchpool_project) into the pool reward account ' +
            '(launchpool_rewards:<rid>). buy_total_amount "-1" means no total limit. rate_year is a percent, for display. ' +
            'A multi-mining pool (reward_pool_type 1) also pays reward_coins [{coin, reward_per_hour, rate_year}] (at least ' +
            "one, none the project's coin, none twice), each funded the same way from the project account of that coin and " +
            'shared through its own reward-per-token accumulator; a lock pool has none. In a multi-mining pool rate_year is ' +
            "the project coin's part: the pool's rate_year on the wire is the sum of every coin's.",
          body: z.object({
            reward_coin: assetSymbol,
            name: z.string().min(1).max(120),
            icon: z.string().max(500).default(''),
            start_timest: unixTime(),
            end_timest: unixTime(),
            pools: z.array(poolBody).min(1).max(20),
          }),
        },
      },
      async (req, reply) => {
        refuse(projectIssues(req.body));
        return idempotent(deps, req, reply, async (tx) => {
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
          });
          return projectAnswer(tx, project.pid, deps.clock.now());
        });
      },
    );

    r.get(
      '/admin/api/launch-pool/projects',
      { schema: { tags, summary: 'Every project with its pools, newest first' } },
      async () => {
        const projects = await deps.db
          .select()
          .from(launchpoolProjects)
          .orderBy(desc(launchpoolProjects.pid))
          .limit(500);
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
      },
    );

    r.post(
      '/admin/api/launch-pool/projects/:pid/pools',
      {
        schema: {
          tags,
          summary: 'Add a reward pool to a project (funded like the others)',
          params: idParam('pid'),
          body: poolBody,
        },
      },
      async (req, reply) => {
        refuse(poolIssues(req.body));
        return idempotent(deps, req, reply, async (tx) => {
          const project = await findProject(tx, Number(req.params.pid));
          if (stateOf(project, deps.clock.now()) === ProjectState.completed)
            throw errors.conflict('The project has ended');
          const pool = await addPool(tx, project, req.body as PoolInput, deps.clock.now());
          await auditCreation(tx, req, deps.clock, {
            action: 'launch_pool.pool.create',
            target: `pool:${pool.rid}`,
            codec: poolCodec,
            row: pool,
            extra: { pid: project.pid, coin: pool.coin, reward_coins: req.body.reward_coins },
          });
          return { rid: pool.rid, project: await projectAnswer(tx, project.pid, deps.clock.now()) };
        });
      },
    );

    r.put(
      '/admin/api/launch-pool/pools/:rid',
      {
        schema: {
          tags,
          summary: "Edit a pool's limits and display fields",
          description:
            'Any pool field except coin, reward_per_hour and reward_coins (the reward is funded at creation; further coins have ' +
            'their own calls); only the fields named change. vip_config and simple_earn may be null (none); sent, they and ' +
            'transaction_config are replaced whole. A total below what is already staked is refused (409); a pool with ' +
            'further reward coins stays multi mining (409); the pool after the edit must be valid as a whole (400).',
          params: idParam('rid'),
          body: editSchema(editablePool),
        },
      },
      async (req) =>
        inTransaction(deps, async (tx) => {
          const current = await lockPool(tx, Number(req.params.rid));
          const pool = await applyEdit(tx, req, deps.clock, {
            codec: poolCodec,
            current,
            body: req.body,
            check: poolIssues,
            write: (set) => updatePool(tx, current, req.body, set, deps.clock.now()),
            action: 'launch_pool.pool.update',
            target: `pool:${current.rid}`,
          });
          return ok({
            rid: pool.rid,
            left_buy_total_amount: pool.leftAmount === null ? '-1' : toWire(pool.leftAmount),
          });
        }),
    );

    r.post(
      '/admin/api/launch-pool/pools/:rid/reward-coins',
      {
        schema: {
          tags,
          summary: 'Add a reward coin to a multi-mining pool',
          description:
            "{coin, reward_per_hour, rate_year}. Funded with reward_per_hour x the project's hours from the project account " +
            'of that coin (what the hours before it was added do not pay goes back when the project ends); it pays from now, ' +
            'through its own accumulator. Refused (409) for a lock pool, an ended project or a coin the pool already pays; ' +
            "the project's own coin is refused (400).",
          params: idParam('rid'),
          body: rewardCoin,
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const coin = await addPoolCoin(tx, Number(req.params.rid), req.body, deps.clock.now());
          await auditCreation(tx, req, deps.clock, {
            action: 'launch_pool.reward_coin.create',
            target: `pool_coin:${coin.rid}:${coin.coin}`,
            codec: coinCodec,
            row: coin,
          });
          const { pool, project } = await findPool(tx, coin.rid);
          return {
            rid: coin.rid,
            reward_coins: rewardCoinsWire(pool, project, await coinsOf(tx, [pool.rid])),
          };
        }),
    );

    r.put(
      '/admin/api/launch-pool/pools/:rid/reward-coins/:coin',
      {
        schema: {
          tags,
          summary: "Edit a multi-mining pool's reward coin",
          description:
            'rate_year (percent, for display). The reward per hour was funded when the coin was added.',
          params: z.object({ rid: z.coerce.number().int().positive(), coin: assetSymbol }),
          body: editSchema({ rate_year: rewardCoinShape.rate_year }),
        },
      },
      async (req) =>
        inTransaction(deps, async (tx) => {
          const current = await lockPoolCoin(tx, Number(req.params.rid), req.params.coin);
          const coin = await applyEdit(tx, req, deps.clock, {
            codec: coinCodec,
            current,
            body: req.body,
            write: async (set) => {
              const [row] = await tx
                .update(launchpoolPoolCoins)
                .set(set)
                .where(
                  and(eq(launchpoolPoolCoins.rid, current.rid), eq(launchpoolPoolCoins.coin, current.coin)),
                )
                .returning();
              return row ?? current;
            },
            action: 'launch_pool.reward_coin.update',
            target: `pool_coin:${current.rid}:${current.coin}`,
          });
          return ok({ rid: coin.rid, coin: coin.coin, rate_year: toWire(coin.rateYear) });
        }),
    );

    r.post(
      '/admin/api/launch-pool/earn-more',
      {
        schema: {
          tags,
          summary: "Add a CandyDrop 'want more' card for a coin",
          body: z.object(earnMoreFields),
        },
      },
      async (req) =>
        inTransaction(deps, async (tx) => {
          const [row] = await tx
            .insert(launchpoolEarnMore)
            .values({
              coin: req.body.coin,
              type: req.body.type,
              popupMsg: req.body.popup_msg,
              popupHighLight: req.body.popup_high_light,
              url: req.body.url,
              createdAt: deps.clock.now(),
            })
            .returning();
          if (!row) throw new Error('card not inserted');
          await auditCreation(tx, req, deps.clock, {
            action: 'launch_pool.earn_more.create',
            target: `earn_more:${row.id}`,
            codec: earnMoreCodec,
            row,
          });
          return ok({ id: row.id });
        }),
    );

    r.put(
      '/admin/api/launch-pool/earn-more/:id',
      {
        schema: {
          tags,
          summary: 'Edit a CandyDrop card: show or hide it (enabled), or change its text and link',
          description: 'Only the fields named change.',
          params: idParam('id'),
          body: editSchema({ ...earnMoreFields, enabled: z.boolean() }),
        },
      },
      async (req) =>
        inTransaction(deps, async (tx) => {
          const id = Number(req.params.id);
          const [current] = await tx
            .select()
            .from(launchpoolEarnMore)
            .where(eq(launchpoolEarnMore.id, id))
            .for('update');
          if (!current) throw errors.notFound('Card');
          const row = await applyEdit(tx, req, deps.clock, {
            codec: earnMoreCodec,
            current,
            body: req.body,
            write: async (set) => {
              const [row] = await tx
                .update(launchpoolEarnMore)
                .set(set)
                .where(eq(launchpoolEarnMore.id, id))
                .returning();
              return row ?? current;
            },
            action: 'launch_pool.earn_more.update',
            target: `earn_more:${id}`,
          });
          return ok({ id: row.id, enabled: row.enabled });
        }),
    );
  });
}
