import {
  assetSymbol,
  dec,
  intChoice,
  storedAmount,
  storedPositiveAmount,
  unixTime,
  WEALTH_PROJECT_TYPES,
} from '@earn/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../accounts/operators/audit';
import { operatorGuard } from '../../accounts/operators/guard';
import {
  amountCol,
  applyEdit,
  auditCreation,
  type Codec,
  col,
  editSchema,
  unixCol,
  valuesOf,
} from '../../accounts/operators/patch';
import { inTransaction } from '../../accounts/operators/writes';
import type { Db } from '../../infra/db/client';
import { wealthProducts } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import { i18nInput, mergeI18n, storedI18n, variantText } from '../../infra/http/texts';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { requireAsset } from '../../market/assets';
import { productView } from './queries';
import {
  getAdminWealthProductsResponse,
  postAdminWealthProductsByPidNavResponse,
  postAdminWealthProductsResponse,
  putAdminWealthProductsByPidResponse,
} from './responses';
import { publishNav } from './service';

/** 4 or 5, as a JSON number or a form string: the document lists the two. */
const projectType = intChoice(WEALTH_PROJECT_TYPES);

export const wealthProductFields = {
  project_type: projectType,
  name: z.string().trim().min(1).max(120),
  coin: assetSymbol,
  min_purchase: storedAmount(8).default('0'),
  vip_min_tier: z.number().int().min(0).max(16).default(0),
  show_interest: z.boolean().default(true),
  disclaimer: z.string().max(500).default('/asset-management/institution/disclaimer'),
  description: z.string().max(4000).default(''),
  status: z.enum(['online', 'offline']).default('online'),
  run_start: unixTime()
    .refine((t) => t > 0, 'run_start must be after 1970')
    .optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** The first NAV, published at creation. */
  nav: storedPositiveAmount(8),
  i18n: i18nInput({ name: variantText(120), description: variantText(4000) }).optional(),
};
export const wealthProductInput = z.object(wealthProductFields);

/** What an edit may change: not the coin, the type, nor the NAV (published by its own call). */
const { project_type: _type, coin: _coin, nav: _nav, ...editableFields } = wealthProductFields;

type ProductRow = typeof wealthProducts.$inferSelect;
const productCodec: Codec<ProductRow> = {
  name: col('name'),
  min_purchase: amountCol('minPurchase'),
  vip_min_tier: col('vipMinTier'),
  show_interest: col('showInterest'),
  disclaimer: col('disclaimer'),
  description: col('description'),
  status: col('status'),
  run_start: unixCol('runStart'),
  sort: col('sort'),
  i18n: col('i18n'),
};

export async function createWealthProduct(
  db: Db,
  b: z.infer<typeof wealthProductInput>,
  at: Date,
): Promise<number> {
  const [row] = await insertProduct(db, b, at);
  return row.id;
}

async function insertProduct(db: Db, b: z.infer<typeof wealthProductInput>, at: Date): Promise<[ProductRow]> {
  await requireAsset(db, b.coin);
  const [row] = await db
    .insert(wealthProducts)
    .values({
      ...(valuesOf(productCodec, b) as typeof wealthProducts.$inferInsert),
      i18n: storedI18n(b.i18n),
      projectType: b.project_type,
      coin: b.coin,
      runStart: b.run_start ? new Date(b.run_start * 1000) : at,
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('wealth product not inserted');
  await publishNav(db, row.id, dec(b.nav), at);
  return [row];
}

/** The operator's wealth catalogue: products and their NAVs. */
export function registerWealthAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const a = scope.withTypeProvider<ZodTypeProvider>();
    const admin = ['operator', 'wealth'];
    const pidParam = z.object({ pid: z.coerce.number().int().positive() });

    a.get(
      '/admin/api/wealth/products',
      {
        schema: {
          response: { 200: getAdminWealthProductsResponse },
          tags: admin,
          summary: 'Every wealth product with its latest NAV',
        },
      },
      async () => {
        const found = await deps.db.select().from(wealthProducts).orderBy(asc(wealthProducts.id));
        const list = [];
        for (const p of found) list.push(await productView(deps.db, p, deps.clock.now()));
        return ok({ list, total: list.length });
      },
    );

    a.post(
      '/admin/api/wealth/products',
      {
        schema: {
          response: { 200: postAdminWealthProductsResponse },
          tags: admin,
          summary: 'Create a wealth product (type 4 or 5) and publish its first NAV',
          body: wealthProductInput,
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const [row] = await insertProduct(tx, req.body, deps.clock.now());
          await auditCreation(tx, req, deps.clock, {
            action: 'wealth.product.create',
            target: `wealth_product:${row.id}`,
            codec: productCodec,
            row,
            extra: { project_type: row.projectType, coin: row.coin, nav: req.body.nav },
          });
          return ok({ pid: row.id });
        }),
    );

    a.put(
      '/admin/api/wealth/products/:pid',
      {
        schema: {
          response: { 200: putAdminWealthProductsByPidResponse },
          tags: admin,
          summary: 'Edit a wealth product (not its coin or type)',
          description: 'Only the fields named change; the NAV has its own call.',
          params: pidParam,
          body: editSchema(editableFields),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const [current] = await tx
            .select()
            .from(wealthProducts)
            .where(eq(wealthProducts.id, req.params.pid))
            .for('update');
          if (!current) throw errors.notFound('wealth product');
          await applyEdit(tx, req, deps.clock, {
            codec: productCodec,
            current,
            body: req.body.i18n ? { ...req.body, i18n: mergeI18n(current.i18n, req.body.i18n) } : req.body,
            write: async (set) => {
              const [row] = await tx
                .update(wealthProducts)
                .set(set)
                .where(eq(wealthProducts.id, current.id))
                .returning();
              return row ?? current;
            },
            action: 'wealth.product.update',
            target: `wealth_product:${current.id}`,
          });
          return ok({ pid: current.id });
        }),
    );

    a.post(
      '/admin/api/wealth/products/:pid/nav',
      {
        schema: {
          response: { 200: postAdminWealthProductsByPidNavResponse },
          tags: admin,
          summary: 'Publish a NAV now; it settles every redemption of the product requested until now',
          description:
            'Answers how many redemptions it settled. Gains are paid from, and losses booked to, the system account wealth_fund.',
          params: pidParam,
          body: z.object({ nav: storedPositiveAmount(8) }),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const published = await publishNav(tx, req.params.pid, dec(req.body.nav), deps.clock.now());
          await recordAudit(tx, req, deps.clock, {
            action: 'wealth.nav.publish',
            target: `wealth_product:${req.params.pid}`,
            before: null,
            after: { nav: published.nav, time: published.time, settled: published.settled },
          });
          return ok(published);
        }),
    );
  });
}
