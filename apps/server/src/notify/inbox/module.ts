import type { EarnModule } from '../../kernel/module';
import { registerAprAlertRoutes } from '../apr-alerts/routes';
import { inboxJobs } from './jobs';
import { registerInboxRoutes } from './routes';

/**
 * The user's inbox: items, read marks, mail preferences, the event stream, the jobs that notify, and
 * the APR alerts that feed it.
 */
export const inboxModule: EarnModule = {
  name: 'inbox',
  routes: (app, deps) => {
    registerInboxRoutes(app, deps);
    registerAprAlertRoutes(app, deps);
  },
  jobs: inboxJobs,
};
