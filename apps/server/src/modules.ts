import { type EarnModule, readsOf } from './kernel/module';
import { wireNotify } from './kernel/notices';
import { dualModule } from './lines/dual';
import { launchPoolModule } from './lines/launch-pool';
import { simpleEarnModule } from './lines/simple-earn';
import { softStakingModule } from './lines/soft-staking';
import { stakingModule } from './lines/staking';
import { wealthModule } from './lines/wealth';
import { wireRateLines } from './notify/apr-alerts/lines';
import { inboxModule } from './notify/inbox/module';
import { notificationsModule } from './notify/notifications/module';
import { notifyPorts } from './notify/ports';
import { arrivalModule } from './views/arrival';
import { breakdownModule } from './views/breakdown';
import { liabilitiesModule } from './views/liabilities';
import { overviewModule } from './views/overview';
import { statementsModule } from './views/statements';

// The lines and accounts tell notify through the kernel's ports (kernel/notices.ts); every process
// that runs them (the server, the CLIs, the benches) imports this list, so they are wired here.
wireNotify(notifyPorts);

/** The product lines, in the order their jobs run within a period and their demo data is seeded. */
export const earnModules: EarnModule[] = [
  launchPoolModule,
  notificationsModule,
  stakingModule,
  simpleEarnModule,
  softStakingModule,
  wealthModule,
  dualModule,
  // Last: the day's balances are read after every line's own work for that period.
  liabilitiesModule,
  arrivalModule,
  breakdownModule,
  statementsModule,
  overviewModule,
  // After every line: the daily summary reads the day's earnings of them all.
  inboxModule,
];

// The APR alerts look at the lines' rates from inside the lines' own transactions (through the notify
// ports, without the server's deps): every line's, whichever modules a server runs, as the ports.
wireRateLines(readsOf(earnModules));
