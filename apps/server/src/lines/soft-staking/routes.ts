import {
  assetSymbol,
  type Decimal,
  dec,
  orderIssues,
  type ProductIssue,
  pageQuery,
  ratePercent,
  storedAmount,
  toWire,
  UNLIMITED,
} from '@earn/domain';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loansOf } from '../../accounts/balances';
import { operatorGuard } from '../../accounts/operators/guard';
import {
  amountCol,
  applyEdit,
  auditCreation,
  type Codec,
  col,
  editSchema,
  rates,
  refuse,
  valuesOf,
} from '../../accounts/operators/patch';
import { confirmRate } from '../../accounts/operators/rate-guard';
import { inTransaction } from '../../accounts/operators/writes';
import type { Db } from '../../infra/db/client';
import { softStakingCoins, softStakingPayouts, softStakingUsers } from '../../infra/db/schema';
import { currentUser, optionalUser, requireUser } from '../../infra/http/auth';
import { ok } from '../../infra/http/envelope';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { rateWatch } from '../../kernel/notices';
import { UserPurpose } from '../../ledger/accounts';
import { balancesOf } from '../../ledger/ledger';
import { requireAsset } from '../../market/assets';
import {
  getAdminSoftStakingCoinsResponse,
  getEarnSoftStakingPayoutHistoryResponse,
  getEarnSoftStakingProductsResponse,
  getEarnSoftStakingStatusResponse,
  postEarnSoftStakingSwitchResponse,
  putAdminSoftStakingCoinsByCoinResponse,
} from './responses';

const BASE = '/apiw/v2/earn/soft-staking';
const tags = ['soft-staking'];
const secs = (d: Date | null | undefined) => (d ? unixSeconds(d) : null);

type CoinRow = typeof softStakingCoins.$inferSelect;

/** What of a balance earns under a coin's min and max. */
export function eligibleOf(balance: Decimal, coin: CoinRow): Decimal {
  if (balance.lt(coin.minAmount)) return dec(0);
  if (dec(coin.maxAmount).eq(UNLIMITED)) return balance;
  return balance.gt(coin.maxAmount) ? dec(coin.maxAmount) : balance;
}

export async function switchSoftStaking(db: Db, userId: number, on: boolean, now: Date) {
  const [row] = await db
    .select()
    .from(softStakingUsers)
    .where(eq(softStakingUsers.userId, userId))
    .for('update');
  if (row && row.enabled === on) return row;
  const values = on
    ? { enabled: true, enabledAt: now, updatedAt: now }
    : { enabled: false, disabledAt: now, updatedAt: now };
  const [saved] = await db
    .insert(softStakingUsers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: softStakingUsers.userId, set: values })
    .returning();
  if (!saved) throw new Error('soft staking switch not saved');
  return saved;
}

function coinView(k: CoinRow) {
  return {
    coin: k.coin,
    rate: toWire(k.rate),
    apr: toWire(k.rate),
    min_amount: toWire(k.minAmount),
    max_amount: toWire(k.maxAmount),
    status: k.status as 'online' | 'offline',
  };
}

const coinFields = {
  rate: ratePercent(8),
  min_amount: storedAmount(8).default('0'),
  max_amount: z.union([z.literal(UNLIMITED), storedAmount(8)]).default(UNLIMITED),
  status: z.enum(['online', 'offline']).default('online'),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
};

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

