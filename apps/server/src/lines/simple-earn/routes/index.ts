import type { FastifyInstance } from 'fastify';
import { type Route, registerRoutes } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import { statisticsRoutes } from './account';
import { fixedRoutes } from './fixed';
import { flexibleRoutes } from './flexible';
import { askRoute, chartRoutes, productRoutes } from './products';

export { registerSimpleEarnAdminRoutes } from './admin';

/** The users' API of simple earn, in the order of the OpenAPI document. */
const userRoutes: Route[] = [
  ...productRoutes,
  ...fixedRoutes,
  ...flexibleRoutes,
  ...chartRoutes,
  ...statisticsRoutes,
  askRoute,
];

export function registerSimpleEarnRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, userRoutes);
}
