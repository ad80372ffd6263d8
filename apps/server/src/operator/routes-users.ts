import {
  ACCOUNT_MODES,
  assetSymbol,
  COMPLIANCE_MENU_ITEMS,
  dec,
  nonNegativeAmount,
  positiveAmount,
  toWire,
} from '@earn/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loansOf } from '../accounts/balances';
import { changedFields, recordAudit } from '../accounts/operators/audit';
import { operatorGuard } from '../accounts/operators/guard';
import { amountCol, applyEdit, type Codec, col, editSchema } from '../accounts/operators/patch';
import { inTransaction } from '../accounts/operators/writes';
import { findUserByRef, type UserRow } from '../accounts/users';
import type { Db } from '../infra/db/client';
import { assets, ledgerAccounts, users } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { AppDeps } from '../kernel/deps';
import { errors } from '../kernel/errors';
import { type AssetRow, setPrice } from '../market/assets';
import {
  getAdminUsersByUserResponse,
  putAdminPricesByAssetResponse,
  putAdminUsersByUserResponse,
} from './responses';

const _userRef = z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]);

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

/** A user's operator settings and the market prices: edits through the one audited patch path. */
export function registerUserAndPriceRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator'];

    r.get(
      '/admin/api/users/:user',
      {
        schema: {
          response: { 200: getAdminUsersByUserResponse },
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
          response: { 200: putAdminUsersByUserResponse },
          tags,
          summary: "Set a user's VIP tier, 60-day volume, account mode, compliance lists and lock flags",
          params: z.object({ user: z.string().max(254) }),
          description: 'Only the fields named change; an empty body changes nothing.',
          body: editSchema(userSettings),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
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
          response: { 200: putAdminPricesByAssetResponse },
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
          const tx: Db = t;
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
  });
}
