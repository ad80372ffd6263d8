import { type Decimal, dec, maxDec, toWire, UNLIMITED } from '@earn/domain';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { refuse, valuesOf } from '../../../accounts/operators/patch';
import type { Db } from '../../../infra/db/client';
import {
  stakingCampaigns,
  stakingPositions,
  stakingProducts,
  stakingProtocols,
  stakingRedemptions,
} from '../../../infra/db/schema';
import { storedI18n } from '../../../infra/http/texts';
import { errors } from '../../../kernel/errors';
import { requireAsset } from '../../../market/assets';
import type { LoadedProduct, ProductRow } from '../model';
import {
  type campaignInput,
  campaignIssues,
  type ProductInput,
  productCodec,
  productIssues,
  type protocolInput,
} from '../schema/catalogue';

/**
 * An exchange_type 'asset' product needs its receipt token: a listed asset other than the staked coin
 * and its rates above zero (the token is minted at exchange_rate per coin).
 */
async function checkExchange(
  db: Db,
  coin: string,
  e: { type: string; coin: string; rate: string; reverse: string },
): Promise<void> {
  if (e.type !== 'asset') return;
  if (!e.coin)
    throw errors.invalidParams('exchange_coin (the receipt token) is required for exchange_type asset');
  if (e.coin === coin) throw errors.invalidParams('exchange_coin must differ from the staked coin');
  await requireAsset(db, e.coin);
  if (!dec(e.rate).gt(0) || !dec(e.reverse).gt(0))
    throw errors.invalidParams(
      'exchange_rate and exchange_rate_reverse must be above 0 for exchange_type asset',
    );
}

