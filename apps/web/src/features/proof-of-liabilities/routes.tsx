import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ProofPage = lazy(() => import('./pages/ProofPage'));

/** Proof of liabilities, mounted by app/routes.tsx under the layout. */
export const proofOfLiabilitiesRoutes: RouteObject[] = [
  { path: 'earn/proof-of-liabilities', element: <ProofPage /> },
];
