/** The product lines as the answers name them (simple earn is two: flexible and fixed). */
export const LINES = [
  'simple_earn_flexible',
  'simple_earn_fixed',
  'launch_pool',
  'staking',
  'wealth',
  'soft_staking',
  'dual',
] as const;
export type Line = (typeof LINES)[number];
