/**
 * The product lines as the API names them, in the server's order (simple earn is two: flexible and
 * fixed): one list for the statements filter and the console, each of which types it against its
 * API enum, so the typecheck fails if the API and this list part ways.
 */
export const LINES = [
  'simple_earn_flexible',
  'simple_earn_fixed',
  'launch_pool',
  'staking',
  'wealth',
  'soft_staking',
  'dual',
] as const;
