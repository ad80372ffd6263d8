import type { EarnModule } from '../../kernel/module';
import { registerArrivalRoutes } from './routes';

/** Redemption arrival across the lines: reads each line's records, moves nothing, runs no job. */
export const arrivalModule: EarnModule = { name: 'arrival', routes: registerArrivalRoutes };
