import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../accounts/operators/audit';
import { operatorGuard } from '../../accounts/operators/guard';
import { applyEdit, auditCreation, editSchema, rateChangesOf } from '../../accounts/operators/patch';
import { confirmRate, guardRates, type RateChange, rateChangesIn } from '../../accounts/operators/rate-guard';
import { inTransaction } from '../../accounts/operators/writes';
import type { Db } from '../../infra/db/client';
import { stakingCampaigns, stakingProducts, stakingProtocols } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import { mergeI18n } from '../../infra/http/texts';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { rateWatch } from '../../kernel/notices';
import {
  editableProductFields,
  editableProtocolFields,
  productCodec,
  productIssues,
  protocolCodec,
} from './catalogue';
import { recordTodayPoint } from './engine';
import {
  addCampaign,
  addProtocol,
  campaignInput,
  createProduct,
  loadAllProducts,
  productInput,
  productView,
  protocolInput,
  requireProductById,
  updateProduct,
} from './products';
import {
  getAdminStakingProductsResponse,
  postAdminStakingProductsByIdCampaignsResponse,
  postAdminStakingProductsByIdProtocolsResponse,
  postAdminStakingProductsResponse,
  putAdminStakingProductsByIdResponse,
  putAdminStakingProtocolsByIdResponse,
} from './responses';

const tags = ['operator', 'staking'];
const idParam = z.object({ id: z.coerce.number().int().positive() });

const GUARD =
  "Every APR (rate, base_rate, most_rate; a campaign's max_interest and money_rate) above the ceiling in the operator " +
  'settings, or above 3 times the current one, needs confirm_rate: true (422 42230 operator.rate.confirm without it).';

/** A new campaign's extra APRs (fractions), for the rate guard. */
const campaignRates = (c: { max_interest?: string; interest: unknown[] }, field: string): RateChange[] =>
  rateChangesIn(
    field,
    { unit: 'fraction', paths: ['max_interest', 'interest.*.money_rate'] },
    undefined,
    c,
    true,
  );

/** A campaign as its audit record shows it. */
async function campaignRecord(tx: Db, id: number) {
  const [c] = await tx.select().from(stakingCampaigns).where(eq(stakingCampaigns.id, id));
  if (!c) throw new Error('campaign not found after insert');
  return {
    product: c.productId,
    pid: c.protocolId,
    reward_coin: c.rewardCoin,
    max_interest: c.maxInterest,
    start_time: unixSeconds(c.startAt),
    end_time: unixSeconds(c.endAt),
    interest: c.tiers,
  };
}

