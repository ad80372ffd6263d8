import './i18n/register';
import './admin.css';
import { lazy } from 'react';
import { useRoutes } from 'react-router';
import { AdminLayout } from './layout/AdminLayout';
import { RequireOperator } from './layout/RequireOperator';

const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const ProductsPage = lazy(() => import('./pages/products/ProductsPage'));
const LaunchPoolPage = lazy(() => import('./pages/launch-pool/LaunchPoolPage'));
const UsersPage = lazy(() => import('./pages/users/UsersPage'));
const UserPage = lazy(() => import('./pages/users/UserPage'));
const PricesPage = lazy(() => import('./pages/PricesPage'));
const ClockPage = lazy(() => import('./pages/ClockPage'));
const AuditPage = lazy(() => import('./pages/AuditPage'));
const OutboxPage = lazy(() => import('./pages/OutboxPage'));
const OperatorsPage = lazy(() => import('./pages/OperatorsPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** The signed-in console: the guard, the layout, and each section a chunk of its own. */
export default function Console() {
  return useRoutes([
    {
      element: (
        <RequireOperator>
          <AdminLayout />
        </RequireOperator>
      ),
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'products', element: <ProductsPage /> },
        { path: 'products/:line', element: <ProductsPage /> },
        { path: 'launch-pool', element: <LaunchPoolPage /> },
        { path: 'users', element: <UsersPage /> },
        { path: 'users/:user', element: <UserPage /> },
        { path: 'prices', element: <PricesPage /> },
        { path: 'clock', element: <ClockPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: 'outbox', element: <OutboxPage /> },
        { path: 'operators', element: <OperatorsPage /> },
        { path: 'settings', element: <SettingsPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
