import { ACCOUNT_MODES, FUNDPASS_MODES } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../infra/http/envelope';
import { decimalString } from '../infra/http/openapi';

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

/** One finding of a reconciliation (ledger/reconcile.ts Difference). */
const difference = z.object({
  kind: z.enum([
    'balance_mismatch',
    'unbalanced_entry',
    'orphan_posting',
    'negative_user_balance',
    'asset_not_zero',
    'subledger',
  ]),
  asset: z.string(),
  account: z.object({ id: z.number(), user_id: z.number(), purpose: z.string() }).optional(),
  entry_id: z.number().optional(),
  // An orphan posting's account id: the account may not exist, so there is no owner or purpose.
  account_id: z.number().optional(),
  check: z.string().optional(),
  // A negative user balance breaks a condition rather than differing from a figure.
  // One pattern rather than a union: the response writer tries each branch of a union in turn.
  expected: z
    .string()
    .regex(/^(-?\d+(\.\d+)?|>= 0)$/)
    .describe("What the books should show, a decimal string; '>= 0' for a negative user balance"),
  actual: decimalString,
});

/** POST /admin/api/deposits */
export const postAdminDepositsResponse = envelope(
  z.object({
    entry_id: z.number(),
    user: z.number(),
    asset: z.string(),
    amount: decimalString,
  }),
);

/** POST /admin/api/withdrawals */
export const postAdminWithdrawalsResponse = postAdminDepositsResponse;

/** POST /admin/api/loans */
export const postAdminLoansResponse = envelope(
  z.object({
    user: z.number(),
    asset: z.string(),
    amount: decimalString,
  }),
);

/** POST /admin/api/loans/repay */
export const postAdminLoansRepayResponse = postAdminLoansResponse;

/** GET /admin/api/users/:user */
export const getAdminUsersByUserResponse = envelope(
  z.object({
    id: z.number(),
    email: z.string(),
    vip_tier: z.number(),
    trading_volume_60d: decimalString,
    account_mode: z.enum(ACCOUNT_MODES),
    compliance_menu: z.array(z.string()),
    compliance_business: z.array(z.string()),
    locked: z.boolean(),
    use_funding: z.boolean(),
    first_open: z.boolean(),
    fundpass_mode: z.enum(FUNDPASS_MODES),
    balances: z.array(z.object({ asset: z.string(), purpose: z.string(), balance: decimalString })),
  }),
);

/** PUT /admin/api/users/:user */
export const putAdminUsersByUserResponse = envelope(
  z.object({
    user: z.number(),
  }),
);

/** PUT /admin/api/prices/:asset */
export const putAdminPricesByAssetResponse = envelope(
  z.object({
    asset: z.string(),
    usdt: decimalString,
  }),
);

/** GET /admin/api/clock */
export const getAdminClockResponse = envelope(
  z.object({
    kind: z.enum(['system', 'test']),
    now: z.number(),
  }),
);

/** POST /admin/api/clock/advance */
export const postAdminClockAdvanceResponse = envelope(
  z.object({
    now: z.number(),
  }),
);

/** POST /admin/api/jobs/run-due */
export const postAdminJobsRunDueResponse = envelope(
  z.object({
    ran: z.number(),
  }),
);

/** GET /admin/api/jobs */
export const getAdminJobsResponse = envelope(
  z.object({
    jobs: z.array(
      z.object({
        name: z.string(),
        period_seconds: z.number(),
      }),
    ),
    runs: z.array(
      z.object({ job: z.string(), period_start: z.number(), period_end: z.number(), instance: z.string() }),
    ),
  }),
);

/** GET /admin/api/reconciliation */
export const getAdminReconciliationResponse = envelope(
  z.object({
    ok: z.boolean(),
    differences: z.array(difference),
  }),
);

/** GET /admin/api/reconciliation/reports */
export const getAdminReconciliationReportsResponse = paged(
  z.object({
    id: z.number(),
    at: z.number(),
    trigger: z.string(),
    ok: z.boolean(),
    differences: z.array(difference),
    period_start: z.number().nullable(),
  }),
);

/** GET /admin/api/analytics */
export const getAdminAnalyticsResponse = paged(
  z.object({
    id: z.number(),
    userId: z.number().nullable(),
    kind: z.string(),
    name: z.string(),
    payload: z.unknown(),
    at: z.number(),
  }),
);
