import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../accounts/operators/audit';
import { operatorGuard } from '../../../accounts/operators/guard';
import { applyEdit, auditCreation, rateChangesOf } from '../../../accounts/operators/patch';
import { guardRates, type RateChange, rateChangesIn } from '../../../accounts/operators/rate-guard';
import { inTransaction } from '../../../accounts/operators/writes';
import type { Db } from '../../../infra/db/client';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../../../infra/http/route-table';
import { mergeI18n } from '../../../infra/http/texts';
import { unixSeconds } from '../../../infra/jobs/clock';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { rateWatch } from '../../../kernel/notices';
import { recordTodayPoint } from '../engine';
import {
  editProductSchema,
  editProtocolSchema,
  listProductsSchema,
  newCampaignSchema,
  newProductSchema,
  newProtocolSchema,
} from '../schema/admin';
import { productCodec, productIssues, protocolCodec } from '../schema/catalogue';
import {
  campaignById,
  lockProduct,
  lockProtocol,
  protocolById,
  protocolIdsOf,
  updateProtocol,
} from '../store/catalogue';
import {
  addCampaign,
  addProtocol,
  createProduct,
  loadAllProducts,
  requireProductById,
  updateProduct,
} from '../store/products';
import { productView } from '../terms';

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
  const c = await campaignById(tx, id);
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

async function listProducts(deps: AppDeps) {
  const now = deps.clock.now();
  const list = [];
  for (const loaded of await loadAllProducts(deps.db)) list.push(await productView(deps.db, loaded, now));
  return ok({ list, total: list.length });
}

async function newProduct(deps: AppDeps, req: RouteRequest<typeof newProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const id = await createProduct(tx, req.body, deps.clock.now());
    await recordTodayPoint(tx, id, deps.clock.now());
    const row = await requireProductById(tx, id);
    const protocols = await protocolIdsOf(tx, id);
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
  });
}

async function editProduct(deps: AppDeps, req: RouteRequest<typeof editProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const current = await lockProduct(tx, req.params.id);
    if (!current) throw errors.notFound('staking product');
    await rateWatch().watchRates(tx, 'staking', deps.clock.now(), () =>
      applyEdit(tx, req, deps.clock, {
        codec: productCodec,
        current,
        body: req.body.i18n ? { ...req.body, i18n: mergeI18n(current.i18n, req.body.i18n) } : req.body,
        check: productIssues,
        write: (set, product) =>
          updateProduct(tx, current, product as Parameters<typeof updateProduct>[2], set, deps.clock.now()),
        action: 'staking.product.update',
        target: `staking_product:${current.id}`,
      }),
    );
    await recordTodayPoint(tx, current.id, deps.clock.now());
    return ok({ id: current.id });
  });
}

async function newProtocol(deps: AppDeps, req: RouteRequest<typeof newProtocolSchema>) {
  return inTransaction(deps, req, async (tx) => {
    await requireProductById(tx, req.params.id);
    // A product's first protocol replaces its own rate by the protocol's.
    const pid = await rateWatch().watchRates(tx, 'staking', deps.clock.now(), () =>
      addProtocol(tx, req.params.id, req.body),
    );
    await recordTodayPoint(tx, req.params.id, deps.clock.now());
    const row = await protocolById(tx, pid);
    if (!row) throw new Error('protocol not found after insert');
    await auditCreation(tx, req, deps.clock, {
      action: 'staking.protocol.create',
      target: `staking_protocol:${pid}`,
      codec: protocolCodec,
      row,
      extra: { product: req.params.id },
    });
    return ok({ pid });
  });
}

async function editProtocol(deps: AppDeps, req: RouteRequest<typeof editProtocolSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const current = await lockProtocol(tx, req.params.id);
    if (!current) throw errors.notFound('protocol');
    await rateWatch().watchRates(tx, 'staking', deps.clock.now(), () =>
      applyEdit(tx, req, deps.clock, {
        codec: protocolCodec,
        current,
        body: req.body,
        write: async (set) => (await updateProtocol(tx, current.id, set)) ?? current,
        action: 'staking.protocol.update',
        target: `staking_protocol:${current.id}`,
      }),
    );
    await recordTodayPoint(tx, current.productId, deps.clock.now());
    return ok({ pid: current.id });
  });
}

async function newCampaign(deps: AppDeps, req: RouteRequest<typeof newCampaignSchema>) {
  return inTransaction(deps, req, async (tx) => {
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
  });
}

const adminRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/admin/api/staking/products',
    schema: listProductsSchema,
    handler: listProducts,
  }),
  route({
    method: 'POST',
    path: '/admin/api/staking/products',
    schema: newProductSchema,
    handler: newProduct,
  }),
  route({
    method: 'PUT',
    path: '/admin/api/staking/products/:id',
    schema: editProductSchema,
    handler: editProduct,
  }),
  route({
    method: 'POST',
    path: '/admin/api/staking/products/:id/protocols',
    schema: newProtocolSchema,
    handler: newProtocol,
  }),
  route({
    method: 'PUT',
    path: '/admin/api/staking/protocols/:id',
    schema: editProtocolSchema,
    handler: editProtocol,
  }),
  route({
    method: 'POST',
    path: '/admin/api/staking/products/:id/campaigns',
    schema: newCampaignSchema,
    handler: newCampaign,
  }),
];

/** Operator API of staking: products, their protocols and campaigns, behind the operator guard. */
export function registerStakingAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    registerRoutes(scope, deps, adminRoutes);
  });
}
