import { buildWeb } from '../support/build';

/**
 * The staking browser tests serve the run's one build (built by the e2e global setup, or by this
 * process when a file runs alone): each build lands in a directory of its own, so no other suite can
 * swap the chunks out from under a running page.
 */
export function buildStakingWeb(): string {
  return buildWeb();
}
