import {
  intChoice,
  pageQuery,
  WEALTH_LINE_RANGES,
  WEALTH_LINE_TYPES,
  WEALTH_PROJECT_TYPES,
  wealthPurchaseBody,
  wealthRedeemBody,
} from '@earn/domain';
import { z } from 'zod';
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

export const BASE = '/apiw/v2/earn/private-wealth';
export const tags = ['wealth'];
/** 4 private wealth, 5 asset management: listed in the published schema. */
export const projectType = intChoice(WEALTH_PROJECT_TYPES);

export const SUCCESS_NOTE =
  'Success answers code 0 like every call of this API; the spec\'s wealth client tests "code equals 200", so ' +
  'the web client accepts 0 and 200 as success (launch-pool.md section 8).';

export const disclaimerBody = z.object({
  pid: z.coerce.number().int().positive(),
  project_type: projectType.optional(),
});

export const purchaseRouteSchema = {
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
};

export const acceptDisclaimerSchema = {
  response: { 200: postEarnPrivateWealthDisclaimerResponse },
  tags,
  summary: "Record that the user accepted a wealth product's disclaimer (the subscribe form's checkbox)",
  description:
    `Our call beside purchase: the spec's purchase body carries no agreement field, so the client calls this when ` +
    "the user ticks the disclaimer box. Stored per user and product with the clock's time and the disclaimer " +
    'accepted; a purchase needs an acceptance of the current disclaimer (else code 42210, ' +
    'wealth.purchase.disclaimerRequired). Repeating it renews accepted_at. Answers {kind, document, accepted: 1, accepted_at}.',
  body: disclaimerBody,
};

export const disclaimerSchema = {
  response: { 200: getEarnPrivateWealthDisclaimerResponse },
  tags,
  summary: "Whether the user has accepted a wealth product's current disclaimer: {accepted 0|1, accepted_at}",
  querystring: disclaimerBody,
};

export const redeemRouteSchema = {
  response: { 200: postEarnPrivateWealthRedeemResponse },
  tags,
  summary: 'Redeem units (6 decimals) of a wealth product; settled at the next NAV the operator publishes',
  description:
    `${SUCCESS_NOTE} The units leave the holding at once (redeeming_unit) with their share of the cost; when the ` +
    'next NAV is published the user receives units × NAV (8 decimals down) in spot. Refusals: ' +
    'less.redeemable.units {number}, common.amountPrecision {precision: 6}.',
  body: wealthRedeemBody,
};

export const productsSchema = {
  response: { 200: getEarnPrivateWealthProductsResponse },
  tags,
  summary: 'Wealth products (optionally of one project type) with the latest NAV, 30-day rate and run days',
  description: "name and description in the request's language (Accept-Language: zh… → zh-CN), else English.",
  querystring: z.object({ project_type: projectType.optional() }),
};

export const ordersSchema = {
  response: { 200: getEarnPrivateWealthOrdersResponse },
  tags,
  summary: "The user's holdings (one order per product), each as order-detail answers it",
  querystring: z.object({ project_type: projectType.optional() }),
};

export const redeemRecordsSchema = {
  response: { 200: getEarnPrivateWealthRedeemRecordsResponse },
  tags,
  summary: 'Redemptions, pending and settled, newest first',
  querystring: z.object(pageQuery),
};

export const orderDetailSchema = {
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
};

export const linesSchema = {
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
      .refine((n) => (WEALTH_LINE_RANGES as readonly number[]).includes(n), 'range is 30, 180, 365 or 730'),
    project_type: projectType.optional(),
  }),
};
