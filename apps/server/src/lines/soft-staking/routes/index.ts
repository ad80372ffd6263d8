import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import { registerSoftStakingAdminRoutes } from './admin';
import { userRoutes } from './user';

/** The users' calls, then the operator's (behind the operator guard), as they were always registered. */
export function registerSoftStakingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, userRoutes);
  registerSoftStakingAdminRoutes(app, deps);
}
