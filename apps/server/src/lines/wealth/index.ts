import { dec, toWire } from '@earn/domain';
import type { Db } from '../../infra/db/client';
import type { EarnModule } from '../../kernel/module';
import { findAsset } from '../../market/assets';
import { AcceptanceKind, recordAcceptance } from '../staking/store/acceptance';
import { DAY_MS } from './model';
import { recent30DaysRate, wealthReads } from './reads';
import { registerWealthRoutes } from './routes';
import { wealthProductInput } from './schema/catalogue';
import { createWealthProduct } from './service/create-product';
import { purchase } from './service/purchase';
import { registerChecks } from './store/checks';
import { insertNavs } from './store/navs';
import { onlineProducts, productOfCoin } from './store/products';

/**
 * Demo: a private-wealth USDT fund and an asset-management BTC fund, each with half a year of daily
 * NAVs, and a holding of the demo user in the USDT fund.
 */
async function seedDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
  const funds = [
    {
      project_type: 4,
      name: 'Stable Yield Private Fund',
      zhName: '稳健收益私募基金',
      coin: 'USDT',
      min_purchase: '100',
      vip_min_tier: 1,
      nav: '1',
      drift: '0.00018',
    },
    {
      project_type: 5,
      name: 'BTC Quant Strategy',
      zhName: 'BTC 量化策略',
      coin: 'BTC',
      min_purchase: '0.001',
      vip_min_tier: 0,
      nav: '1',
      drift: '0.0004',
    },
  ];
  for (const f of funds) {
    if (!(await findAsset(db, f.coin))) continue;
    const start = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS - 180 * DAY_MS);
    const pid = await createWealthProduct(
      db,
      wealthProductInput.parse({
        ...f,
        description: `${f.name}: a managed ${f.coin} fund.`,
        i18n: { 'zh-CN': { name: f.zhName, description: `${f.zhName}：一只专业管理的 ${f.coin} 基金。` } },
        run_start: start.getTime() / 1000,
      }),
      start,
    );
    let nav = dec(f.nav);
    const points = [];
    for (let i = 1; i <= 180; i++) {
      // A gently rising series with a dip every ninth day, so the charts show change both ways.
      nav = nav.times(dec(1).plus(i % 9 === 0 ? dec(f.drift).times(-3) : f.drift)).toDecimalPlaces(8);
      points.push({ productId: pid, at: new Date(start.getTime() + i * DAY_MS), nav: toWire(nav) });
    }
    await insertNavs(
      db,
      points.filter((p) => p.at <= at),
    );
  }
  const usdtFund = await productOfCoin(db, 'USDT');
  if (usdtFund) {
    await recordAcceptance(
      db,
      {
        userId: demoUserId,
        kind: AcceptanceKind.wealthDisclaimer,
        ref: String(usdtFund.id),
        document: usdtFund.disclaimer,
      },
      at,
    );
    await purchase(db, { userId: demoUserId, pid: usdtFund.id, amount: '2000', now: at });
  }
}

export const wealthModule: EarnModule = {
  name: 'wealth',
  reads: wealthReads,
  routes(app, deps) {
    registerChecks();
    registerWealthRoutes(app, deps);
  },
  seedDemo,
  async bestOffer(db, now) {
    let best: { asset: string; apr: string; type: number } | null = null;
    for (const p of await onlineProducts(db)) {
      const rate = await recent30DaysRate(db, p.id, now);
      if (!best || dec(rate).gt(best.apr)) best = { asset: p.coin, apr: rate, type: p.projectType };
    }
    // The page lists one project type at a time: the card opens the one that holds this fund.
    return {
      line: 'wealth',
      asset: best?.asset ?? null,
      apr: best?.apr ?? null,
      query: best ? { type: String(best.type) } : null,
    };
  },
};
