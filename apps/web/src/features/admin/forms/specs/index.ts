/**
 * The record forms of every product line, field by field as the operator routes name them
 * (simple-earn/admin.ts, launch-pool/admin-routes.ts, staking/products.ts, wealth, soft-staking and
 * dual routes). Every rate is entered and shown in percent. On the wire simple earn's rates and the
 * fee rates are fractions (0.05 = 5 %), marked `fraction` (`fractionKeys` inside JSON) and converted
 * by forms/percent.ts; staking's, launch pool's and soft staking's are percents already.
 */

export * from './console';
export * from './dual';
export * from './launch-pool';
export * from './simple-earn';
export * from './soft-staking';
export * from './staking';
export * from './wealth';
