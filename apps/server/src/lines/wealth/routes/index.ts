export { createWealthProduct, wealthProductInput } from '../admin-routes';
export { registerWealthRoutes } from './user';
