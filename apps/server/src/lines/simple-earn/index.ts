import type { EarnModule } from '../../kernel/module';
import { seedDemo } from './demo';
import { simpleEarnJobs } from './engine';
import { simpleEarnReads } from './reads';
import { registerSimpleEarnAdminRoutes, registerSimpleEarnRoutes } from './routes';
import { registerChecks } from './store/checks';
import { indexHistoryDays } from './store/history-days';
import { bestOffer } from './store/products';

export const simpleEarnModule: EarnModule = {
  name: 'simple-earn',
  reads: simpleEarnReads,
  routes(app, deps) {
    registerChecks();
    registerSimpleEarnRoutes(app, deps);
    registerSimpleEarnAdminRoutes(app, deps);
  },
  jobs: () => simpleEarnJobs(),
  seedDemo,
  bestOffer,
  // The flexible history's index of hours, of the rollup's days.
  rollupDays: indexHistoryDays,
};
