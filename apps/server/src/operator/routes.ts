import {
  ACCOUNT_MODES,
  assetSymbol,
  COMPLIANCE_MENU_ITEMS,
  dec,
  nonNegativeAmount,
  positiveAmount,
  toWire,
} from '@earn/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loansOf } from '../accounts/balances';
import { borrow, deposit, repay, withdraw } from '../accounts/funding';
import { findUserByRef, type UserRow } from '../accounts/users';
import type { Db } from '../db/client';
import { analyticsEvents, assets, jobRuns, ledgerAccounts, reconciliationReports, users } from '../db/schema';
import type { AppDeps } from '../http/context';
import { envelope, ok } from '../http/envelope';
import { errors } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { unixSeconds } from '../jobs/clock';
import { reconcileAndRecord } from '../ledger/reconcile';
import { type AssetRow, setPrice } from '../market/assets';
import { registerOperatorAccountRoutes } from './accounts-routes';
import { changedFields, listAudit, recordAudit } from './audit';
import { registerConsoleRoutes } from './console/routes';
import { operatorGuard } from './guard';
import { amountCol, applyEdit, type Codec, col, editSchema, inTransaction } from './patch';

const userRef = z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]);
const movement = z.object({ user: userRef, asset: assetSymbol, amount: positiveAmount(18) });

/** A user's operator settings, as PUT /admin/api/users/:user names them. */
const userSettings = {
  vip_tier: z.number().int().min(0).max(16),
  trading_volume_60d: nonNegativeAmount(8),
  account_mode: z.enum(ACCOUNT_MODES),
  compliance_menu: z.array(z.enum(COMPLIANCE_MENU_ITEMS)).max(10),
  compliance_business: z.array(z.string().max(64)).max(20),
  locked: z.boolean(),
  use_funding: z.boolean(),
  first_open: z.boolean(),
};

const userCodec: Codec<UserRow> = {
  vip_tier: col('vipTier'),
  trading_volume_60d: amountCol('tradingVolume60d'),
  account_mode: col('accountMode'),
  compliance_menu: col('complianceMenu'),
  compliance_business: col('complianceBusiness'),
  locked: col('locked'),
  use_funding: col('useFunding'),
  first_open: col('firstOpen'),
};

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

