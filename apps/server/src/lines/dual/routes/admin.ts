import { toWire } from '@earn/domain';
import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../accounts/operators/audit';
import { operatorGuard } from '../../../accounts/operators/guard';
import {
  amountCol,
  applyEdit,
  auditCreation,
  type Codec,
  col,
  editSchema,
  rates,
} from '../../../accounts/operators/patch';
import { inTransaction } from '../../../accounts/operators/writes';
import { ok } from '../../../infra/http/envelope';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { requireAsset } from '../../../market/assets';
import type { OrderRow, ProductRow } from '../model';
import { orderView } from '../reads';
import { adminProductView, exposure } from '../reads-admin';
import { cancelProduct } from '../service/cancel';
import { createProduct, setPairSettings } from '../service/products';
import { createRecord } from '../service/records';
import { allPairSettings, allProducts, orderById, orderForUpdate, orderPage, updateRecord } from '../store';
import {
  getAdminExposureResponse,
  getAdminOrdersResponse,
  getAdminPairsResponse,
  getAdminProductsResponse,
  pairInput,
  postAdminCancelResponse,
  postAdminOrdersResponse,
  postAdminProductResponse,
  productInput,
  putAdminOrderResponse,
  putAdminPairResponse,
  recordInput,
} from './schema';

type RecordRow = OrderRow;
const tags = ['operator', 'dual'];

/** What the operator moves on a record: its status and settlement. */
const recordCodec: Codec<RecordRow> = {
  status: col('status'),
  settle_coin: col('settleCoin'),
  settle_amount: amountCol('settleAmount'),
};

const productCodec: Codec<ProductRow> = {
  direction: col('direction'),
  invest_coin: col('investCoin'),
  exercise_coin: col('exerciseCoin'),
  target_price: amountCol('targetPrice'),
  min_amount: amountCol('minAmount'),
  max_amount: amountCol('maxPerUser'),
  total_quota: amountCol('totalQuota'),
  apr: rates(amountCol('fixedApr'), 'percent'),
};

async function postRecord(deps: AppDeps, req: FastifyRequest, body: z.infer<typeof recordInput>) {
  return inTransaction(deps, req, async (tx) => {
    const id = await createRecord(tx, body, deps.clock.now());
    const row = await orderById(tx, id);
    if (!row) throw new Error('dual order not found after insert');
    await auditCreation(tx, req, deps.clock, {
      action: 'dual.order.create',
      target: `dual_order:${id}`,
      codec: recordCodec,
      row,
      extra: { user: row.userId, kind: row.kind, invest_coin: row.investCoin, amount: toWire(row.amount) },
    });
    return ok({ order_id: id });
  });
}

const recordEdit = editSchema(
  {
    status: recordInput.shape.status,
    settle_coin: recordInput.shape.settle_coin,
    settle_amount: recordInput.shape.settle_amount,
  },
  { clearable: ['settle_coin', 'settle_amount'] },
);

async function putRecord(deps: AppDeps, req: FastifyRequest, id: number, body: z.infer<typeof recordEdit>) {
  return inTransaction(deps, req, async (tx) => {
    const current = await orderForUpdate(tx, id);
    if (!current) throw errors.notFound('dual order');
    // A subscription's status and payout are the line's to move, with its money.
    if (current.productId !== null)
      throw errors.conflict('A subscribed order moves with its product; cancel the product instead');
    if (body.settle_coin) await requireAsset(tx, body.settle_coin);
    const row = await applyEdit(tx, req, deps.clock, {
      codec: recordCodec,
      current,
      body,
      write: async (set) => (await updateRecord(tx, current.id, set, deps.clock.now())) ?? current,
      action: 'dual.order.update',
      target: `dual_order:${current.id}`,
    });
    return ok(orderView(row));
  });
}

async function postProduct(deps: AppDeps, req: FastifyRequest, body: z.infer<typeof productInput>) {
  return inTransaction(deps, req, async (tx) => {
    const now = deps.clock.now();
    const product = await createProduct(tx, body, now);
    await auditCreation(tx, req, deps.clock, {
      action: 'dual.product.create',
      target: `dual_product:${product.id}`,
      codec: productCodec,
      row: product,
      extra: { settle_time: body.settle_time },
    });
    return ok(await adminProductView(tx, product, now));
  });
}

async function postCancel(deps: AppDeps, req: FastifyRequest, id: number) {
  return inTransaction(deps, req, async (tx) => {
    const n = await cancelProduct(tx, id, deps.clock.now());
    await recordAudit(tx, req, deps.clock, {
      action: 'dual.product.cancel',
      target: `dual_product:${id}`,
      before: { status: 'open' },
      after: { status: 'canceled', canceled_orders: n },
    });
    return ok({ product_id: id, canceled_orders: n });
  });
}

