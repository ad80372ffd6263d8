import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import { userRoutes } from './user';

export { registerStakingAdminRoutes } from './admin';

export function registerStakingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, userRoutes);
}