/** Receipt tokens still outstanding for a product: its exchange terms may not change while there are any. */
async function receiptOutstanding(db: Db, productId: number): Promise<Decimal> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingPositions.receiptAmount}), 0)::text` })
    .from(stakingPositions)
    .where(eq(stakingPositions.productId, productId));
  return dec(row?.total ?? '0');
}

export async function createProduct(db: Db, b: ProductInput, at: Date): Promise<number> {
  await requireAsset(db, b.coin);
  await requireAsset(db, b.reward_coin);
  if (b.redeem_config.redeem_coin !== undefined) await requireAsset(db, b.redeem_config.redeem_coin);
  await checkExchange(db, b.coin, {
    type: b.exchange_type,
    coin: b.exchange_coin ?? '',
    rate: b.exchange_rate,
    reverse: b.exchange_rate_reverse,
  });
  for (const p of b.defi) await requireAsset(db, p.reward_coin);
  refuse([
    ...productIssues(b),
    ...b.extra_interest.flatMap((c, i) => campaignIssues(c, `extra_interest.${i}`)),
  ]);
  for (const c of b.extra_interest) {
    await requireAsset(db, c.reward_coin);
    if (c.pid !== undefined && c.pid > 0 && c.pid > b.defi.length)
      throw errors.invalidParams('campaign pid is not a protocol');
  }
  const [existing] = await db
    .select({ id: stakingProducts.id })
    .from(stakingProducts)
    .where(eq(stakingProducts.coin, b.coin));
  if (existing)
    throw errors.conflict(`A staking product for ${b.coin} exists (id ${existing.id}); edit it instead`);
  const [row] = await db
    .insert(stakingProducts)
    .values({
      ...(valuesOf(productCodec, b) as typeof stakingProducts.$inferInsert),
      i18n: storedI18n(b.i18n),
      rewardCoin: b.reward_coin,
      updatedAt: at,
      coin: b.coin,
      baseRate: b.base_rate ?? b.rate,
      mostRate: b.most_rate ?? b.rate,
      redeemCoin: b.redeem_config.redeem_coin ?? (b.type === 2 ? 'USDC' : b.coin),
      createdAt: at,
    })
    .returning({ id: stakingProducts.id });
  if (!row) throw new Error('staking product not inserted');
  const pids: number[] = [];
  for (const p of b.defi) pids.push(await addProtocol(db, row.id, p));
  for (const c of b.extra_interest) {
    // At creation a campaign names its protocol by position in `defi`, counted from 1.
    const protocolId = c.pid ? (pids[c.pid - 1] ?? 0) : 0;
    await addCampaign(db, row.id, { ...c, pid: protocolId });
  }
  return row.id;
}

/**
 * The write of a product edit (operator/patch.ts's applyEdit): `set` is the columns the edit names, on
 * the product the caller locked; `merged` is the product as it would be after the edit. The exchange
 * terms must hold, and stay fixed while receipt tokens are outstanding.
 */
export async function updateProduct(
  db: Db,
  current: ProductRow,
  merged: {
    exchange_type: string;
    exchange_coin: string;
    exchange_rate: string;
    exchange_rate_reverse: string;
  },
  set: Partial<ProductRow>,
  at: Date,
): Promise<ProductRow> {
  if (set.redeemCoin !== undefined) await requireAsset(db, set.redeemCoin);
  const exchange = {
    type: merged.exchange_type,
    coin: merged.exchange_coin,
    rate: merged.exchange_rate,
    reverse: merged.exchange_rate_reverse,
  };
  await checkExchange(db, current.coin, exchange);
  if (
    (exchange.type !== current.exchangeType || exchange.coin !== current.exchangeCoin) &&
    (await receiptOutstanding(db, current.id)).gt(0)
  ) {
    throw errors.conflict(
      'Receipt tokens of this product are outstanding: its exchange_type and exchange_coin are fixed',
    );
  }
  const [row] = await db
    .update(stakingProducts)
    .set({ ...set, updatedAt: at })
    .where(eq(stakingProducts.id, current.id))
    .returning();
  if (!row) throw errors.notFound('staking product');
  return row;
}

export async function addProtocol(
  db: Db,
  productId: number,
  p: z.infer<typeof protocolInput>,
): Promise<number> {
  await requireAsset(db, p.reward_coin);
  const [row] = await db
    .insert(stakingProtocols)
    .values({
      productId,
      protocolName: p.protocol_name,
      rewardCoin: p.reward_coin,
      rate: p.rate,
      baseRate: p.base_rate ?? p.rate,
      rewardDelayDays: p.reward.reward_delay_days,
      interestDelayDays: p.reward.interest_delay_days,
      feeRate: p.reward.fee_rate,
      incomeDays: p.income_days,
      personalMortgageLimit: p.personal_mortgage_limit,
      sort: p.sort,
    })
    .returning({ id: stakingProtocols.id });
  if (!row) throw new Error('protocol not inserted');
  return row.id;
}

export async function addCampaign(
  db: Db,
  productId: number,
  c: z.infer<typeof campaignInput>,
): Promise<number> {
  await requireAsset(db, c.reward_coin);
  refuse(campaignIssues(c));
  const protocolId = c.pid ?? 0;
  if (protocolId > 0) {
    const [p] = await db
      .select()
      .from(stakingProtocols)
      .where(and(eq(stakingProtocols.id, protocolId), eq(stakingProtocols.productId, productId)));
    if (!p) throw errors.notFound('protocol');
  }
  const maxInterest =
    c.max_interest ?? c.interest.reduce((m, t) => maxDec(m, t.money_rate), dec(0)).toFixed();
  const [row] = await db
    .insert(stakingCampaigns)
    .values({
      productId,
      protocolId,
      rewardCoin: c.reward_coin,
      maxInterest,
      startAt: new Date(c.start_time * 1000),
      endAt: new Date(c.end_time * 1000),
      tiers: c.interest,
      labels: c.labels,
    })
    .returning({ id: stakingCampaigns.id });
  if (!row) throw new Error('campaign not inserted');
  return row.id;
}

export async function requireProductById(db: Db, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(stakingProducts).where(eq(stakingProducts.id, id));
  if (!row) throw errors.notFound('staking product');
  return row;
}

/**
 * Products with their protocols and campaigns: two queries for any number of products, run one after
 * the other, since `db` may be a transaction, whose one connection cannot run statements side by side.
 */
async function withParts(db: Db, products: ProductRow[]): Promise<LoadedProduct[]> {
  if (products.length === 0) return [];
  const ids = products.map((p) => p.id);
  const protocols = await db
    .select()
    .from(stakingProtocols)
    .where(inArray(stakingProtocols.productId, ids))
    .orderBy(asc(stakingProtocols.sort), asc(stakingProtocols.id));
  const campaigns = await db
    .select()
    .from(stakingCampaigns)
    .where(inArray(stakingCampaigns.productId, ids))
    .orderBy(asc(stakingCampaigns.startAt), asc(stakingCampaigns.id));
  return products.map((product) => ({
    product,
    protocols: protocols.filter((p) => p.productId === product.id),
    campaigns: campaigns.filter((c) => c.productId === product.id),
  }));
}

/** The product staking `coin`, with its protocols and campaigns; `forUpdate` serialises quota checks. */
export async function loadProductByCoin(
  db: Db,
  coin: string,
  opts: { forUpdate?: boolean } = {},
): Promise<LoadedProduct> {
  const query = db.select().from(stakingProducts).where(eq(stakingProducts.coin, coin.toUpperCase()));
  const [product] = opts.forUpdate ? await query.for('update') : await query;
  if (!product) throw errors.notFound(`staking product for ${coin}`);
  const [loaded] = await withParts(db, [product]);
  return loaded as LoadedProduct;
}

export async function loadAllProducts(db: Db): Promise<LoadedProduct[]> {
  const list = await db
    .select()
    .from(stakingProducts)
    .orderBy(asc(stakingProducts.sort), asc(stakingProducts.id));
  return withParts(db, list);
}

/** Quick redemptions of the product during the UTC day holding `now`. */

export async function quickUsedToday(db: Db, productId: number, now: Date): Promise<Decimal> {
  const dayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingRedemptions.amount}), 0)::text` })
    .from(stakingRedemptions)
    .where(
      and(
        eq(stakingRedemptions.productId, productId),
        eq(stakingRedemptions.quick, true),
        gte(stakingRedemptions.createdAt, dayStart),
        lt(stakingRedemptions.createdAt, dayEnd),
      ),
    );
  return dec(row?.total ?? '0');
}

/** Today's quick quota left: "-1" when unlimited. */
export async function quickLeftToday(db: Db, product: ProductRow, now: Date): Promise<string> {
  if (dec(product.redeemQuickDaily).eq(-1)) return UNLIMITED;
  const used = await quickUsedToday(db, product.id, now);
  return toWire(maxDec(0, dec(product.redeemQuickDaily).minus(used)));
}