async function putPair(deps: AppDeps, req: FastifyRequest, coin: string, body: z.infer<typeof pairInput>) {
  return inTransaction(deps, req, async (tx) => {
    const saved = await setPairSettings(
      tx,
      { baseCoin: coin, volatility: body.volatility, margin: body.margin },
      deps.clock.now(),
    );
    await recordAudit(tx, req, deps.clock, {
      action: 'dual.pair.update',
      target: `dual_pair:${coin}`,
      before: null,
      after: { volatility: body.volatility, margin: body.margin },
    });
    return ok({
      base_coin: saved.baseCoin,
      volatility: toWire(saved.volatility),
      margin: toWire(saved.margin),
    });
  });
}

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The operator's records (orders without a product): list, create, move. */
function recordRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const a = scope.withTypeProvider<ZodTypeProvider>();
  a.get(
    '/admin/api/dual/orders',
    {
      schema: {
        response: { 200: getAdminOrdersResponse },
        tags,
        summary: 'Every dual order, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(10),
        }),
      },
    },
    async (req) => {
      // Every order, not this page's: the console pages by it.
      const page = await orderPage(
        deps.db,
        () => undefined,
        (t) => [desc(t.id)],
        req.query,
      );
      return ok({
        list: page.list.map((o) => ({ ...orderView(o), user_id: o.userId })),
        total: page.total,
      });
    },
  );
  a.post(
    '/admin/api/dual/orders',
    {
      schema: {
        response: { 200: postAdminOrdersResponse },
        tags,
        summary: 'Create a dual or sniper order record for a user (a record: it moves no money)',
        body: recordInput,
      },
    },
    async (req) => postRecord(deps, req, req.body),
  );
  a.put(
    '/admin/api/dual/orders/:id',
    {
      schema: {
        response: { 200: putAdminOrderResponse },
        tags,
        summary: 'Move a record (an order without a product) to any of the ten statuses, with its settlement',
        description:
          'Only the fields named change; settle_coin and settle_amount may be null (not settled). A subscribed ' +
          'order (with a product) is refused with 409: it moves with its product.',
        params: idParam,
        body: recordEdit,
      },
    },
    async (req) => putRecord(deps, req, req.params.id, req.body),
  );
}

/** Products, pair settings, withdrawal and exposure. */
function productRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const a = scope.withTypeProvider<ZodTypeProvider>();
  a.post(
    '/admin/api/dual/products',
    {
      schema: {
        response: { 200: postAdminProductResponse },
        tags,
        summary: 'Create a dual product: a fixed APR (apr, percent) or quoted from the pair settings',
        description:
          'sell_high: invest_coin is the base coin, exercise_coin USDT, target above the market; buy_low the reverse, ' +
          'target below. settle_time: a whole UTC hour more than an hour away. max_amount: per user (optional). ' +
          'Refusals: 42240 (HTTP 422) dual.product.targetSide {price, target, direction} (Sell High at or below the ' +
          'price, Buy Low at or above it), nothing written; dual.product.settleTime, dual.pair.notConfigured {coin} ' +
          '(quoted without pair settings), operator.rate.confirm above the rate guard.',
        body: productInput,
      },
    },
    async (req) => postProduct(deps, req, req.body),
  );
  a.get(
    '/admin/api/dual/products',
    {
      schema: {
        response: { 200: getAdminProductsResponse },
        tags,
        summary: 'Every dual product, soonest settlement first, with what it holds and how it settled',
      },
    },
    async () => {
      const now = deps.clock.now();
      const list = [];
      for (const p of await allProducts(deps.db)) list.push(await adminProductView(deps.db, p, now));
      return ok({ list, total: list.length });
    },
  );
  a.post(
    '/admin/api/dual/products/:id/cancel',
    {
      schema: {
        response: { 200: postAdminCancelResponse },
        tags,
        summary:
          'Withdraw a product before its settlement: every order gets its principal and interest so far',
        description:
          'Interest so far = amount × apr × (now − subscription) ÷ 31,536,000, with the principal, rounded down to 8 ' +
          'decimals, paid to spot; the orders become CANCELED. Refused (dual.product.notCancelable) once the product ' +
          'is settling, settled or canceled.',
        params: idParam,
      },
    },
    async (req) => postCancel(deps, req, req.params.id),
  );
  a.put(
    '/admin/api/dual/pairs/:coin',
    {
      schema: {
        response: { 200: putAdminPairResponse },
        tags,
        summary: "Set a pair's yearly volatility and margin (percents), from which quoted APRs follow",
        params: z.object({ coin: z.string().trim().toUpperCase().min(1).max(20) }),
        body: pairInput,
      },
    },
    async (req) => putPair(deps, req, req.params.coin, req.body),
  );
  a.get(
    '/admin/api/dual/pairs',
    {
      schema: {
        response: { 200: getAdminPairsResponse },
        tags,
        summary: "Every pair's volatility and margin",
      },
    },
    async () =>
      ok({
        list: (await allPairSettings(deps.db)).map((s) => ({
          base_coin: s.baseCoin,
          volatility: toWire(s.volatility),
          margin: toWire(s.margin),
        })),
      }),
  );
  a.get(
    '/admin/api/dual/exposure',
    {
      schema: {
        response: { 200: getAdminExposureResponse },
        tags,
        summary:
          'Per pair, direction and settlement time: the open amount and what the house pays either way; the settlement runs',
      },
    },
    async () => ok(await exposure(deps.db)),
  );
}

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    recordRoutes(scope, deps);
    productRoutes(scope, deps);
  });
}
