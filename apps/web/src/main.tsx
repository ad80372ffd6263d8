import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './i18n';

const root = document.getElementById('root');
if (root) {
  await i18nReady;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
