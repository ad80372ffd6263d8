import type { FastifyInstance } from 'fastify';
import { operatorGuard } from '../../accounts/operators/guard';
import type { AppDeps } from '../../kernel/deps';
import { registerClockAdvanceRoutes } from './clock-advances';
import { registerDashboardRoute } from './dashboard';
import { registerImpactRoutes } from './impact';
import { registerUserRoutes } from './users';

/** The console's own operator routes: dashboard, users, rate-edit previews, background clock advances. */
export function registerConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    registerDashboardRoute(scope, deps);
    registerUserRoutes(scope, deps);
    registerImpactRoutes(scope, deps);
    registerClockAdvanceRoutes(scope, deps);
  });
}
