/**
 * The earn product lines, in navigation order. `key` is the feature folder under `features/` and the
 * `line` the server's earn-home summary names (GET /api/web/v1/earn/home).
 */
export const PRODUCT_LINES = [
  { key: 'simple-earn', path: '/simple-earn', navKey: 'nav.simpleEarn' },
  { key: 'launch-pool', path: '/launchpool', navKey: 'nav.launchpool' },
  { key: 'staking', path: '/staking', navKey: 'nav.staking' },
  { key: 'wealth', path: '/wealth', navKey: 'nav.wealth' },
  { key: 'soft-staking', path: '/soft-staking', navKey: 'nav.softStaking' },
  { key: 'dual', path: '/dual', navKey: 'nav.dual' },
] as const;

export type ProductLineKey = (typeof PRODUCT_LINES)[number]['key'];

export function lineInfo(key: string) {
  return PRODUCT_LINES.find((l) => l.key === key);
}
