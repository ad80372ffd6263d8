import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DualOrdersPage = lazy(() => import('./pages/DualOrdersPage'));

/** Dual investment: only its order list with each status is in scope (staking-wealth.md section 3). */
export const dualRoutes: RouteObject[] = [{ path: 'dual/orders', element: <DualOrdersPage /> }];
