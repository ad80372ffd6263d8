import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StakingPage = lazy(() => import('./pages/StakingPage'));
const HoldingsPage = lazy(() => import('./pages/HoldingsPage'));
const LineRecordsPage = lazy(() => import('../../components/line-records/LineRecordsPage'));

/**
 * The staking routes, mounted by app/routes.tsx under the layout. `/staking/{coin}?pid=` opens the
 * stake modal of a coin over the list; the holdings and redeem-history page is the spec's
 * /myaccount/myfunds/financial_staking (also under /myaccount/funds/finance/staking).
 */
export const stakingRoutes: RouteObject[] = [
  { path: 'staking', element: <StakingPage /> },
  { path: 'staking/records', element: <LineRecordsPage line="staking" /> },
  { path: 'staking/:coin', element: <StakingPage /> },
  { path: 'myaccount/myfunds/financial_staking', element: <HoldingsPage /> },
  { path: 'myaccount/funds/finance/staking', element: <HoldingsPage /> },
];
