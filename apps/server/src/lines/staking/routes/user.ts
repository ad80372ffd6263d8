import { dec, MessageKey, parseAmount, StakingSide, toWire } from '@earn/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loansOf } from '../../../accounts/balances';
import { idempotent } from '../../../accounts/idempotency';
import { getUser } from '../../../accounts/users';
import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteReply, type RouteRequest, route } from '../../../infra/http/route-table';
import { localized, requestLanguage } from '../../../infra/http/texts';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import {
  type ActionBody,
  agreementSchema,
  BASE,
  balancesSchema,
  coinAskSchema,
  coinLineChartSchema,
  coinRedeemSchema,
  coinUserInfoSchema,
  defiLineChartSchema,
  productSchema,
  productsSchema,
  signAgreementSchema,
  statisticsSchema,
  swapVerifySchema,
  userLoansSchema,
  userLockBalancesSchema,
  userProfitRecordsSchema,
  userRedeemRecordsSchema,
} from '../schema/user';
import { redeem } from '../service/redeem';
import { stakeAvailable } from '../service/rules';
import { stake } from '../service/stake';
import { AcceptanceKind, acceptanceView, recordAcceptance } from '../store/acceptance';
import { loadAllProducts, loadProductByCoin } from '../store/products';
import {
  coinLines,
  defiLines,
  lockBalances,
  productTotalStaked,
  profitRecords,
  redeemingAmount,
  redeemRecords,
  rewardTotals,
  userBalances,
} from '../store/queries';
import { aprOf, bestAprOf, productView } from '../terms';

/** Blank, zero or malformed amounts: the form keeps its button disabled, the server answers 400. */
function checkAmountText(amount: string): void {
  const parsed = parseAmount(amount);
  if (!parsed) throw errors.invalidParams('amount must be a plain decimal string');
  if (parsed.lte(0))
    throw errors.invalidParams('amount must be greater than zero', {}, MessageKey.amountPositive);
}

const pidOf = (p: number | undefined) => (p === undefined || p === -1 ? undefined : p);
/** Stake or redeem, by the side the body names: the amount checked first, then the use case under the Idempotency-Key. */
async function runAction(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  body: ActionBody,
  side: number,
) {
  checkAmountText(body.amount);
  const user = currentUser(req);
  const now = deps.clock.now();
  return idempotent(deps, req, reply, async (tx) =>
    side === StakingSide.stake
      ? stake(tx, {
          userId: user.id,
          coin: body.coin,
          pid: pidOf(body.pid),
          amount: body.amount,
          src: body.src ?? 0,
          now,
        })
      : redeem(tx, {
          userId: user.id,
          coin: body.coin,
          pid: pidOf(body.pid),
          amount: body.amount,
          quick: body.quick === 1,
          now,
        }),
  );
}

/** The staking agreement of the coin's product, as the user accepts it. */
async function agreementOf(deps: AppDeps, userId: number, coin: string) {
  const { product } = await loadProductByCoin(deps.db, coin);
  return { userId, kind: AcceptanceKind.stakingAgreement, ref: product.coin, document: product.agreement };
}

const protocolIdOf = (p: number | undefined) => (p === undefined || p === -1 ? 0 : p);
async function swapVerify(
  deps: AppDeps,
  req: RouteRequest<typeof swapVerifySchema>,
  reply: RouteReply<typeof swapVerifySchema>,
) {
  return runAction(deps, req, reply, req.body, req.body.side ?? StakingSide.stake);
}

async function signAgreement(deps: AppDeps, req: RouteRequest<typeof signAgreementSchema>) {
  return ok(
    await recordAcceptance(
      deps.db,
      await agreementOf(deps, currentUser(req).id, req.body.coin),
      deps.clock.now(),
    ),
  );
}

async function agreement(deps: AppDeps, req: RouteRequest<typeof agreementSchema>) {
  return ok(await acceptanceView(deps.db, await agreementOf(deps, currentUser(req).id, req.query.coin)));
}

async function coinRedeem(
  deps: AppDeps,
  req: RouteRequest<typeof coinRedeemSchema>,
  reply: RouteReply<typeof coinRedeemSchema>,
) {
  return runAction(deps, req, reply, req.body, StakingSide.redeem);
}

