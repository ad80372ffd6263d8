import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LaunchPoolPage = lazy(() => import('./pages/LaunchPoolPage'));
const StakePage = lazy(() => import('./pages/StakePage'));
const StakeSuccessPage = lazy(() => import('./pages/StakeSuccessPage'));
const LineRecordsPage = lazy(() => import('../../components/line-records/LineRecordsPage'));

/**
 * The launch-pool routes, mounted by app/routes.tsx under the layout (which holds the Suspense
 * boundary). /launchpool is the page; the shell's navigation links /launch-pool, which shows the same
 * page. The stake page and the success page are the full mobile versions of their dialogs.
 */
export const launchPoolRoutes: RouteObject[] = [
  { path: 'launchpool', element: <LaunchPoolPage /> },
  { path: 'launch-pool', element: <LaunchPoolPage /> },
  { path: 'launchpool/records', element: <LineRecordsPage line="launch_pool" /> },
  { path: 'launchpool/stake/:pid', element: <StakePage /> },
  { path: 'launchpool/success/:pid', element: <StakeSuccessPage /> },
];
