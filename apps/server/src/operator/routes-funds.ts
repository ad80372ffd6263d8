import { assetSymbol, dec, positiveAmount } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { borrow, deposit, repay, withdraw } from '../accounts/funding';
import { findUserByRef } from '../accounts/users';
import type { AppDeps } from '../http/context';
import { idempotent } from '../http/idempotency';
import { recordAudit } from './audit';
import { operatorGuard } from './guard';
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
export function registerFundsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator'];

    r.post(
      '/admin/api/deposits',
      {
        config: { idempotent: true },
        schema: {
          response: { 200: postAdminDepositsResponse },
          tags,
          summary: "Credit a user's spot balance (simulated deposit)",
          body: movement,
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const user = await findUserByRef(tx, req.body.user);
          const entryId = await deposit(tx, {
            userId: user.id,
            asset: req.body.asset,
            amount: dec(req.body.amount),
            at: deps.clock.now(),
          });
          await recordAudit(
            tx,
            req,
            deps.clock,
            movementChange('funds.deposit.create', user.id, req.body, entryId),
          );
          return { entry_id: entryId, user: user.id, asset: req.body.asset, amount: req.body.amount };
        }),
    );

    r.post(
      '/admin/api/withdrawals',
      {
        config: { idempotent: true },
        schema: {
          response: { 200: postAdminWithdrawalsResponse },
          tags,
          summary: "Debit a user's spot balance; refused beyond what may leave spot",
          body: movement,
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const user = await findUserByRef(tx, req.body.user);
          const entryId = await withdraw(tx, {
            userId: user.id,
            asset: req.body.asset,
            amount: dec(req.body.amount),
            at: deps.clock.now(),
          });
          await recordAudit(
            tx,
            req,
            deps.clock,
            movementChange('funds.withdrawal.create', user.id, req.body, entryId),
          );
          return { entry_id: entryId, user: user.id, asset: req.body.asset, amount: req.body.amount };
        }),
    );

    r.post(
      '/admin/api/loans',
      {
        config: { idempotent: true },
        schema: {
          response: { 200: postAdminLoansResponse },
          tags,
          summary: 'Lend to a unified-account user: the coins land in spot and are owed',
          body: movement,
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const user = await findUserByRef(tx, req.body.user);
          await borrow(tx, {
            userId: user.id,
            asset: req.body.asset,
            amount: dec(req.body.amount),
            at: deps.clock.now(),
          });
          await recordAudit(tx, req, deps.clock, movementChange('funds.loan.create', user.id, req.body));
          return { user: user.id, asset: req.body.asset, amount: req.body.amount };
        }),
    );

    r.post(
      '/admin/api/loans/repay',
      {
        config: { idempotent: true },
        schema: {
          response: { 200: postAdminLoansRepayResponse },
          tags,
          summary: 'Repay part or all of a loan from spot',
          body: movement,
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const user = await findUserByRef(tx, req.body.user);
          await repay(tx, {
            userId: user.id,
            asset: req.body.asset,
            amount: dec(req.body.amount),
            at: deps.clock.now(),
          });
          await recordAudit(tx, req, deps.clock, movementChange('funds.loan.repay', user.id, req.body));
          return { user: user.id, asset: req.body.asset, amount: req.body.amount };
        }),
    );
  });
}
