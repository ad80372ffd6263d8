export { registerWealthRoutes } from './user';
