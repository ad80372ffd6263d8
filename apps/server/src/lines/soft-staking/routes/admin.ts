import { orderIssues, type ProductIssue, UNLIMITED } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { operatorGuard } from '../../../accounts/operators/guard';
import {
  amountCol,
  applyEdit,
  auditCreation,
  type Codec,
  col,
  rates,
  refuse,
  valuesOf,
} from '../../../accounts/operators/patch';
import { inTransaction } from '../../../accounts/operators/writes';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { rateWatch } from '../../../kernel/notices';
import { requireAsset } from '../../../market/assets';
import type { CoinInsert, CoinRow } from '../model';
import { coinList } from '../reads';
import { coinFields, coinsSchema, editCoinSchema } from '../schema/admin';
import { coinForUpdate, insertCoin, updateCoin } from '../store';

const coinCodec: Codec<CoinRow> = {
  rate: rates(amountCol('rate'), 'percent'),
  min_amount: amountCol('minAmount'),
  max_amount: amountCol('maxAmount'),
  status: col('status'),
  sort: col('sort'),
};

/** A coin as a whole: a cap (unless -1) not below the minimum. */
function coinIssues(k: Record<string, unknown>): ProductIssue[] {
  const max = String(k.max_amount);
  return max === UNLIMITED ? [] : orderIssues('min_amount', String(k.min_amount), 'max_amount', max);
}
async function coins(deps: AppDeps) {
  return ok(await coinList(deps.db));
}

async function editCoin(deps: AppDeps, req: RouteRequest<typeof editCoinSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const asset = await requireAsset(tx, req.params.coin);
    const target = `soft_staking_coin:${asset.symbol}`;
    const current = await coinForUpdate(tx, asset.symbol);
    if (current) {
      await rateWatch().watchRates(tx, 'soft_staking', deps.clock.now(), () =>
        applyEdit(tx, req, deps.clock, {
          codec: coinCodec,
          current,
          body: req.body,
          check: coinIssues,
          write: async (set) =>
            (await updateCoin(tx, asset.symbol, { ...set, updatedAt: deps.clock.now() })) ?? current,
          action: 'soft_staking.coin.update',
          target,
        }),
      );
      return ok({ coin: asset.symbol });
    }
    if (req.body.rate === undefined)
      throw errors.invalidParams('rate is required to list a coin', { field: 'rate' });
    const coin = z.object(coinFields).parse(req.body);
    refuse(coinIssues(coin));
    const row = await insertCoin(tx, {
      ...(valuesOf(coinCodec, coin) as CoinInsert),
      coin: asset.symbol,
      updatedAt: deps.clock.now(),
    });
    await auditCreation(tx, req, deps.clock, {
      action: 'soft_staking.coin.create',
      target,
      codec: coinCodec,
      row,
    });
    return ok({ coin: asset.symbol });
  });
}

const adminRoutes: Route[] = [
  route({ method: 'GET', path: '/admin/api/soft-staking/coins', schema: coinsSchema, handler: coins }),
  route({
    method: 'PUT',
    path: '/admin/api/soft-staking/coins/:coin',
    schema: editCoinSchema,
    handler: editCoin,
  }),
];

/** The operator's soft staking coins, behind the operator guard. */
export function registerSoftStakingAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    registerRoutes(scope, deps, adminRoutes);
  });
}
