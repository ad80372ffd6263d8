import { lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useLocation } from 'react-router';
import { docRoutes } from '../features/docs/routes';
import { dualRoutes } from '../features/dual/routes';
import { earnOverviewRoutes } from '../features/earn-overview/routes';
import { launchPoolRoutes } from '../features/launch-pool/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { proofOfLiabilitiesRoutes } from '../features/proof-of-liabilities/routes';
import { securityRoutes } from '../features/security/routes';
import { simpleEarnRoutes } from '../features/simple-earn/routes';
import { softStakingRoutes } from '../features/soft-staking/routes';
import { stakingRoutes } from '../features/staking/routes';
import { wealthRoutes } from '../features/wealth/routes';
import HomePage from './HomePage';
import { Layout } from './Layout';
import { PageBoundary } from './PageBoundary';

const LoginPage = lazy(() => import('./LoginPage'));
const AssetsPage = lazy(() => import('./AssetsPage'));
const KitPage = lazy(() => import('./KitPage'));
const ExchangePage = lazy(() => import('./ExchangePage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const AdminApp = lazy(() => import('../features/admin/AdminApp'));

/** The console's own chunk that does not load (offline) says so, instead of a blank page. */
function AdminBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageBoundary resetKey={pathname}>{children}</PageBoundary>;
}

/**
 * Every route of the app. A product line adds its routes in `features/<line>/routes.tsx` (React.lazy
 * pages, so each line's code loads only when visited); this list mounts them under the layout.
 */
export const routes: RouteObject[] = [
  {
    path: 'admin/*',
    element: (
      <AdminBoundary>
        <Suspense fallback={null}>
          <AdminApp />
        </Suspense>
      </AdminBoundary>
    ),
  },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'assets', element: <AssetsPage /> },
      { path: 'ui-kit', element: <KitPage /> },
      ...simpleEarnRoutes,
      ...launchPoolRoutes,
      ...stakingRoutes,
      ...wealthRoutes,
      ...softStakingRoutes,
      ...dualRoutes,
      ...proofOfLiabilitiesRoutes,
      ...securityRoutes,
      ...earnOverviewRoutes,
      ...notificationRoutes,
      ...docRoutes,
      // Pages of the main exchange that earn dialogs link to (deposit, buy, trade).
      { path: 'myaccount/deposit/:coin', element: <ExchangePage /> },
      { path: 'crypto/buy', element: <ExchangePage /> },
      { path: 'trade/:pair', element: <ExchangePage /> },
      { path: 'futures/*', element: <ExchangePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
