import { assetSymbol, ProjectState, toWire, unixTime } from '@earn/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorGuard } from '../../accounts/operators/guard';
import {
  applyEdit,
  auditCreation,
  editSchema,
  rateChangesOf,
  refuse,
  snapshot,
} from '../../accounts/operators/patch';
import { confirmRate } from '../../accounts/operators/rate-guard';
import { inTransaction } from '../../accounts/operators/writes';
import type { Db } from '../../infra/db/client';
import { launchpoolEarnMore, launchpoolPoolCoins, launchpoolProjects } from '../../infra/db/schema';
import { envelope, ok } from '../../infra/http/envelope';
import { i18nInput, variantText } from '../../infra/http/texts';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { rateWatch } from '../../kernel/notices';
import {
  coinCodec,
  earnMoreCodec,
  earnMoreFields,
  editablePool,
  poolBody,
  poolCodec,
  poolIssues,
  projectCodec,
  projectIssues,
  rewardCoin,
  rewardCoinShape,
  rewardIssues,
} from './admin-catalogue';
import {
  coinsOf,
  findPool,
  findProject,
  hoursOf,
  poolsOf,
  projectWire,
  rewardCoinsWire,
  stateOf,
} from './queries';
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
import {
  addPool,
  addPoolCoin,
  createProject,
  lockPool,
  lockPoolCoin,
  type PoolInput,
  updatePool,
} from './service';

const idParam = (name: string) => z.object({ [name]: z.coerce.number().int().positive() });

const GUARD =
  "Every rate (rate_year, simple_earn rates, reward coins' rate_year; percents) above the ceiling in the operator settings, " +
  'or above 3 times the current one, needs confirm_rate: true (422 42230 operator.rate.confirm without it).';

/** The rates of a new pool's further reward coins, for the rate guard (`prefix` places the pool). */
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
        },
      },
      async (req) => {
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
      },
    );

    r.get(
      '/admin/api/launch-pool/projects',
      {
        schema: {
          response: { 200: getAdminLaunchPoolProjectsResponse },
          tags,
          summary: 'Every project with its pools, newest first',
        },
      },
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
          response: { 200: postAdminLaunchPoolProjectsByPidPoolsResponse },
          tags,
          summary: 'Add a reward pool to a project (funded like the others)',
          description: GUARD,
          params: idParam('pid'),
          body: poolBody.extend(confirmRate),
        },
      },
      async (req) => {
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
      },
    );

    r.put(
      '/admin/api/launch-pool/pools/:rid',
      {
        schema: {
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
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
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
        }),
    );

    r.post(
      '/admin/api/launch-pool/pools/:rid/reward-coins',
      {
        schema: {
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
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
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
        }),
    );

    r.put(
      '/admin/api/launch-pool/pools/:rid/reward-coins/:coin',
      {
        schema: {
          response: { 200: putAdminLaunchPoolPoolsByRidRewardCoinsByCoinResponse },
          tags,
          summary: "Edit a multi-mining pool's reward coin",
          description:
            'rate_year (percent, for display). The reward per hour was funded when the coin was added. ' +
            GUARD,
          params: z.object({ rid: z.coerce.number().int().positive(), coin: assetSymbol }),
          body: editSchema({ rate_year: rewardCoinShape.rate_year }).extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const current = await lockPoolCoin(tx, Number(req.params.rid), req.params.coin);
          const coin = await rateWatch().watchRates(tx, 'launchpool', deps.clock.now(), () =>
            applyEdit(tx, req, deps.clock, {
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
            }),
          );
          return ok({ rid: coin.rid, coin: coin.coin, rate_year: toWire(coin.rateYear) });
        }),
    );

    r.post(
      '/admin/api/launch-pool/earn-more',
      {
        schema: {
          response: { 200: postAdminLaunchPoolEarnMoreResponse },
          tags,
          summary: "Add a CandyDrop 'want more' card for a coin",
          body: z.object(earnMoreFields),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
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

    r.get(
      '/admin/api/launch-pool/earn-more',
      {
        schema: {
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
        },
      },
      async (req) => {
        const rows = await deps.db
          .select()
          .from(launchpoolEarnMore)
          .where(req.query.coin ? eq(launchpoolEarnMore.coin, req.query.coin) : undefined)
          .orderBy(desc(launchpoolEarnMore.id))
          .limit(500);
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
      },
    );

    r.put(
      '/admin/api/launch-pool/earn-more/:id',
      {
        schema: {
          response: { 200: putAdminLaunchPoolEarnMoreByIdResponse },
          tags,
          summary: 'Edit a CandyDrop card: show or hide it (enabled), or change its text and link',
          description: 'Only the fields named change.',
          params: idParam('id'),
          body: editSchema({ ...earnMoreFields, enabled: z.boolean() }),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
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
