import { assetSymbol, dec, positiveAmount } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { borrow, deposit, repay, withdraw } from '../accounts/funding';
import { recordAudit } from '../accounts/operators/audit';
import { operatorGuard } from '../accounts/operators/guard';
import { inTransaction } from '../accounts/operators/writes';
import { findUserByRef } from '../accounts/users';
import { ok } from '../infra/http/envelope';
import type { AppDeps } from '../kernel/deps';
import {
  postAdminDepositsResponse,
  postAdminLoansRepayResponse,
  postAdminLoansResponse,
  postAdminWithdrawalsResponse,
} from './responses';

const userRef = z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]);
const movement = z.object({ user: userRef, asset: assetSymbol, amount: positiveAmount(18) });

/** The audit record of a money movement the operator made: the movement, and the user's target. */
function movementChange(
  action: string,
  user: number,
  body: { asset: string; amount: string },
  entryId?: number,
) {
  return {
    action,
    target: `user:${user}`,
    before: null,
    after: {
      asset: body.asset,
      amount: body.amount,
      ...(entryId === undefined ? {} : { entry_id: entryId }),
    },
  };
}

/** Money the operator moves for a user: deposits, withdrawals, loans and repayments, each audited. */
const MOVEMENTS = [
  {
    path: '/admin/api/deposits',
    response: postAdminDepositsResponse,
    summary: "Credit a user's spot balance (simulated deposit)",
    action: 'funds.deposit.create',
    move: deposit,
  },
  {
    path: '/admin/api/withdrawals',
    response: postAdminWithdrawalsResponse,
    summary: "Debit a user's spot balance; refused beyond what may leave spot",
    action: 'funds.withdrawal.create',
    move: withdraw,
  },
  {
    path: '/admin/api/loans',
    response: postAdminLoansResponse,
    summary: 'Lend to a unified-account user: the coins land in spot and are owed',
    action: 'funds.loan.create',
    move: borrow,
  },
  {
    path: '/admin/api/loans/repay',
    response: postAdminLoansRepayResponse,
    summary: 'Repay part or all of a loan from spot',
    action: 'funds.loan.repay',
    move: repay,
  },
] as const;

export function registerFundsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator'];

    for (const m of MOVEMENTS)
      r.post(
        m.path,
        {
          schema: { response: { 200: m.response }, tags, summary: m.summary, body: movement },
        },
        async (req) =>
          inTransaction(deps, req, async (tx) => {
            const user = await findUserByRef(tx, req.body.user);
            // Deposits and withdrawals answer their journal entry; a loan's movements have none of their own.
            const entryId = (await m.move(tx, {
              userId: user.id,
              asset: req.body.asset,
              amount: dec(req.body.amount),
              at: deps.clock.now(),
            })) as number | undefined;
            await recordAudit(tx, req, deps.clock, movementChange(m.action, user.id, req.body, entryId));
            return ok({
              ...(entryId === undefined ? {} : { entry_id: entryId }),
              user: user.id,
              asset: req.body.asset,
              amount: req.body.amount,
            });
          }),
      );
  });
}
