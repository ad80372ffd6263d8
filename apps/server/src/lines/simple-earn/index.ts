import type { EarnModule } from '../../kernel/module';
import { seedDemo } from './demo';
import { simpleEarnJobs } from './engine';
import { simpleEarnReads } from './reads';
import { registerSimpleEarnAdminRoutes, registerSimpleEarnRoutes } from './routes';
import { registerChecks } from './store/checks';
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
};
