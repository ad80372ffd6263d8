import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const OverviewPage = lazy(() => import('./pages/OverviewPage'));
const StatementsPage = lazy(() => import('./pages/StatementsPage'));

/** The earn overview and statements, mounted by app/routes.tsx under the layout. */
export const earnOverviewRoutes: RouteObject[] = [
  { path: 'earn', element: <OverviewPage /> },
  { path: 'earn/statements', element: <StatementsPage /> },
];