export function registerSoftStakingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);

  r.post(
    `${BASE}/switch`,
    {
      preHandler: auth,
      schema: {
        response: { 200: postEarnSoftStakingSwitchResponse },
        tags,
        summary: 'Turn soft staking on or off (JSON {status: boolean}); answers code 0 and the switch state',
        description:
          'Turning on accepts the soft-staking agreement (the client requires its terms checkbox). While on, each listed ' +
          "coin's own spot funds (spot less loans) earn a daily payout at the coin's rate: a UTC day earns if the switch " +
          "was on all day, on the lower of the day's opening snapshot and closing balance, from min_amount and up to " +
          'max_amount. No lock: the coins stay in spot. Turning off stops the current day; turning on again starts at ' +
          'the next full day. Repeating the current state changes nothing.',
        body: z.object({ status: z.boolean() }),
      },
    },
    async (req) => {
      const row = await deps.db.transaction((tx) =>
        switchSoftStaking(tx, currentUser(req).id, req.body.status, deps.clock.now()),
      );
      return ok({ status: row.enabled, enabled_at: secs(row.enabledAt), disabled_at: secs(row.disabledAt) });
    },
  );

  r.get(
    `${BASE}/status`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnSoftStakingStatusResponse },
        tags,
        summary: "The user's switch, when it was turned on, and total and yesterday's payouts per coin",
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const [row] = await deps.db.select().from(softStakingUsers).where(eq(softStakingUsers.userId, userId));
      const now = deps.clock.now();
      const todayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
      const totals = async (since?: Date) => {
        const conditions = [eq(softStakingPayouts.userId, userId)];
        if (since) conditions.push(gte(softStakingPayouts.createdAt, since));
        const found = await deps.db
          .select({
            coin: softStakingPayouts.coin,
            amount: sql<string>`SUM(${softStakingPayouts.amount})::text`,
          })
          .from(softStakingPayouts)
          .where(and(...conditions))
          .groupBy(softStakingPayouts.coin)
          .orderBy(softStakingPayouts.coin);
        return found.map((f) => ({ coin: f.coin, amount: toWire(f.amount) }));
      };
      return ok({
        status: row?.enabled ?? false,
        enabled_at: secs(row?.enabledAt),
        total_payout: await totals(),
        yesterday_payout: await totals(todayStart),
      });
    },
  );

  r.get(
    `${BASE}/products`,
    {
      preHandler: optionalUser(deps.db, deps.clock),
      schema: {
        response: { 200: getEarnSoftStakingProductsResponse },
        tags,
        summary:
          "Coins that earn soft-staking payouts, with the user's eligible balance and estimated daily payout when signed in",
      },
    },
    async (req) => {
      const coins = await deps.db
        .select()
        .from(softStakingCoins)
        .where(eq(softStakingCoins.status, 'online'))
        .orderBy(asc(softStakingCoins.sort), asc(softStakingCoins.coin));
      const user = req.user;
      const spot = user ? await balancesOf(deps.db, user.id, UserPurpose.spot) : new Map<string, Decimal>();
      const loans = user ? await loansOf(deps.db, user.id) : new Map<string, Decimal>();
      const list = coins.map((k) => {
        const own = (spot.get(k.coin) ?? dec(0)).minus(loans.get(k.coin) ?? dec(0));
        const eligible = eligibleOf(own.isNegative() ? dec(0) : own, k);
        return {
          ...coinView(k),
          eligible_amount: toWire(eligible),
          estimated_daily: toWire(eligible.times(k.rate).div(36500), 8),
        };
      });
      return ok({ list, total: list.length });
    },
  );

  r.get(
    `${BASE}/payout-history`,
    {
      preHandler: auth,
      schema: {
        response: { 200: getEarnSoftStakingPayoutHistoryResponse },
        tags,
        summary:
          'Daily payouts, newest first (time: when paid; day: the UTC day earned); optionally of one coin',
        querystring: z.object({ coin: assetSymbol.optional(), ...pageQuery }),
      },
    },
    async (req) => {
      const conditions = [
        eq(softStakingPayouts.userId, currentUser(req).id),
        sql`${softStakingPayouts.amount} > 0`,
      ];
      if (req.query.coin) conditions.push(eq(softStakingPayouts.coin, req.query.coin));
      const where = and(...conditions);
      const [count] = await deps.db
        .select({ n: sql<string>`COUNT(*)::text` })
        .from(softStakingPayouts)
        .where(where);
      const list = await deps.db
        .select()
        .from(softStakingPayouts)
        .where(where)
        .orderBy(desc(softStakingPayouts.day), asc(softStakingPayouts.coin))
        .limit(req.query.limit)
        .offset((req.query.page - 1) * req.query.limit);
      return ok({
        list: list.map((p) => ({
          coin: p.coin,
          day: unixSeconds(p.day),
          time: unixSeconds(p.createdAt),
          eligible_amount: toWire(p.eligible),
          rate: toWire(p.rate),
          amount: toWire(p.amount),
        })),
        total: Number(count?.n ?? 0),
      });
    },
  );

  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const a = scope.withTypeProvider<ZodTypeProvider>();
    const admin = ['operator', 'soft-staking'];
    a.get(
      '/admin/api/soft-staking/coins',
      {
        schema: {
          response: { 200: getAdminSoftStakingCoinsResponse },
          tags: admin,
          summary: 'Every soft-staking coin',
        },
      },
      async () => {
        const list = await deps.db.select().from(softStakingCoins).orderBy(asc(softStakingCoins.coin));
        return ok({ list: list.map(coinView), total: list.length });
      },
    );
    a.put(
      '/admin/api/soft-staking/coins/:coin',
      {
        schema: {
          response: { 200: putAdminSoftStakingCoinsByCoinResponse },
          tags: admin,
          summary:
            'List or edit a soft-staking coin: rate (percent a year), min_amount, max_amount (-1 no cap), status',
          description:
            'A coin not yet listed is listed with the fields given (rate required; min_amount 0, max_amount -1, status ' +
            'online, sort 0 when left out). A listed coin changes only the fields named. max_amount must not be below ' +
            'min_amount. A rate above the ceiling in the operator settings, or above 3 times the current one, needs ' +
            'confirm_rate: true (422 42230 operator.rate.confirm without it).',
          params: z.object({ coin: assetSymbol }),
          body: editSchema(coinFields).extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const asset = await requireAsset(tx, req.params.coin);
          const target = `soft_staking_coin:${asset.symbol}`;
          const [current] = await tx
            .select()
            .from(softStakingCoins)
            .where(eq(softStakingCoins.coin, asset.symbol))
            .for('update');
          if (current) {
            await rateWatch().watchRates(tx, 'soft_staking', deps.clock.now(), () =>
              applyEdit(tx, req, deps.clock, {
                codec: coinCodec,
                current,
                body: req.body,
                check: coinIssues,
                write: async (set) => {
                  const [row] = await tx
                    .update(softStakingCoins)
                    .set({ ...set, updatedAt: deps.clock.now() })
                    .where(eq(softStakingCoins.coin, asset.symbol))
                    .returning();
                  return row ?? current;
                },
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
          const [row] = await tx
            .insert(softStakingCoins)
            .values({
              ...(valuesOf(coinCodec, coin) as typeof softStakingCoins.$inferInsert),
              coin: asset.symbol,
              updatedAt: deps.clock.now(),
            })
            .returning();
          if (!row) throw new Error('soft staking coin not inserted');
          await auditCreation(tx, req, deps.clock, {
            action: 'soft_staking.coin.create',
            target,
            codec: coinCodec,
            row,
          });
          return ok({ coin: asset.symbol });
        }),
    );
  });
}
