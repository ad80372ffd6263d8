import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WealthPage = lazy(() => import('./pages/WealthPage'));
const DisclaimerPage = lazy(() => import('./pages/DisclaimerPage'));

/** The wealth routes, mounted by app/routes.tsx under the layout; the disclaimer is the spec's path. */
export const wealthRoutes: RouteObject[] = [
  { path: 'wealth', element: <WealthPage /> },
  { path: 'asset-management/institution/disclaimer', element: <DisclaimerPage /> },
];
