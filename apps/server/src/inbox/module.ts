import type { EarnModule } from '../http/module';
import { inboxJobs } from './jobs';
import { registerInboxRoutes } from './routes';

/** The user's inbox: items, read marks, mail preferences, the event stream, and the jobs that notify. */
export const inboxModule: EarnModule = {
  name: 'inbox',
  routes: registerInboxRoutes,
  jobs: inboxJobs,
};
