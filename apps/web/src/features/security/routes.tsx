import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SecurityPage = lazy(() => import('./pages/SecurityPage'));

/** The account's security page (issue 18): its code loads only when visited. */
export const securityRoutes: RouteObject[] = [{ path: 'account/security', element: <SecurityPage /> }];
