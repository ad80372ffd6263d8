export * from './codes';
export * from './launch-pool';
export * from './margin';
export * from './money';
export * from './simple-earn';
export * from './staking';
export * from './validation';
export * from './wealth';