async function products(deps: AppDeps, req: RouteRequest<typeof productsSchema>) {
  const now = deps.clock.now();
  const list = [];
  for (const loaded of await loadAllProducts(deps.db))
    list.push(await productView(deps.db, loaded, now, requestLanguage(req)));
  return ok({ list, total: list.length });
}

async function product(deps: AppDeps, req: RouteRequest<typeof productSchema>) {
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  return ok(await productView(deps.db, loaded, deps.clock.now(), requestLanguage(req)));
}

async function statistics(deps: AppDeps, req: RouteRequest<typeof statisticsSchema>) {
  const userId = currentUser(req).id;
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  const protocolId = req.query.pid === undefined || req.query.pid === -1 ? undefined : req.query.pid;
  const now = deps.clock.now();
  const todayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  const balances = await userBalances(deps.db, userId, loaded);
  const mine = balances.filter((b) => protocolId === undefined || b.pid === protocolId);
  return ok({
    coin: loaded.product.coin,
    pid: req.query.pid ?? -1,
    mortgage_amount: toWire(mine.reduce((s, b) => s.plus(b.mortgage_amount), dec(0))),
    accrued_reward: toWire(mine.reduce((s, b) => s.plus(b.accrued_reward), dec(0))),
    redeeming_amount: await redeemingAmount(deps.db, userId, loaded.product.id),
    total_profit: await rewardTotals(deps.db, userId, loaded.product.id, protocolId),
    // Yesterday's rewards are the ones distributed at today's UTC midnight.
    yesterday_profit: await rewardTotals(deps.db, userId, loaded.product.id, protocolId, todayStart),
    total_mortgage_amount: await productTotalStaked(deps.db, loaded.product.id, protocolId),
    apr: toWire(
      protocolId === undefined
        ? bestAprOf(loaded, now)
        : aprOf(
            loaded,
            loaded.protocols.find((p) => p.id === protocolId),
            now,
          ),
    ),
  });
}

async function coinUserInfo(deps: AppDeps, req: RouteRequest<typeof coinUserInfoSchema>) {
  const userId = currentUser(req).id;
  const user = await getUser(deps.db, userId);
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  const balances = await userBalances(deps.db, userId, loaded);
  const wanted = req.query.pid === undefined || req.query.pid === -1 ? undefined : req.query.pid;
  const held = balances
    .filter((b) => wanted === undefined || b.pid === wanted)
    .reduce((s, b) => s.plus(b.mortgage_amount), dec(0));
  return ok({
    coin: loaded.product.coin,
    hold_amount: toWire(held),
    tier: user.vipTier,
    is_crowd: loaded.product.crowd ? 1 : 0,
    available: toWire(await stakeAvailable(deps.db, userId, loaded.product.coin)),
  });
}

async function balances(deps: AppDeps, req: RouteRequest<typeof balancesSchema>) {
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  const list = await userBalances(deps.db, currentUser(req).id, loaded);
  return ok(req.query.hide_zero_hold === 1 ? list.filter((b) => dec(b.mortgage_amount).gt(0)) : list);
}

async function userProfitRecords(deps: AppDeps, req: RouteRequest<typeof userProfitRecordsSchema>) {
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  const to = req.query.to ? new Date(req.query.to * 1000) : undefined;
  return ok(await profitRecords(deps.db, currentUser(req).id, loaded, to, req.query));
}

async function userRedeemRecords(deps: AppDeps, req: RouteRequest<typeof userRedeemRecordsSchema>) {
  const productId = req.query.coin
    ? (await loadProductByCoin(deps.db, req.query.coin)).product.id
    : undefined;
  return ok(await redeemRecords(deps.db, currentUser(req).id, productId, req.query));
}

async function userLockBalances(deps: AppDeps, req: RouteRequest<typeof userLockBalancesSchema>) {
  return ok(await lockBalances(deps.db, currentUser(req).id));
}

