import type { EarnModule } from '../../kernel/module';
import { registerStatementRoutes } from './routes';

/** Statements: every earn movement of a user from the ledger, as pages and as a streamed CSV. */
export const statementsModule: EarnModule = { name: 'statements', routes: registerStatementRoutes };
