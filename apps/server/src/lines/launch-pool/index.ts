import { dec, RateYearType } from '@earn/domain';
import type { Db } from '../../infra/db/client';
import type { BestOffer, EarnModule } from '../../kernel/module';
import { seedDemo } from './demo';
import { launchPoolJobs } from './engine';
import { loadPoolMarket, poolAprWire } from './live';
import { launchPoolReads } from './reads';
import { registerLaunchPoolRoutes } from './routes';
import { registerLaunchPoolAdminRoutes } from './routes/admin';
import { registerChecks, registerInterestCheck } from './store/checks';
import { coinsOf, poolsOf, runningProjects } from './store/projects';

/**
 * The best APR among the pools of projects in progress at `now`: the figure each pool's card shows
 * (live.ts poolShownApr: the set rate until the live figure, derived from the reward rate, the total
 * staked and the prices, comes down to it). Pools without a rate of either kind are left out.
 */
async function bestOfferAt(db: Db, now: Date): Promise<BestOffer> {
  const running = await runningProjects(db, now);
  const pools = await poolsOf(
    db,
    running.map((p) => p.pid),
  );
  const coins = await coinsOf(
    db,
    pools.map((p) => p.rid),
  );
  const market = await loadPoolMarket(db, now, []);
  let best: { coin: string; apr: string; rid: number } | null = null;
  for (const pool of pools) {
    const project = running.find((p) => p.pid === pool.pid);
    if (!project || pool.rateYearType === RateYearType.none) continue;
    const apr = poolAprWire(pool, project, coins, market).shown_rate_year;
    if (apr === null) continue;
    if (!best || dec(apr).gt(best.apr) || (dec(apr).eq(best.apr) && pool.rid < best.rid))
      best = { coin: pool.coin, apr, rid: pool.rid };
  }
  return { line: 'launch-pool', asset: best?.coin ?? null, apr: best?.apr ?? null };
}

export const launchPoolModule: EarnModule = {
  name: 'launch-pool',
  reads: launchPoolReads,
  routes(app, deps) {
    registerChecks();
    registerInterestCheck();
    registerLaunchPoolRoutes(app, deps);
    registerLaunchPoolAdminRoutes(app, deps);
  },
  jobs: () => launchPoolJobs(),
  seedDemo,
  bestOffer: bestOfferAt,
};
