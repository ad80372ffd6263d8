import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DualPage = lazy(() => import('./pages/DualPage'));
const DualOrdersPage = lazy(() => import('./pages/DualOrdersPage'));

/** Dual investment: the grid of quotes with its subscription, and the user's orders. */
export const dualRoutes: RouteObject[] = [
  { path: 'dual', element: <DualPage /> },
  { path: 'dual/orders', element: <DualOrdersPage /> },
];
