import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../kernel/deps';
import { registerOutboxRoutes } from '../notify/mail/routes';
import { registerOperatorAccountRoutes } from './accounts-routes';
import { registerConsoleRoutes } from './console/routes';
import { registerFundsRoutes } from './routes-funds';
import { registerSettingsRoutes } from './routes-settings';
import { registerSystemRoutes } from './routes-system';
import { registerUserAndPriceRoutes } from './routes-users';

/** Every operator route, by concern; each scope checks the operator (401) and role (403) first. */
export function registerOperatorRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerOperatorAccountRoutes(app, deps);
  registerConsoleRoutes(app, deps);
  registerFundsRoutes(app, deps);
  registerUserAndPriceRoutes(app, deps);
  registerSystemRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerOutboxRoutes(app, deps);
}
