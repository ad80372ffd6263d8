import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { AuthDialogsProvider } from './auth';
import { Providers } from './providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <Providers client={client}>
      <BrowserRouter>
        <AuthDialogsProvider>
          <AppRoutes />
        </AuthDialogsProvider>
      </BrowserRouter>
    </Providers>
  );
}
