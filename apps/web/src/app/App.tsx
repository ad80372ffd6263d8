import { useEffect, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { i18next } from '../i18n';
import { AuthDialogsProvider } from './auth';
import { Providers } from './providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const [client] = useState(createQueryClient);
  // Answers carry operator texts in the language they were asked in: a new language asks again.
  useEffect(() => {
    const refetch = () => void client.invalidateQueries();
    i18next.on('languageChanged', refetch);
    return () => i18next.off('languageChanged', refetch);
  }, [client]);
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
