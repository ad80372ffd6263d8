export * from './money';
export * from './codes';
export * from './validation';
export * from './launch-pool';
export * from './simple-earn';
export * from './staking';
export * from './wealth';
