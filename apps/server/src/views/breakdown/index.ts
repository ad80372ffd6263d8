import type { EarnModule } from '../../kernel/module';
import { registerBreakdownRoutes } from './routes';

/** "Why this reward": reads the lines' payout records, moves nothing, runs no job. */
export const breakdownModule: EarnModule = { name: 'breakdown', routes: registerBreakdownRoutes };
