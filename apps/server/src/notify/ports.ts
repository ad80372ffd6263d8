import type { Notices, RateWatch } from '../kernel/notices';
import { observeRates, observeSimpleEarnRates, watchRates } from './apr-alerts/observe';
import {
  mailRedeemed,
  notify,
  notifyMany,
  notifyRedeemed,
  redeemedItemStatement,
  redeemedItemsStatement,
} from './inbox/create';
import { recordSignIn } from './inbox/devices';

/** notify's side of the kernel's ports (kernel/notices.ts), wired by the composition root. */
export const notifyPorts: { notices: Notices; rates: RateWatch } = {
  notices: {
    notifyMany,
    notify,
    notifyRedeemed,
    redeemedItemStatement,
    redeemedItemsStatement,
    mailRedeemed,
    recordSignIn,
  },
  rates: { observeRates, observeSimpleEarnRates, watchRates },
};
