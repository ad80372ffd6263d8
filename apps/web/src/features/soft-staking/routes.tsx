import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SoftStakingPage = lazy(() => import('./pages/SoftStakingPage'));
const AgreementPage = lazy(() => import('./pages/AgreementPage'));

/**
 * The soft-staking routes, mounted by app/routes.tsx under the layout. The agreement is also served
 * under a locale prefix (e.g. /zh-CN/soft-staking/agreement), as the spec links it outside English.
 */
export const softStakingRoutes: RouteObject[] = [
  { path: 'soft-staking', element: <SoftStakingPage /> },
  { path: 'soft-staking/agreement', element: <AgreementPage /> },
  { path: ':lang/soft-staking/agreement', element: <AgreementPage /> },
];
