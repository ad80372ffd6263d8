export * from './codes';
export * from './launch-pool';
export * from './money';
export * from './product-rules';
export * from './simple-earn';
export * from './staking';
export * from './validation';
export * from './wealth';
