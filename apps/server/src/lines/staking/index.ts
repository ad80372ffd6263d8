import { type Decimal, toWire } from '@earn/domain';
import type { EarnModule } from '../../kernel/module';
import { seedStakingDemo } from './demo';
import { stakingJobs } from './engine';
import { stakingReads } from './reads';
import { registerStakingAdminRoutes, registerStakingRoutes } from './routes';
import { registerChecks } from './store/checks';
import { loadAllProducts } from './store/products';
import { bestUpToOf } from './terms';

export const stakingModule: EarnModule = {
  name: 'staking',
  reads: stakingReads,
  routes(app, deps) {
    registerChecks();
    registerStakingRoutes(app, deps);
    registerStakingAdminRoutes(app, deps);
  },
  jobs: () => stakingJobs(),
  seedDemo: seedStakingDemo,
  async bestOffer(db, now) {
    // "Up to X % on the first N GT", as the staking list says it (a campaign pays on a limited amount).
    let best: { asset: string; apr: Decimal; amount: Decimal | null } | null = null;
    for (const loaded of await loadAllProducts(db)) {
      if (loaded.product.status !== 'online') continue;
      const up = bestUpToOf(loaded, now);
      if (!best || up.apr.gt(best.apr)) best = { asset: loaded.product.coin, ...up };
    }
    return {
      line: 'staking',
      asset: best?.asset ?? null,
      apr: best ? toWire(best.apr) : null,
      up_to_amount: best?.amount ? toWire(best.amount) : null,
    };
  },
};
