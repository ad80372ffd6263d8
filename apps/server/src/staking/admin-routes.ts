import { nonNegativeAmount, UNLIMITED } from '@earn/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { stakingProtocols } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ok } from '../http/envelope';
import { errors } from '../http/errors';
import { operatorGuard } from '../operator/guard';
import { recordTodayPoint } from './engine';
import {
  addCampaign,
  addProtocol,
  campaignInput,
  createProduct,
  loadAllProducts,
  productInput,
  productPatch,
  productView,
  protocolInput,
  requireProductById,
  updateProduct,
} from './products';

const tags = ['operator', 'staking'];
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The operator's staking catalogue: products, defi protocols and extra-interest campaigns. */
export function registerStakingAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const inTx = <T>(work: (tx: Db) => Promise<T>) => deps.db.transaction((tx) => work(tx as unknown as Db));

    r.get(
      '/admin/api/staking/products',
      { schema: { tags, summary: 'Every staking product as users see it' } },
      async () => {
        const now = deps.clock.now();
        const list = [];
        for (const loaded of await loadAllProducts(deps.db))
          list.push(await productView(deps.db, loaded, now));
        return ok({ list, total: list.length });
      },
    );

    r.post(
      '/admin/api/staking/products',
      {
        schema: {
          tags,
          summary:
            'Create the staking product of a coin (one per coin) with its defi protocols and campaigns',
          description:
            'Fields as staking-wealth.md section 3. Rates are percent a year; redeem_fee, redeem_quick_fee, fee_rate, ' +
            'max_interest and money_rate are fractions. Caps and redeem_quick_daily take "-1" for unlimited. A campaign in ' +
            'extra_interest names a protocol by its position in defi counted from 1 (pid), 0 or absent for the whole ' +
            'product; max_interest defaults to the highest money_rate. Protocol rates are net of their fee_rate. ' +
            'exchange_type asset needs exchange_coin, a listed receipt token: a stake credits it to spot (amount × ' +
            'exchange_rate, 8 decimals down) and a redeem takes it back; exchange_type and exchange_coin are fixed ' +
            'while tokens are outstanding. A credit-debt product (type 2) defaults its redeem_coin to USDC; a redeem ' +
            'pays out in redeem_coin (at the USDT prices of the redeem) whenever it differs from the coin.',
          body: productInput,
        },
      },
      async (req) =>
        ok({
          id: await inTx(async (tx) => {
            const id = await createProduct(tx, req.body, deps.clock.now());
            await recordTodayPoint(tx, id, deps.clock.now());
            return id;
          }),
        }),
    );

    r.put(
      '/admin/api/staking/products/:id',
      {
        schema: {
          tags,
          summary:
            'Edit product-level fields (not the coins); a rate change applies from the next reward day',
          params: idParam,
          body: productPatch,
        },
      },
      async (req) => {
        await inTx(async (tx) => {
          await updateProduct(tx, req.params.id, req.body, deps.clock.now());
          await recordTodayPoint(tx, req.params.id, deps.clock.now());
        });
        return ok({ id: req.params.id });
      },
    );

    r.post(
      '/admin/api/staking/products/:id/protocols',
      { schema: { tags, summary: 'Add a defi protocol to a product', params: idParam, body: protocolInput } },
      async (req) => {
        await requireProductById(deps.db, req.params.id);
        const pid = await inTx(async (tx) => {
          const added = await addProtocol(tx, req.params.id, req.body);
          await recordTodayPoint(tx, req.params.id, deps.clock.now());
          return added;
        });
        return ok({ pid });
      },
    );

    r.put(
      '/admin/api/staking/protocols/:id',
      {
        schema: {
          tags,
          summary: "Edit a protocol's rates, income days or personal limit",
          params: idParam,
          body: z
            .object({
              protocol_name: z.string().trim().min(1).max(64).optional(),
              rate: nonNegativeAmount(8).optional(),
              base_rate: nonNegativeAmount(8).optional(),
              income_days: z.number().int().min(0).max(3650).optional(),
              personal_mortgage_limit: z.union([z.literal(UNLIMITED), nonNegativeAmount(8)]).optional(),
            })
            .strict()
            .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'nothing to change' }),
        },
      },
      async (req) => {
        const b = req.body;
        const updated = await deps.db
          .update(stakingProtocols)
          .set({
            protocolName: b.protocol_name,
            rate: b.rate,
            baseRate: b.base_rate,
            incomeDays: b.income_days,
            personalMortgageLimit: b.personal_mortgage_limit,
          })
          .where(eq(stakingProtocols.id, req.params.id))
          .returning({ id: stakingProtocols.id, productId: stakingProtocols.productId });
        const row = updated[0];
        if (!row) throw errors.notFound('protocol');
        await recordTodayPoint(deps.db, row.productId, deps.clock.now());
        return ok({ pid: req.params.id });
      },
    );

    r.post(
      '/admin/api/staking/products/:id/campaigns',
      {
        schema: {
          tags,
          summary:
            'Add an extra-interest campaign (pid: a protocol id of the product, or 0 for the whole product)',
          params: idParam,
          body: campaignInput,
        },
      },
      async (req) => {
        await requireProductById(deps.db, req.params.id);
        const id = await inTx(async (tx) => {
          const added = await addCampaign(tx, req.params.id, req.body);
          await recordTodayPoint(tx, req.params.id, deps.clock.now());
          return added;
        });
        return ok({ id });
      },
    );
  });
}
