// The payout breakdowns, a file per line, over the shared shapes in payout.ts; the routes import them from here.
export * from './payout';
export * from './reads-launch-pool';
export * from './reads-simple-earn';
export * from './reads-staking';
