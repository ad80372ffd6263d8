import { DUAL_ORDER_STATUSES } from '@earn/domain';
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../../../accounts/idempotency';
import type { Db } from '../../../infra/db/client';
import { currentUser, requireUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { listProducts, orderView } from '../reads';
import { subscribe } from '../service/subscribe';
import { orderById, orderPage, type ordersTable } from '../store';
import {
  getOrderResponse,
  getOrdersResponse,
  getProductsResponse,
  type KINDS,
  type ORDER_SORTS,
  ordersQuery,
  postSubscribeResponse,
  productsQuery,
  subscribeBody,
} from './schema';

const BASE = '/apiw/v2/earn/dual';
const tags = ['dual'];

const STATUS_NOTE =
  'Statuses (lines/dual/README.md): PROCESSING once booked; SETTLEMENT_PROCESSING from the settlement time until ' +
  'its settlement is booked; SETTLEMENT_SUCCESS with settle_price, settle_coin and settle_amount; SETTLEMENT_FAILED ' +
  'while no fixing price is found (retried hourly); CANCELED when the operator withdrew the product (principal and ' +
  'interest so far returned to spot). Records the operator writes (no product_id) may hold any of the ten statuses. ' +
  'is_open is 1 for INIT, PROCESSING, SETTLEMENT_PROCESSING and CANCELING.';

async function getProducts(deps: AppDeps, query: z.infer<typeof productsQuery>) {
  const list = await listProducts(deps.db, query, deps.clock.now());
  return ok({ list, total: list.length });
}

async function postSubscribe(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<typeof subscribeBody>,
) {
  const user = currentUser(req);
  return idempotent(deps, req, reply, async (tx) => {
    const { order } = await subscribe(tx, {
      userId: user.id,
      productId: body.product_id,
      amount: body.amount,
      quoteId: body.quote_id,
      autoCompound: body.auto_compound ?? false,
      now: deps.clock.now(),
    });
    return orderView(order);
  });
}

async function ownOrder(db: Db, userId: number, orderId: number, kind: (typeof KINDS)[number]) {
  const row = await orderById(db, orderId);
  if (!row || row.userId !== userId || row.kind !== kind) throw errors.notFound('dual order');
  return orderView(row);
}

function sortOf(sort: (typeof ORDER_SORTS)[number]) {
  return (t: typeof ordersTable): SQL[] => {
    switch (sort) {
      case 'apr_desc':
        return [desc(t.apr), desc(t.id)];
      case 'apr_asc':
        return [asc(t.apr), asc(t.id)];
      case 'expire_asc':
        return [asc(t.expireAt), asc(t.id)];
      case 'expire_desc':
        return [desc(t.expireAt), desc(t.id)];
      default:
        return [desc(t.createdAt), desc(t.id)];
    }
  };
}

async function getOrders(deps: AppDeps, userId: number, q: z.infer<typeof ordersQuery>) {
  const statuses = q.status ? q.status.split(',').map((s) => s.trim()) : [];
  const unknown = statuses.find((s) => !(DUAL_ORDER_STATUSES as readonly string[]).includes(s));
  if (unknown) throw errors.invalidParams(`Unknown status ${unknown}`);
  const page = await orderPage(
    deps.db,
    (t) => {
      const conditions = [eq(t.userId, userId)];
      if (q.kind) conditions.push(eq(t.kind, q.kind));
      if (statuses.length > 0) conditions.push(inArray(t.status, statuses));
      const either = q.coin ? or(eq(t.investCoin, q.coin), eq(t.exerciseCoin, q.coin)) : undefined;
      if (either) conditions.push(either);
      return and(...conditions);
    },
    sortOf(q.sort),
    q,
  );
  return ok({ list: page.list.map(orderView), total: page.total });
}

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const orderQuery = z.object({ order_id: z.coerce.number().int().positive() });

  r.get(
    `${BASE}/products`,
    {
      schema: {
        response: { 200: getProductsResponse },
        tags,
        summary:
          'Dual products open for subscription, each with its quote (APR, quote_id, quote_expire_time)',
        description:
          'Sell High invests the base coin at a target above the market; Buy Low invests USDT at a target below it. ' +
          'At settle_time, with the fixing price (the base coin’s USDT price in force then): Sell High pays ' +
          '(amount + interest) × target in USDT if the fixing price is at or above the target, else amount + interest in ' +
          'the base coin; Buy Low pays (amount + interest) ÷ target in the base coin if at or below, else amount + interest ' +
          'in USDT. Interest = amount × apr/100 × (settle_time − subscription time) ÷ 31,536,000; every amount paid is ' +
          'rounded down to 8 decimals. A quoted APR follows the market price (Black–Scholes less the margin): read again ' +
          'when the quote expires (60 s). quote_time: the interest of a subscription with this quote counts from it. ' +
          'Products whose target the market has crossed (Sell High: price at or below it; Buy Low: at or above it) ' +
          'and products whose quote pays nothing are not listed.',
        querystring: productsQuery,
      },
    },
    async (req) => getProducts(deps, req.query),
  );

  r.post(
    `${BASE}/subscribe`,
    {
      preHandler: auth,
      config: {
        money: {
          line: 'dual',
          kind: 'subscription',
          asset: (_body, data) => (data as { invest_coin?: string } | undefined)?.invest_coin,
        },
      },
      schema: {
        response: { 200: postSubscribeResponse },
        tags,
        summary: 'Subscribe to a dual product at the quote shown; answers the order with both outcomes',
        description:
          'JSON or form: product_id, amount (invest_coin, 8 decimals), quote_id (from the product list), auto_compound ' +
          '(optional: roll the proceeds into the nearest product of the same pair and direction). The invested coin ' +
          'moves from spot into the dual account in one entry; both outcomes are fixed now (reached_amount in ' +
          "exercise_coin, not_reached_amount in invest_coin), the interest counted from the quote's quote_time. " +
          'Refusals (nothing booked): dual.product.closed; code 42240 (HTTP 422) dual.product.targetCrossed ' +
          '{price, target} once the market has crossed the target; code 40910 (HTTP 409) dual.quote.expired or ' +
          'dual.quote.moved with the new quote in data (apr, quote_id, quote_time, quote_expire_time); ' +
          'dual.product.noYield; then the amount in the shared order: common.amountPrecision, ' +
          'dual.subscribe.belowMin {amount, coin}, dual.subscribe.aboveUserMax {amount left, coin}, ' +
          'dual.subscribe.aboveQuota {amount left, coin}, finances.inadequateBalance {amount available, coin}; the ' +
          "funding password last, per the user's setting (10010107 with setup_fundpass before a first move while the " +
          "operator's setting is on). Idempotency-Key honoured.",
        body: subscribeBody,
      },
    },
    async (req, reply) => postSubscribe(deps, req, reply, req.body),
  );

  r.get(
    `${BASE}/orders`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getOrdersResponse },
        tags,
        summary:
          "The user's dual orders, newest first or sorted by APR or expiry, optionally of one kind, of some statuses (comma list) and of one coin",
        description: STATUS_NOTE,
        querystring: ordersQuery,
      },
    },
    async (req) => getOrders(deps, currentUser(req).id, req.query),
  );

  r.get(
    `${BASE}/order-detail`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getOrderResponse },
        tags,
        summary: "One of the user's dual-investment orders",
        description: STATUS_NOTE,
        querystring: orderQuery,
      },
    },
    async (req) => ok(await ownOrder(deps.db, currentUser(req).id, req.query.order_id, 'dual')),
  );

  r.get(
    '/apiw/v2/earn/dual-sniper/order',
    {
      preHandler: auth,
      schema: {
        response: { 200: getOrderResponse },
        tags,
        summary: "One of the user's dual sniper orders",
        description: STATUS_NOTE,
        querystring: orderQuery,
      },
    },
    async (req) => ok(await ownOrder(deps.db, currentUser(req).id, req.query.order_id, 'sniper')),
  );
}
