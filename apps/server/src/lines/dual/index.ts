import {
  assetSymbol,
  DUAL_OPEN_STATUSES,
  DUAL_ORDER_STATUSES,
  type DualOrderStatus,
  pageQuery,
  storedAmount,
  storedPositiveAmount,
  toWire,
  unixTime,
} from '@earn/domain';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorGuard } from '../../accounts/operators/guard';
import {
  amountCol,
  applyEdit,
  auditCreation,
  type Codec,
  col,
  editSchema,
} from '../../accounts/operators/patch';
import { inTransaction } from '../../accounts/operators/writes';
import { findUserByRef } from '../../accounts/users';
import type { Db } from '../../infra/db/client';
import { dualOrders } from '../../infra/db/schema';
import { currentUser, requireUser } from '../../infra/http/auth';
import { ok } from '../../infra/http/envelope';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import type { EarnModule } from '../../kernel/module';
import { requireAsset } from '../../market/assets';
import {
  getAdminDualOrdersResponse,
  getEarnDualOrderDetailResponse,
  getEarnDualOrdersResponse,
  getEarnDualSniperOrderResponse,
  postAdminDualOrdersResponse,
  putAdminDualOrdersByIdResponse,
} from './responses';

type DualRow = typeof dualOrders.$inferSelect;
const KINDS = ['dual', 'sniper'] as const;
const tags = ['dual'];

function view(o: DualRow) {
  return {
    order_id: o.id,
    id: o.id,
    // Only the operator's input writes these, checked against the same enums (orderInput).
    kind: o.kind as (typeof KINDS)[number],
    invest_coin: o.investCoin,
    exercise_coin: o.exerciseCoin,
    amount: toWire(o.amount),
    target_price: toWire(o.targetPrice),
    apr: toWire(o.apr),
    status: o.status as DualOrderStatus,
    is_open: DUAL_OPEN_STATUSES.includes(o.status as DualOrderStatus) ? 1 : 0,
    settle_coin: o.settleCoin,
    settle_amount: o.settleAmount === null ? null : toWire(o.settleAmount),
    create_time: unixSeconds(o.createdAt),
    expire_time: unixSeconds(o.expireAt),
    update_time: unixSeconds(o.updatedAt),
  };
}

async function ownOrder(db: Db, userId: number, orderId: number, kind: (typeof KINDS)[number]) {
  const [row] = await db
    .select()
    .from(dualOrders)
    .where(and(eq(dualOrders.id, orderId), eq(dualOrders.userId, userId), eq(dualOrders.kind, kind)));
  if (!row) throw errors.notFound('dual order');
  return row;
}

/** What the operator moves on an order: its status and settlement. */
const orderCodec: Codec<DualRow> = {
  status: col('status'),
  settle_coin: col('settleCoin'),
  settle_amount: amountCol('settleAmount'),
};

const orderInput = z.object({
  user: z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]),
  kind: z.enum(KINDS).default('dual'),
  invest_coin: assetSymbol,
  exercise_coin: assetSymbol,
  amount: storedPositiveAmount(8),
  target_price: storedPositiveAmount(8),
  apr: storedAmount(4),
  status: z.enum(DUAL_ORDER_STATUSES).default('INIT'),
  expire_time: unixTime().refine((t) => t > 0, 'expire_time must be after 1970'),
  settle_coin: assetSymbol.optional(),
  settle_amount: storedAmount(8).optional(),
});

async function createOrder(db: Db, b: z.infer<typeof orderInput>, at: Date): Promise<number> {
  const user = await findUserByRef(db, b.user);
  await requireAsset(db, b.invest_coin);
  await requireAsset(db, b.exercise_coin);
  const [row] = await db
    .insert(dualOrders)
    .values({
      userId: user.id,
      kind: b.kind,
      investCoin: b.invest_coin,
      exerciseCoin: b.exercise_coin,
      amount: b.amount,
      targetPrice: b.target_price,
      apr: b.apr,
      status: b.status,
      settleCoin: b.settle_coin ?? null,
      settleAmount: b.settle_amount ?? null,
      createdAt: at,
      expireAt: new Date(b.expire_time * 1000),
      updatedAt: at,
    })
    .returning({ id: dualOrders.id });
  if (!row) throw new Error('dual order not inserted');
  return row.id;
}

