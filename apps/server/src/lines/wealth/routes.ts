import {
  intChoice,
  MessageKey,
  pageQuery,
  parseAmount,
  WEALTH_LINE_RANGES,
  WEALTH_LINE_TYPES,
  WEALTH_PROJECT_TYPES,
  type WealthProjectTypeId,
  wealthPurchaseBody,
  wealthRedeemBody,
} from '@earn/domain';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../../accounts/idempotency';
import { wealthProducts } from '../../infra/db/schema';
import { currentUser, requireUser } from '../../infra/http/auth';
import { ok } from '../../infra/http/envelope';
import { requestLanguage } from '../../infra/http/texts';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { AcceptanceKind, acceptanceView, recordAcceptance } from '../staking/store/acceptance';
import { registerWealthAdminRoutes } from './admin-routes';
import {
  orderDetail,
  orderLines,
  productView,
  redemptionHistory,
  requireOwnOrder,
  userOrders,
} from './queries';
import {
  getEarnPrivateWealthDisclaimerResponse,
  getEarnPrivateWealthLinesResponse,
  getEarnPrivateWealthOrderDetailResponse,
  getEarnPrivateWealthOrdersResponse,
  getEarnPrivateWealthProductsResponse,
  getEarnPrivateWealthRedeemRecordsResponse,
  postEarnPrivateWealthDisclaimerResponse,
  postEarnPrivateWealthPurchaseResponse,
  postEarnPrivateWealthRedeemResponse,
} from './responses';
import { purchase, redeemUnits, requireWealthProduct } from './service';

const BASE = '/apiw/v2/earn/private-wealth';
const tags = ['wealth'];
/** 4 private wealth, 5 asset management: listed in the published schema. */
const projectType = intChoice(WEALTH_PROJECT_TYPES);

const SUCCESS_NOTE =
  'Success answers code 0 like every call of this API; the spec\'s wealth client tests "code equals 200", so ' +
  'the web client accepts 0 and 200 as success (launch-pool.md section 8).';

function checkText(text: string): void {
  const parsed = parseAmount(text);
  if (!parsed) throw errors.invalidParams('amount must be a plain decimal string');
  if (parsed.lte(0))
    throw errors.invalidParams('amount must be greater than zero', {}, MessageKey.amountPositive);
}

