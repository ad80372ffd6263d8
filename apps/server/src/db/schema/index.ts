export * from './core';
export * from './dual';
export * from './launch-pool';
export * from './operators';
export * from './simple-earn';
export * from './soft-staking';
export * from './staking';
export * from './wealth';