async function userLoans(deps: AppDeps, req: RouteRequest<typeof userLoansSchema>) {
  const loans = await loansOf(deps.db, currentUser(req).id, req.query.coin ? [req.query.coin] : undefined);
  return ok({
    assets: Object.fromEntries([...loans].filter(([, v]) => v.gt(0)).map(([k, v]) => [k, toWire(v)])),
  });
}

async function coinLineChart(deps: AppDeps, req: RouteRequest<typeof coinLineChartSchema>) {
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  // A defi product's own line is its first protocol's, the one the modal preselects.
  const protocolId =
    req.query.pid === undefined || req.query.pid === -1
      ? (loaded.protocols[0]?.id ?? 0)
      : protocolIdOf(req.query.pid);
  return ok(await coinLines(deps.db, loaded.product.id, protocolId, req.query));
}

async function defiLineChart(deps: AppDeps, req: RouteRequest<typeof defiLineChartSchema>) {
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  return ok(await defiLines(deps.db, loaded.product.id, req.query));
}

async function coinAsk(deps: AppDeps, req: RouteRequest<typeof coinAskSchema>) {
  const loaded = await loadProductByCoin(deps.db, req.query.coin);
  const faq = localized(loaded.product.i18n, requestLanguage(req), 'faq', loaded.product.faq);
  return ok({ list: faq, total: faq.length });
}

export const userRoutes: Route[] = [
  route({
    method: 'POST',
    path: `${BASE}/coin-swap-verify`,
    access: 'user',
    config: {
      money: {
        line: 'staking',
        kind: (body) =>
          (body as { side?: number } | undefined)?.side === StakingSide.redeem
            ? 'redemption'
            : 'subscription',
        passwordOnRedemption: true,
      },
    },
    schema: swapVerifySchema,
    handler: swapVerify,
  }),
  route({
    method: 'POST',
    path: `${BASE}/agreement`,
    access: 'user',
    schema: signAgreementSchema,
    handler: signAgreement,
  }),
  route({
    method: 'GET',
    path: `${BASE}/agreement`,
    access: 'user',
    schema: agreementSchema,
    handler: agreement,
  }),
  route({
    method: 'POST',
    path: `${BASE}/coin-redeem`,
    access: 'user',
    config: { money: { line: 'staking', kind: 'redemption', passwordOnRedemption: true } },
    schema: coinRedeemSchema,
    handler: coinRedeem,
  }),
  route({ method: 'GET', path: `${BASE}/products`, schema: productsSchema, handler: products }),
  route({ method: 'GET', path: `${BASE}/product`, schema: productSchema, handler: product }),
  route({
    method: 'GET',
    path: `${BASE}/statistics`,
    access: 'user',
    schema: statisticsSchema,
    handler: statistics,
  }),
  route({
    method: 'GET',
    path: `${BASE}/coin-user-info`,
    access: 'user',
    schema: coinUserInfoSchema,
    handler: coinUserInfo,
  }),
  route({
    method: 'GET',
    path: `${BASE}/balances`,
    access: 'user',
    schema: balancesSchema,
    handler: balances,
  }),
  route({
    method: 'GET',
    path: `${BASE}/coin-user-profit-records`,
    access: 'user',
    schema: userProfitRecordsSchema,
    handler: userProfitRecords,
  }),
  route({
    method: 'GET',
    path: `${BASE}/redeem-records`,
    access: 'user',
    schema: userRedeemRecordsSchema,
    handler: userRedeemRecords,
  }),
  route({
    method: 'GET',
    path: `${BASE}/lock-balances`,
    access: 'user',
    schema: userLockBalancesSchema,
    handler: userLockBalances,
  }),
  route({
    method: 'GET',
    path: `${BASE}/user-loans`,
    access: 'user',
    schema: userLoansSchema,
    handler: userLoans,
  }),
  route({ method: 'GET', path: `${BASE}/coin-lines`, schema: coinLineChartSchema, handler: coinLineChart }),
  route({
    method: 'GET',
    path: `${BASE}/coin-defi-lines`,
    schema: defiLineChartSchema,
    handler: defiLineChart,
  }),
  route({ method: 'GET', path: `${BASE}/coin-ask`, schema: coinAskSchema, handler: coinAsk }),
];
