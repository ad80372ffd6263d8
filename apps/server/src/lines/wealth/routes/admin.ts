import { dec } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../accounts/operators/audit';
import { operatorGuard } from '../../../accounts/operators/guard';
import { applyEdit, auditCreation } from '../../../accounts/operators/patch';
import { inTransaction } from '../../../accounts/operators/writes';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../../../infra/http/route-table';
import { mergeI18n } from '../../../infra/http/texts';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { productView } from '../reads';
import {
  createProductSchema,
  editProductSchema,
  listProductsSchema,
  publishNavSchema,
} from '../schema/admin';
import { productCodec } from '../schema/catalogue';
import { createProduct } from '../service/create-product';
import { publishNav } from '../service/publish-nav';
import { productForUpdate, productsById, updateProduct } from '../store/products';

async function listProducts(deps: AppDeps) {
  const found = await productsById(deps.db);
  const list = [];
  for (const p of found) list.push(await productView(deps.db, p, deps.clock.now()));
  return ok({ list, total: list.length });
}

async function createProductRoute(deps: AppDeps, req: RouteRequest<typeof createProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const row = await createProduct(tx, req.body, deps.clock.now());
    await auditCreation(tx, req, deps.clock, {
      action: 'wealth.product.create',
      target: `wealth_product:${row.id}`,
      codec: productCodec,
      row,
      extra: { project_type: row.projectType, coin: row.coin, nav: req.body.nav },
    });
    return ok({ pid: row.id });
  });
}

async function editProduct(deps: AppDeps, req: RouteRequest<typeof editProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const current = await productForUpdate(tx, req.params.pid);
    if (!current) throw errors.notFound('wealth product');
    await applyEdit(tx, req, deps.clock, {
      codec: productCodec,
      current,
      body: req.body.i18n ? { ...req.body, i18n: mergeI18n(current.i18n, req.body.i18n) } : req.body,
      write: async (set) => (await updateProduct(tx, current.id, set)) ?? current,
      action: 'wealth.product.update',
      target: `wealth_product:${current.id}`,
    });
    return ok({ pid: current.id });
  });
}

async function publishNavRoute(deps: AppDeps, req: RouteRequest<typeof publishNavSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const published = await publishNav(tx, req.params.pid, dec(req.body.nav), deps.clock.now());
    await recordAudit(tx, req, deps.clock, {
      action: 'wealth.nav.publish',
      target: `wealth_product:${req.params.pid}`,
      before: null,
      after: { nav: published.nav, time: published.time, settled: published.settled },
    });
    return ok(published);
  });
}

const adminRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/admin/api/wealth/products',
    schema: listProductsSchema,
    handler: listProducts,
  }),
  route({
    method: 'POST',
    path: '/admin/api/wealth/products',
    schema: createProductSchema,
    handler: createProductRoute,
  }),
  route({
    method: 'PUT',
    path: '/admin/api/wealth/products/:pid',
    schema: editProductSchema,
    handler: editProduct,
  }),
  route({
    method: 'POST',
    path: '/admin/api/wealth/products/:pid/nav',
    schema: publishNavSchema,
    handler: publishNavRoute,
  }),
];

/** The operator's wealth catalogue: products and their NAVs, behind the operator guard. */
export function registerWealthAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    registerRoutes(scope, deps, adminRoutes);
  });
}
