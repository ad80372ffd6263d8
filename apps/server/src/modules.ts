import { arrivalModule } from './arrival';
import { breakdownModule } from './breakdown';
import { dualModule } from './dual';
import type { EarnModule } from './http/module';
import { inboxModule } from './inbox/module';
import { launchPoolModule } from './launch-pool/module';
import { liabilitiesModule } from './liabilities';
import { notificationsModule } from './notifications/module';
import { overviewModule } from './overview';
import { simpleEarnModule } from './simple-earn';
import { softStakingModule } from './soft-staking';
import { stakingModule } from './staking';
import { statementsModule } from './statements';
import { wealthModule } from './wealth';

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
