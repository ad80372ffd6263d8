import type { EarnModule } from '../../kernel/module';
import { runLiabilityDay } from './build';
import { registerLiabilityRoutes } from './routes';

/**
 * Proof of liabilities: a daily Merkle tree over what every user holds in Earn (overview/holdings.ts,
 * the overview's own definition), its root public, each user's leaf and path private to them.
 */
export const liabilitiesModule: EarnModule = {
  name: 'liabilities',
  routes: registerLiabilityRoutes,
  jobs: (deps) => [
    {
      name: 'liabilities.daily',
      periodSeconds: 86_400,
      run: (tx, period) => runLiabilityDay(tx, deps.reads, period, deps.clock.now()),
      // It reads the holdings at its instant and writes its own snapshot: a batch goes on across it.
      interleaves: true,
      // A snapshot of the holdings, no journal entry: the payout metrics need not look for any.
      booksNothing: true,
    },
  ],
};
