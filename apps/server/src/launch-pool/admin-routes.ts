import { assetSymbol, nonNegativeAmount, ProjectState, positiveAmount, toWire } from '@earn/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { launchpoolEarnMore, launchpoolProjects } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ok } from '../http/envelope';
import { errors } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { operatorGuard } from '../operator/guard';
import { coinsOf, findPool, findProject, poolsOf, projectWire, rewardCoinsWire, stateOf } from './queries';
import { addPool, addPoolCoin, createProject, type PoolInput, updatePool, updatePoolCoin } from './service';

const tier = z.object({ transaction_amount: nonNegativeAmount(8), mortgage_limit: nonNegativeAmount(18) });
const vipConfig = z.object({
  min_vip: z.number().int().min(0).max(16),
  personal_max_amount: positiveAmount(18),
  vip_only: z.boolean().default(false),
});
const simpleEarn = z.object({
  status: z.number().int().min(0).max(1),
  fixed_period: z.number().int().min(0).max(3650),
  fixed_rate: nonNegativeAmount(8),
  rate: nonNegativeAmount(8),
  ext_rate: nonNegativeAmount(8),
});
/** "-1" on the wire is no total limit, as the client reads it. */
const totalAmount = z.union([z.literal('-1'), positiveAmount(18)]).transform((v) => (v === '-1' ? null : v));

/** A further reward coin of a multi-mining pool. */
const rewardCoin = z.object({
  coin: assetSymbol,
  reward_per_hour: nonNegativeAmount(8),
  rate_year: nonNegativeAmount(8),
});

const poolFields = {
  coin: assetSymbol,
  personal_min_amount: positiveAmount(18),
  personal_max_amount: positiveAmount(18),
  decimal_place: z.number().int().min(0).max(8),
  buy_total_amount: totalAmount,
  reward_per_hour: nonNegativeAmount(8),
  rate_year: nonNegativeAmount(8),
  rate_year_type: z.number().int().min(1).max(3),
  reward_pool_type: z.number().int().min(0).max(1),
  vip_config: vipConfig.nullable().default(null),
  simple_earn: simpleEarn.nullable().default(null),
  transaction_config: z.array(tier).max(20).default([]),
  limit_rule: z.number().int().min(0).max(3650).default(0),
  reward_coins: z.array(rewardCoin).max(10).default([]),
};
const poolBody = z.object(poolFields);

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
            start_timest: z.number().int().positive(),
            end_timest: z.number().int().positive(),
            pools: z.array(poolBody).min(1).max(20),
          }),
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const { project } = await createProject(
            tx,
            { ...req.body, pools: req.body.pools as PoolInput[] },
            deps.clock.now(),
          );
          return projectAnswer(tx, project.pid, deps.clock.now());
        }),
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
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const project = await findProject(tx, Number(req.params.pid));
          if (stateOf(project, deps.clock.now()) === ProjectState.completed)
            throw errors.conflict('The project has ended');
          const pool = await addPool(tx, project, req.body as PoolInput, deps.clock.now());
          return { rid: pool.rid, project: await projectAnswer(tx, project.pid, deps.clock.now()) };
        }),
    );

    r.put(
      '/admin/api/launch-pool/pools/:rid',
      {
        schema: {
          tags,
          summary: "Edit a pool's limits and display fields",
          description:
            'Any pool field except coin, reward_per_hour and reward_coins (the reward is funded at creation; further coins have ' +
            'their own calls). A total below what is already staked is refused; a pool with further reward coins stays multi ' +
            'mining (409).',
          params: idParam('rid'),
          body: z
            .object({
              personal_min_amount: positiveAmount(18),
              personal_max_amount: positiveAmount(18),
              decimal_place: poolFields.decimal_place,
              buy_total_amount: totalAmount,
              rate_year: poolFields.rate_year,
              rate_year_type: poolFields.rate_year_type,
              reward_pool_type: poolFields.reward_pool_type,
              vip_config: vipConfig.nullable(),
              simple_earn: simpleEarn.nullable(),
              transaction_config: z.array(tier).max(20),
              limit_rule: z.number().int().min(0).max(3650),
            })
            .partial()
            .strict(),
        },
      },
      async (req) => {
        const pool = await deps.db.transaction((tx) =>
          updatePool(tx as unknown as Db, Number(req.params.rid), req.body, deps.clock.now()),
        );
        return ok({
          rid: pool.rid,
          left_buy_total_amount: pool.leftAmount === null ? '-1' : toWire(pool.leftAmount),
        });
      },
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
          body: z.object({ rate_year: nonNegativeAmount(8) }).strict(),
        },
      },
      async (req) => {
        const coin = await updatePoolCoin(deps.db, Number(req.params.rid), req.params.coin, req.body);
        return ok({ rid: coin.rid, coin: coin.coin, rate_year: toWire(coin.rateYear) });
      },
    );

    r.post(
      '/admin/api/launch-pool/earn-more',
      {
        schema: {
          tags,
          summary: "Add a CandyDrop 'want more' card for a coin",
          body: z.object({
            coin: assetSymbol,
            type: z.string().min(1).max(32).default('launchpool'),
            popup_msg: z.string().min(1).max(500),
            popup_high_light: z.array(z.string().min(1).max(100)).max(10).default([]),
            url: z.string().min(1).max(500),
          }),
        },
      },
      async (req) => {
        const [row] = await deps.db
          .insert(launchpoolEarnMore)
          .values({
            coin: req.body.coin,
            type: req.body.type,
            popupMsg: req.body.popup_msg,
            popupHighLight: req.body.popup_high_light,
            url: req.body.url,
            createdAt: deps.clock.now(),
          })
          .returning({ id: launchpoolEarnMore.id });
        return ok({ id: row?.id });
      },
    );

    r.put(
      '/admin/api/launch-pool/earn-more/:id',
      {
        schema: {
          tags,
          summary: 'Show or hide a CandyDrop card',
          params: idParam('id'),
          body: z.object({ enabled: z.boolean() }),
        },
      },
      async (req) => {
        const [row] = await deps.db
          .update(launchpoolEarnMore)
          .set({ enabled: req.body.enabled })
          .where(eq(launchpoolEarnMore.id, Number(req.params.id)))
          .returning({ id: launchpoolEarnMore.id });
        if (!row) throw errors.notFound('Card');
        return ok({ id: row.id, enabled: req.body.enabled });
      },
    );
  });
}
