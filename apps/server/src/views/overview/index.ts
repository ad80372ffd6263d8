import type { EarnModule } from '../../kernel/module';
import { rollupJob } from './rollup';
import { registerOverviewRoutes } from './routes';

/**
 * The earn overview: what a user holds across the lines, what it earned, what comes next; and the
 * daily rollup of every user's movements its earnings read for closed days.
 */
export const overviewModule: EarnModule = {
  name: 'overview',
  routes: registerOverviewRoutes,
  jobs: (deps) => [rollupJob(deps)],
};
