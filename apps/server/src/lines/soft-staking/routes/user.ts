import { type Decimal, dec, toWire } from '@earn/domain';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { loansOf } from '../../../accounts/balances';
import { softStakingCoins, softStakingPayouts, softStakingUsers } from '../../../infra/db/schema';
import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, route } from '../../../infra/http/route-table';
import { unixSeconds } from '../../../infra/jobs/clock';
import type { AppDeps } from '../../../kernel/deps';
import { UserPurpose } from '../../../ledger/accounts';
import { balancesOf } from '../../../ledger/ledger';
import { BASE, payoutHistorySchema, productsSchema, statusSchema, switchOnOffSchema } from '../schema/user';
import { eligibleOf, switchSoftStaking } from '../service/switch';
import { coinView } from './wire';

const secs = (d: Date | null | undefined) => (d ? unixSeconds(d) : null);
async function switchOnOff(deps: AppDeps, req: RouteRequest<typeof switchOnOffSchema>) {
  const row = await deps.db.transaction((tx) =>
    switchSoftStaking(tx, currentUser(req).id, req.body.status, deps.clock.now()),
  );
  return ok({ status: row.enabled, enabled_at: secs(row.enabledAt), disabled_at: secs(row.disabledAt) });
}

async function status(deps: AppDeps, req: RouteRequest<typeof statusSchema>) {
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
}

async function products(deps: AppDeps, req: RouteRequest<typeof productsSchema>) {
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
}

async function payoutHistory(deps: AppDeps, req: RouteRequest<typeof payoutHistorySchema>) {
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
}

export const userRoutes: Route[] = [
  route({
    method: 'POST',
    path: `${BASE}/switch`,
    access: 'user',
    schema: switchOnOffSchema,
    handler: switchOnOff,
  }),
  route({ method: 'GET', path: `${BASE}/status`, access: 'user', schema: statusSchema, handler: status }),
  route({
    method: 'GET',
    path: `${BASE}/products`,
    access: 'optional',
    schema: productsSchema,
    handler: products,
  }),
  route({
    method: 'GET',
    path: `${BASE}/payout-history`,
    access: 'user',
    schema: payoutHistorySchema,
    handler: payoutHistory,
  }),
];