export function registerWealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  // The product's coin, for the money counters: the answers name the product, not its coin.
  const coinOfProduct = async (_body: unknown, data: unknown) => {
    const pid = (data as { pid?: unknown } | undefined)?.pid;
    return typeof pid === 'number' ? (await requireWealthProduct(deps.db, pid)).coin : undefined;
  };

  r.post(
    `${BASE}/purchase`,
    {
      preHandler: auth,
      config: { money: { line: 'wealth', kind: 'subscription', asset: coinOfProduct } },
      schema: {
        response: { 200: postEarnPrivateWealthPurchaseResponse },
        tags,
        summary: 'Subscribe an amount of a wealth product: units = amount / latest NAV, 6 decimals down',
        description:
          `${SUCCESS_NOTE} Form or JSON: pid, amount (8 decimals), project_type (4 or 5; the spec's client always ` +
          'sends 5, so it does not select the product: the pid does). The whole amount is the cost of the units (the fraction of a unit ' +
          'not bought stays in the cost). Refusals: common.amountPrecision, less.minimum.amount {amount}, ' +
          'wealth.purchase.belowOneUnit, finances.inadequateBalance {number: own spot funds} (the amount in the order every ' +
          'line checks it, the funding password after it), wealth.product.vipOnly {tier}, wealth.nav.missing, ' +
          'wealth.product.offline, and code 42210 wealth.purchase.disclaimerRequired {document} (HTTP 422) when the ' +
          `user has not accepted the product's current disclaimer through POST ${BASE}/disclaimer (the spec's ` +
          'purchase body has no agreement field, so the checkbox records the acceptance). Funding password per ' +
          "the user's setting (a user who never set one: 10010107 with setup_fundpass while the operator's first-move " +
          'setting is on); Idempotency-Key honoured.',
        body: wealthPurchaseBody,
      },
    },
    async (req, reply) => {
      checkText(req.body.amount);
      const user = currentUser(req);
      return idempotent(deps, req, reply, (tx) =>
        purchase(tx, {
          userId: user.id,
          pid: req.body.pid,
          amount: req.body.amount,
          now: deps.clock.now(),
        }),
      );
    },
  );

  const disclaimerBody = z.object({
    pid: z.coerce.number().int().positive(),
    project_type: projectType.optional(),
  });
  const disclaimerOf = async (userId: number, pid: number, type?: WealthProjectTypeId) => {
    const product = await requireWealthProduct(deps.db, pid, type);
    return {
      userId,
      kind: AcceptanceKind.wealthDisclaimer,
      ref: String(product.id),
      document: product.disclaimer,
    };
  };

  r.post(
    `${BASE}/disclaimer`,
    {
      preHandler: auth,
      schema: {
        response: { 200: postEarnPrivateWealthDisclaimerResponse },
        tags,
        summary:
          "Record that the user accepted a wealth product's disclaimer (the subscribe form's checkbox)",
        description:
          `Our call beside purchase: the spec's purchase body carries no agreement field, so the client calls this when ` +
          "the user ticks the disclaimer box. Stored per user and product with the clock's time and the disclaimer " +
          'accepted; a purchase needs an acceptance of the current disclaimer (else code 42210, ' +
          'wealth.purchase.disclaimerRequired). Repeating it renews accepted_at. Answers {kind, document, accepted: 1, accepted_at}.',
        body: disclaimerBody,
      },
    },
    async (req) =>
      ok(
        await recordAcceptance(
          deps.db,
          await disclaimerOf(currentUser(req).id, req.body.pid, req.body.project_type),
          deps.clock.now(),
        ),
      ),
  );

  r.get(
    `${BASE}/disclaimer`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnPrivateWealthDisclaimerResponse },
        tags,
        summary:
          "Whether the user has accepted a wealth product's current disclaimer: {accepted 0|1, accepted_at}",
        querystring: disclaimerBody,
      },
    },
    async (req) =>
      ok(
        await acceptanceView(
          deps.db,
          await disclaimerOf(currentUser(req).id, req.query.pid, req.query.project_type),
        ),
      ),
  );

  r.post(
    `${BASE}/redeem`,
    {
      preHandler: auth,
      config: {
        money: { line: 'wealth', kind: 'redemption', asset: coinOfProduct, passwordOnRedemption: true },
      },
      schema: {
        response: { 200: postEarnPrivateWealthRedeemResponse },
        tags,
        summary:
          'Redeem units (6 decimals) of a wealth product; settled at the next NAV the operator publishes',
        description:
          `${SUCCESS_NOTE} The units leave the holding at once (redeeming_unit) with their share of the cost; when the ` +
          'next NAV is published the user receives units × NAV (8 decimals down) in spot. Refusals: ' +
          'less.redeemable.units {number}, common.amountPrecision {precision: 6}.',
        body: wealthRedeemBody,
      },
    },
    async (req, reply) => {
      checkText(req.body.unit);
      const user = currentUser(req);
      return idempotent(deps, req, reply, (tx) =>
        redeemUnits(tx, { userId: user.id, pid: req.body.pid, units: req.body.unit, now: deps.clock.now() }),
      );
    },
  );

  r.get(
    `${BASE}/products`,
    {
      schema: {
        response: { 200: getEarnPrivateWealthProductsResponse },
        tags,
        summary:
          'Wealth products (optionally of one project type) with the latest NAV, 30-day rate and run days',
        description:
          "name and description in the request's language (Accept-Language: zh… → zh-CN), else English.",
        querystring: z.object({ project_type: projectType.optional() }),
      },
    },
    async (req) => {
      const found = await deps.db
        .select()
        .from(wealthProducts)
        .orderBy(asc(wealthProducts.sort), asc(wealthProducts.id));
      const now = deps.clock.now();
      const list = [];
      for (const p of found) {
        if (req.query.project_type !== undefined && p.projectType !== req.query.project_type) continue;
        list.push(await productView(deps.db, p, now, requestLanguage(req)));
      }
      return ok({ list, total: list.length });
    },
  );

  r.get(
    `${BASE}/orders`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnPrivateWealthOrdersResponse },
        tags,
        summary: "The user's holdings (one order per product), each as order-detail answers it",
        querystring: z.object({ project_type: projectType.optional() }),
      },
    },
    async (req) =>
      ok(
        await userOrders(
          deps.db,
          currentUser(req).id,
          req.query.project_type,
          deps.clock.now(),
          requestLanguage(req),
        ),
      ),
  );

  r.get(
    `${BASE}/redeem-records`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnPrivateWealthRedeemRecordsResponse },
        tags,
        summary: 'Redemptions, pending and settled, newest first',
        querystring: z.object(pageQuery),
      },
    },
    async (req) => ok(await redemptionHistory(deps.db, currentUser(req).id, req.query)),
  );

  r.get(
    `${BASE}/order-detail`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnPrivateWealthOrderDetailResponse },
        tags,
        summary: 'One holding: value, units, income, NAV now and average buy NAV, 30-day rate, run days',
        description:
          'amount = units × latest NAV (8 decimals down); income_amount = amount − cost of the held units + gains ' +
          'realised by settled redemptions; net_value_ratio_buy = cost / units (the average buy NAV); ' +
          'recent_30_days_rate = the NAV change annualised over the last 30 days, percent; client_id = the user id.',
        querystring: z.object({
          order_id: z.coerce.number().int().positive(),
          project_type: projectType.optional(),
        }),
      },
    },
    async (req) => {
      const { order, product } = await requireOwnOrder(
        deps.db,
        currentUser(req).id,
        req.query.order_id,
        req.query.project_type,
      );
      return ok(await orderDetail(deps.db, order, product, deps.clock.now(), requestLanguage(req)));
    },
  );

  r.get(
    `${BASE}/lines`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnPrivateWealthLinesResponse },
        tags,
        summary:
          'Chart of a holding over 30, 180, 365 or 730 days: type balance (value of the units then held) or rate (NAV change %)',
        querystring: z.object({
          type: z.enum(WEALTH_LINE_TYPES),
          order_id: z.coerce.number().int().positive(),
          range: z.coerce
            .number()
            .int()
            .refine(
              (n) => (WEALTH_LINE_RANGES as readonly number[]).includes(n),
              'range is 30, 180, 365 or 730',
            ),
          project_type: projectType.optional(),
        }),
      },
    },
    async (req) => {
      const { order } = await requireOwnOrder(
        deps.db,
        currentUser(req).id,
        req.query.order_id,
        req.query.project_type,
      );
      return ok(await orderLines(deps.db, order, req.query.type, req.query.range, deps.clock.now()));
    },
  );

  registerWealthAdminRoutes(app, deps);
}

export { createWealthProduct, wealthProductInput } from './admin-routes';