export function registerOperatorRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerOperatorAccountRoutes(app, deps);
  registerConsoleRoutes(app, deps);
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator'];

    r.post(
      '/admin/api/deposits',
      { schema: { tags, summary: "Credit a user's spot balance (simulated deposit)", body: movement } },
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
        schema: {
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
        schema: {
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
      { schema: { tags, summary: 'Repay part or all of a loan from spot', body: movement } },
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

    r.get(
      '/admin/api/users/:user',
      {
        schema: {
          tags,
          summary: 'A user with settings and every ledger balance',
          params: z.object({ user: z.string().max(254) }),
        },
      },
      async (req) => {
        const user = await findUserByRef(deps.db, req.params.user);
        const accounts = await deps.db
          .select({
            asset: ledgerAccounts.asset,
            purpose: ledgerAccounts.purpose,
            balance: ledgerAccounts.balance,
          })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.userId, user.id));
        return ok({
          id: user.id,
          email: user.email,
          vip_tier: user.vipTier,
          trading_volume_60d: toWire(user.tradingVolume60d),
          account_mode: user.accountMode,
          compliance_menu: user.complianceMenu,
          compliance_business: user.complianceBusiness,
          locked: user.locked,
          use_funding: user.useFunding,
          first_open: user.firstOpen,
          fundpass_mode: user.fundpassMode,
          balances: accounts.map((a) => ({ ...a, balance: toWire(a.balance) })),
        });
      },
    );

    r.put(
      '/admin/api/users/:user',
      {
        schema: {
          tags,
          summary: "Set a user's VIP tier, 60-day volume, account mode, compliance lists and lock flags",
          params: z.object({ user: z.string().max(254) }),
          description: 'Only the fields named change; an empty body changes nothing.',
          body: editSchema(userSettings),
        },
      },
      async (req) =>
        inTransaction(deps, async (tx) => {
          const found = await findUserByRef(tx, req.params.user);
          const [current] = await tx.select().from(users).where(eq(users.id, found.id)).for('update');
          if (!current) throw errors.notFound('user');
          const b = req.body;
          if (b.account_mode === 'classic' && current.accountMode !== 'classic') {
            // A classic account cannot hold loans: the operator must have them repaid first.
            const loans = await loansOf(tx, current.id);
            if ([...loans.values()].some((amount) => amount.gt(0))) {
              throw errors.conflict('Repay every loan before switching to classic');
            }
          }
          await applyEdit(tx, req, deps.clock, {
            codec: userCodec,
            current,
            body: b,
            write: async (set) => {
              const [row] = await tx.update(users).set(set).where(eq(users.id, current.id)).returning();
              return row ?? current;
            },
            action: 'users.settings.update',
            target: `user:${current.id}`,
          });
          return ok({ user: current.id });
        }),
    );

    r.put(
      '/admin/api/prices/:asset',
      {
        schema: {
          tags,
          summary: "Set an asset's price in USDT, listing it if new",
          params: z.object({ asset: assetSymbol }),
          body: z.object({
            usdt: positiveAmount(18),
            name: z.string().max(64).optional(),
            precision: z.number().int().min(0).max(18).optional(),
          }),
        },
      },
      async (req) =>
        deps.db.transaction(async (t) => {
          const tx = t as unknown as Db;
          const wire = (a: AssetRow) => ({ usdt: toWire(a.priceUsdt), name: a.name, precision: a.precision });
          const [before] = await tx
            .select()
            .from(assets)
            .where(eq(assets.symbol, req.params.asset.toUpperCase()));
          const row = await setPrice(tx, {
            symbol: req.params.asset,
            usdt: dec(req.body.usdt),
            at: deps.clock.now(),
            name: req.body.name,
            precision: req.body.precision,
          });
          const change = before ? changedFields(wire(before), wire(row)) : { before: null, after: wire(row) };
          await recordAudit(tx, req, deps.clock, {
            action: before ? 'market.price.update' : 'market.asset.list',
            target: `asset:${row.symbol}`,
            ...change,
          });
          return ok({ asset: row.symbol, usdt: toWire(row.priceUsdt) });
        }),
    );

    r.get(
      '/admin/api/clock',
      { schema: { tags, summary: 'The current time of the clock and its kind' } },
      async () => ok({ kind: deps.clock.kind, now: Math.floor(deps.clock.now().getTime() / 1000) }),
    );

    r.post(
      '/admin/api/clock/advance',
      {
        schema: {
          tags,
          summary:
            'Move the test clock forward and run every job that falls due, in order (EARN_CLOCK=test only)',
          body: z.object({
            seconds: z
              .number()
              .int()
              .min(0)
              .max(5 * 366 * 24 * 3600),
          }),
        },
      },
      async (req) => {
        const clock = deps.testClock;
        if (!clock) throw errors.conflict('The clock is the system clock; start with EARN_CLOCK=test');
        await clock.refresh();
        const from = clock.now();
        // The advance commits period by period (each period's work is its own transaction), so its
        // record is appended once it stops, with where the clock stood before and where it stands
        // now: also when a period failed part of the way, as the clock did move that far.
        try {
          const now = await deps.scheduler.advance(clock, req.body.seconds);
          return ok({ now: unixSeconds(now) });
        } finally {
          await recordAudit(deps.db, req, deps.clock, {
            action: 'jobs.clock.advance',
            target: 'clock:test',
            before: { now: unixSeconds(from) },
            after: { now: unixSeconds(clock.now()), seconds: req.body.seconds },
          });
        }
      },
    );

    r.post(
      '/admin/api/jobs/run-due',
      { schema: { tags, summary: 'Run every job period that has ended by now' } },
      async (req) => {
        // Each period runs in its own transaction; the record follows, naming how many ran.
        const ran = await deps.scheduler.runDue();
        await recordAudit(deps.db, req, deps.clock, {
          action: 'jobs.due.run',
          target: 'jobs:due',
          before: null,
          after: { ran, at: unixSeconds(deps.clock.now()) },
        });
        return ok({ ran });
      },
    );

    r.get(
      '/admin/api/jobs',
      {
        schema: {
          tags,
          summary: 'Registered jobs and the most recent periods run',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        },
      },
      async (req) => {
        const recent = await deps.db
          .select()
          .from(jobRuns)
          .orderBy(desc(jobRuns.periodStart))
          .limit(req.query.limit);
        return ok({
          jobs: deps.scheduler.list().map((j) => ({ name: j.name, period_seconds: j.periodSeconds })),
          runs: recent.map((r) => ({
            job: r.job,
            period_start: Math.floor(r.periodStart.getTime() / 1000),
            period_end: Math.floor(r.periodEnd.getTime() / 1000),
            instance: r.instance,
          })),
        });
      },
    );

    r.get(
      '/admin/api/reconciliation',
      {
        schema: { tags, summary: 'Recompute every balance from its postings; ok is false on any difference' },
      },
      async () => {
        const report = await reconcileAndRecord(deps.db, { at: deps.clock.now(), trigger: 'operator' });
        return ok(report);
      },
    );

    r.get(
      '/admin/api/reconciliation/reports',
      {
        schema: {
          tags,
          summary: 'Kept reconciliation reports, newest first',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        },
      },
      async (req) => {
        const rows = await deps.db
          .select()
          .from(reconciliationReports)
          .orderBy(desc(reconciliationReports.id))
          .limit(req.query.limit);
        // Times travel as unix seconds, like every other answer.
        const list = rows.map((r) => ({
          id: r.id,
          at: Math.floor(r.at.getTime() / 1000),
          trigger: r.trigger,
          ok: r.ok,
          differences: r.differences,
          period_start: r.periodStart ? Math.floor(r.periodStart.getTime() / 1000) : null,
        }));
        return ok({ list, total: list.length });
      },
    );

    r.get(
      '/admin/api/analytics',
      {
        schema: {
          tags,
          summary: 'Button clicks and failures the web app reported, newest first',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        },
      },
      async (req) => {
        const list = await deps.db
          .select()
          .from(analyticsEvents)
          .orderBy(desc(analyticsEvents.id))
          .limit(req.query.limit);
        return ok({
          list: list.map((e) => ({ ...e, at: Math.floor(e.at.getTime() / 1000) })),
          total: list.length,
        });
      },
    );

    r.get(
      '/admin/api/audit',
      {
        schema: {
          tags,
          operationId: 'listOperatorAudit',
          summary: 'The audit trail of operator writes, newest first, paged by cursor',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            cursor: z.coerce.number().int().positive().optional(),
            actor: z.string().max(254).optional(),
            target: z.string().max(300).optional(),
          }),
          response: {
            200: envelope(
              z.object({
                list: z.array(
                  z.object({
                    id: z.number(),
                    at: z.number(),
                    actor: z.string(),
                    role: z.string(),
                    action: z.string(),
                    target: z.string(),
                    before: z.record(z.string(), z.unknown()).nullable(),
                    after: z.record(z.string(), z.unknown()).nullable(),
                    request_id: z.string().nullable(),
                    address: z.string().nullable(),
                  }),
                ),
                next_cursor: z.number().nullable(),
              }),
            ),
          },
        },
      },
      async (req) => ok(await listAudit(deps.db, req.query)),
    );
  });
}
