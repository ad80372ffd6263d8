import './i18n/register';
import './admin.css';
import { Center, Loader } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { createAdminQueryClient } from './api/http';
import { AdminLayout } from './layout/AdminLayout';
import { RequireOperator } from './layout/RequireOperator';

const LoginPage = lazy(() => import('./pages/LoginPage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const ProductsPage = lazy(() => import('./pages/products/ProductsPage'));
const LaunchPoolPage = lazy(() => import('./pages/launch-pool/LaunchPoolPage'));
const UsersPage = lazy(() => import('./pages/users/UsersPage'));
const UserPage = lazy(() => import('./pages/users/UserPage'));
const PricesPage = lazy(() => import('./pages/PricesPage'));
const ClockPage = lazy(() => import('./pages/ClockPage'));
const AuditPage = lazy(() => import('./pages/AuditPage'));
const OperatorsPage = lazy(() => import('./pages/OperatorsPage'));
const NotFound = lazy(() => import('./pages/NotFoundPage'));

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * The operator console at /admin: mounted by app/routes.tsx as one lazy route, so none of it is in
 * the users' first route. Its own query client (failures show in place; a 401 means the operator's
 * session ended), its own sign-in page and layout, and each page a chunk of its own.
 */
export default function AdminApp() {
  const [client] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route
            element={
              <RequireOperator>
                <AdminLayout />
              </RequireOperator>
            }
          >
            <Route index element={<DashboardPage />} />
            <Route path="products" element={<ProductsPage />} />
            <Route path="products/:line" element={<ProductsPage />} />
            <Route path="launch-pool" element={<LaunchPoolPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:user" element={<UserPage />} />
            <Route path="prices" element={<PricesPage />} />
            <Route path="clock" element={<ClockPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="operators" element={<OperatorsPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </QueryClientProvider>
  );
}
