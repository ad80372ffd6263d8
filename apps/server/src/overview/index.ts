import type { EarnModule } from '../http/module';
import { registerOverviewRoutes } from './routes';

/** The earn overview: what a user holds across the lines, what it earned, what comes next. */
export const overviewModule: EarnModule = { name: 'overview', routes: registerOverviewRoutes };