const NOTE =
  'Dual investment is in scope only as its order statuses (INIT, PROCESSING, SETTLEMENT_SUCCESS, ' +
  'SETTLEMENT_PROCESSING, SETTLEMENT_FAILED, CANCELING, CANCELED, EXPIRED, FAILED, INTERNAL_ERROR): orders are ' +
  'records the operator creates and moves between statuses; they move no money. is_open is 1 for INIT, ' +
  'PROCESSING, SETTLEMENT_PROCESSING and CANCELING.';

/** The orders the list can come in; the default is newest first. The id breaks ties, so pages never overlap. */
const ORDER_SORTS = ['newest', 'apr_desc', 'apr_asc', 'expire_asc', 'expire_desc'] as const;

function orderBy(sort: (typeof ORDER_SORTS)[number]): SQL[] {
  switch (sort) {
    case 'apr_desc':
      return [desc(dualOrders.apr), desc(dualOrders.id)];
    case 'apr_asc':
      return [asc(dualOrders.apr), asc(dualOrders.id)];
    case 'expire_asc':
      return [asc(dualOrders.expireAt), asc(dualOrders.id)];
    case 'expire_desc':
      return [desc(dualOrders.expireAt), desc(dualOrders.id)];
    default:
      return [desc(dualOrders.createdAt), desc(dualOrders.id)];
  }
}

function registerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const orderQuery = z.object({ order_id: z.coerce.number().int().positive() });

  r.get(
    '/apiw/v2/earn/dual/order-detail',
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnDualOrderDetailResponse },
        tags,
        summary: "One of the user's dual-investment orders",
        description: NOTE,
        querystring: orderQuery,
      },
    },
    async (req) => ok(view(await ownOrder(deps.db, currentUser(req).id, req.query.order_id, 'dual'))),
  );

  r.get(
    '/apiw/v2/earn/dual-sniper/order',
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnDualSniperOrderResponse },
        tags,
        summary: "One of the user's dual sniper orders",
        description: NOTE,
        querystring: orderQuery,
      },
    },
    async (req) => ok(view(await ownOrder(deps.db, currentUser(req).id, req.query.order_id, 'sniper'))),
  );

  r.get(
    '/apiw/v2/earn/dual/orders',
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnDualOrdersResponse },
        tags,
        summary:
          "The user's dual orders, newest first or sorted by APR or expiry, optionally of one kind, of some statuses (comma list) and of one coin",
        description: NOTE,
        querystring: z.object({
          kind: z.enum(KINDS).optional(),
          status: z.string().max(300).optional(),
          coin: assetSymbol.optional().describe('Only orders that invest in or may settle in this coin'),
          sort: z
            .enum(ORDER_SORTS)
            .default('newest')
            .describe('newest (creation, newest first), apr_desc, apr_asc, expire_asc or expire_desc'),
          ...pageQuery,
        }),
      },
    },
    async (req) => {
      const statuses = req.query.status ? req.query.status.split(',').map((s) => s.trim()) : [];
      const unknown = statuses.find((s) => !(DUAL_ORDER_STATUSES as readonly string[]).includes(s));
      if (unknown) throw errors.invalidParams(`Unknown status ${unknown}`);
      const conditions = [eq(dualOrders.userId, currentUser(req).id)];
      if (req.query.kind) conditions.push(eq(dualOrders.kind, req.query.kind));
      if (statuses.length > 0) conditions.push(inArray(dualOrders.status, statuses));
      const coin = req.query.coin;
      if (coin) {
        const either = or(eq(dualOrders.investCoin, coin), eq(dualOrders.exerciseCoin, coin));
        if (either) conditions.push(either);
      }
      const where = and(...conditions);
      const [count] = await deps.db.select({ n: sql<string>`COUNT(*)::text` }).from(dualOrders).where(where);
      const list = await deps.db
        .select()
        .from(dualOrders)
        .where(where)
        .orderBy(...orderBy(req.query.sort))
        .limit(req.query.limit)
        .offset((req.query.page - 1) * req.query.limit);
      return ok({ list: list.map(view), total: Number(count?.n ?? 0) });
    },
  );

  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const a = scope.withTypeProvider<ZodTypeProvider>();
    const admin = ['operator', 'dual'];
    a.get(
      '/admin/api/dual/orders',
      {
        schema: {
          response: { 200: getAdminDualOrdersResponse },
          tags: admin,
          summary: 'Every dual order, newest first',
          querystring: z.object(pageQuery),
        },
      },
      async (req) => {
        const [list, [count]] = await Promise.all([
          deps.db
            .select()
            .from(dualOrders)
            .orderBy(desc(dualOrders.id))
            .limit(req.query.limit)
            .offset((req.query.page - 1) * req.query.limit),
          // Every order, not this page's: the console pages by it.
          deps.db.select({ n: sql<number>`count(*)::int` }).from(dualOrders),
        ]);
        return ok({ list: list.map((o) => ({ ...view(o), user_id: o.userId })), total: count?.n ?? 0 });
      },
    );
    a.post(
      '/admin/api/dual/orders',
      {
        schema: {
          response: { 200: postAdminDualOrdersResponse },
          tags: admin,
          summary: 'Create a dual or sniper order record for a user',
          description: NOTE,
          body: orderInput,
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const id = await createOrder(tx, req.body, deps.clock.now());
          const [row] = await tx.select().from(dualOrders).where(eq(dualOrders.id, id));
          if (!row) throw new Error('dual order not found after insert');
          await auditCreation(tx, req, deps.clock, {
            action: 'dual.order.create',
            target: `dual_order:${id}`,
            codec: orderCodec,
            row,
            extra: {
              user: row.userId,
              kind: row.kind,
              invest_coin: row.investCoin,
              amount: toWire(row.amount),
            },
          });
          return ok({ order_id: id });
        }),
    );
    a.put(
      '/admin/api/dual/orders/:id',
      {
        schema: {
          response: { 200: putAdminDualOrdersByIdResponse },
          tags: admin,
          summary: 'Move an order to any of the ten statuses, optionally with its settlement coin and amount',
          description:
            'Only the fields named change; settle_coin and settle_amount may be null (not settled).',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: editSchema(
            {
              status: orderInput.shape.status,
              settle_coin: orderInput.shape.settle_coin,
              settle_amount: orderInput.shape.settle_amount,
            },
            { clearable: ['settle_coin', 'settle_amount'] },
          ),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const [current] = await tx
            .select()
            .from(dualOrders)
            .where(eq(dualOrders.id, req.params.id))
            .for('update');
          if (!current) throw errors.notFound('dual order');
          if (req.body.settle_coin) await requireAsset(tx, req.body.settle_coin);
          const row = await applyEdit(tx, req, deps.clock, {
            codec: orderCodec,
            current,
            body: req.body,
            write: async (set) => {
              const [row] = await tx
                .update(dualOrders)
                .set({ ...set, updatedAt: deps.clock.now() })
                .where(eq(dualOrders.id, current.id))
                .returning();
              return row ?? current;
            },
            action: 'dual.order.update',
            target: `dual_order:${current.id}`,
          });
          return ok(view(row));
        }),
    );
  });
}

/** One demo order per status, dual and sniper, so the status list shows every case. */
async function seedDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
  const sec = Math.floor(at.getTime() / 1000);
  let i = 0;
  for (const status of DUAL_ORDER_STATUSES) {
    i++;
    const settled = status === 'SETTLEMENT_SUCCESS';
    await createOrder(
      db,
      orderInput.parse({
        user: demoUserId,
        kind: i % 3 === 0 ? 'sniper' : 'dual',
        invest_coin: i % 2 === 0 ? 'USDT' : 'BTC',
        exercise_coin: i % 2 === 0 ? 'BTC' : 'USDT',
        amount: i % 2 === 0 ? String(500 + i * 100) : '0.01',
        target_price: '95000',
        apr: String(20 + i * 3),
        status,
        expire_time: sec + (i - 5) * 86_400,
        settle_coin: settled ? 'USDT' : undefined,
        settle_amount: settled ? '1004.52' : undefined,
      }),
      new Date(at.getTime() - (11 - i) * 3_600_000),
    );
  }
}

export const dualModule: EarnModule = {
  name: 'dual',
  routes: registerRoutes,
  seedDemo,
};
