export * from './core';
export * from './launch-pool';
export * from './simple-earn';
export * from './staking';
export * from './soft-staking';
export * from './wealth';
export * from './dual';