/** The operator's staking catalogue: products, defi protocols and extra-interest campaigns. */
export function registerStakingAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/admin/api/staking/products',
      {
        schema: {
          response: { 200: getAdminStakingProductsResponse },
          tags,
          summary: 'Every staking product as users see it',
        },
      },
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
          response: { 200: postAdminStakingProductsResponse },
          tags,
          summary:
            'Create the staking product of a coin (one per coin) with its defi protocols and campaigns',
          description:
            'Fields as staking-wealth.md section 3. Rates are percent a year; redeem_fee, redeem_quick_fee, fee_rate, ' +
            'max_interest and money_rate are fractions. Caps and redeem_quick_daily take "-1" for unlimited. A campaign in ' +
            'extra_interest names a protocol by its position in defi counted from 1 (pid), 0 or absent for the whole ' +
            'product; max_interest defaults to the highest money_rate; its interest tiers ascend and touch, the last ' +
            'open-ended with money_max "-1". Protocol rates are net of their fee_rate. ' +
            'exchange_type asset needs exchange_coin, a listed receipt token: a stake credits it to spot (amount × ' +
            'exchange_rate, 8 decimals down) and a redeem takes it back; exchange_type and exchange_coin are fixed ' +
            'while tokens are outstanding. A credit-debt product (type 2) defaults its redeem_coin to USDC; a redeem ' +
            'pays out in redeem_coin (at the USDT prices of the redeem) whenever it differs from the coin. ' +
            GUARD,
          body: productInput.extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const id = await createProduct(tx, req.body, deps.clock.now());
          await recordTodayPoint(tx, id, deps.clock.now());
          const row = await requireProductById(tx, id);
          const protocols = await tx
            .select({ id: stakingProtocols.id })
            .from(stakingProtocols)
            .where(eq(stakingProtocols.productId, id));
          await auditCreation(tx, req, deps.clock, {
            action: 'staking.product.create',
            target: `staking_product:${id}`,
            codec: productCodec,
            row,
            extra: {
              coin: row.coin,
              reward_coin: row.rewardCoin,
              defi: protocols.map((p) => p.id),
              extra_interest: req.body.extra_interest.length,
            },
            rates: [
              ...req.body.defi.flatMap((p, i) => rateChangesOf(protocolCodec, null, p, `defi.${i}.`)),
              ...req.body.extra_interest.flatMap((c, i) => campaignRates(c, `extra_interest.${i}`)),
            ],
          });
          return ok({ id });
        }),
    );

    r.put(
      '/admin/api/staking/products/:id',
      {
        schema: {
          response: { 200: putAdminStakingProductsByIdResponse },
          tags,
          summary:
            'Edit product-level fields (not the coins); a rate change applies from the next reward day',
          description:
            'Only the fields named change, extra and redeem_config field by field; vip_config, debt and faq are ' +
            'replaced whole when sent. The product after the edit must be valid as a whole. ' +
            GUARD,
          params: idParam,
          body: editSchema(editableProductFields).extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const [current] = await tx
            .select()
            .from(stakingProducts)
            .where(eq(stakingProducts.id, req.params.id))
            .for('update');
          if (!current) throw errors.notFound('staking product');
          await rateWatch().watchRates(tx, 'staking', deps.clock.now(), () =>
            applyEdit(tx, req, deps.clock, {
              codec: productCodec,
              current,
              body: req.body.i18n ? { ...req.body, i18n: mergeI18n(current.i18n, req.body.i18n) } : req.body,
              check: productIssues,
              write: (set, product) =>
                updateProduct(
                  tx,
                  current,
                  product as Parameters<typeof updateProduct>[2],
                  set,
                  deps.clock.now(),
                ),
              action: 'staking.product.update',
              target: `staking_product:${current.id}`,
            }),
          );
          await recordTodayPoint(tx, current.id, deps.clock.now());
          return ok({ id: current.id });
        }),
    );

    r.post(
      '/admin/api/staking/products/:id/protocols',
      {
        schema: {
          response: { 200: postAdminStakingProductsByIdProtocolsResponse },
          tags,
          summary: 'Add a defi protocol to a product',
          description: GUARD,
          params: idParam,
          body: protocolInput.extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          await requireProductById(tx, req.params.id);
          // A product's first protocol replaces its own rate by the protocol's.
          const pid = await rateWatch().watchRates(tx, 'staking', deps.clock.now(), () =>
            addProtocol(tx, req.params.id, req.body),
          );
          await recordTodayPoint(tx, req.params.id, deps.clock.now());
          const [row] = await tx.select().from(stakingProtocols).where(eq(stakingProtocols.id, pid));
          if (!row) throw new Error('protocol not found after insert');
          await auditCreation(tx, req, deps.clock, {
            action: 'staking.protocol.create',
            target: `staking_protocol:${pid}`,
            codec: protocolCodec,
            row,
            extra: { product: req.params.id },
          });
          return ok({ pid });
        }),
    );

    r.put(
      '/admin/api/staking/protocols/:id',
      {
        schema: {
          response: { 200: putAdminStakingProtocolsByIdResponse },
          tags,
          summary: "Edit a protocol's name, rates, income days, personal limit or order",
          description: `Only the fields named change. ${GUARD}`,
          params: idParam,
          body: editSchema(editableProtocolFields).extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const [current] = await tx
            .select()
            .from(stakingProtocols)
            .where(eq(stakingProtocols.id, req.params.id))
            .for('update');
          if (!current) throw errors.notFound('protocol');
          await rateWatch().watchRates(tx, 'staking', deps.clock.now(), () =>
            applyEdit(tx, req, deps.clock, {
              codec: protocolCodec,
              current,
              body: req.body,
              write: async (set) => {
                const [row] = await tx
                  .update(stakingProtocols)
                  .set(set)
                  .where(eq(stakingProtocols.id, current.id))
                  .returning();
                return row ?? current;
              },
              action: 'staking.protocol.update',
              target: `staking_protocol:${current.id}`,
            }),
          );
          await recordTodayPoint(tx, current.productId, deps.clock.now());
          return ok({ pid: current.id });
        }),
    );

    r.post(
      '/admin/api/staking/products/:id/campaigns',
      {
        schema: {
          response: { 200: postAdminStakingProductsByIdCampaignsResponse },
          tags,
          summary:
            'Add an extra-interest campaign (pid: a protocol id of the product, or 0 for the whole product)',
          description:
            'Interest tiers ascend and touch (each money_min is the money_max before); only the last may be ' +
            'open-ended, with money_max "-1". ' +
            GUARD,
          params: idParam,
          body: campaignInput.extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          await requireProductById(tx, req.params.id);
          const id = await addCampaign(tx, req.params.id, req.body);
          await guardRates(tx, req, `staking_campaign:${id}`, campaignRates(req.body, ''));
          await recordTodayPoint(tx, req.params.id, deps.clock.now());
          await recordAudit(tx, req, deps.clock, {
            action: 'staking.campaign.create',
            target: `staking_campaign:${id}`,
            before: null,
            after: await campaignRecord(tx, id),
          });
          return ok({ id });
        }),
    );
  });
}
