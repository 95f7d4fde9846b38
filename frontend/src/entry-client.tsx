import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/500.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { AppProviders } from './app/providers';
import { createQueryClient, markHydrated } from './app/query-client';

const queryClient = createQueryClient();
const stateElement = document.getElementById('__QUERY_STATE__');
if (stateElement?.textContent) {
  // The server's query cache: the first render uses it as is (no second fetch of the same data).
  const state = JSON.parse(stateElement.textContent) as DehydratedState;
  hydrate(queryClient, state);
  markHydrated(state.queries.map((query) => query.queryHash));
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

const root = document.getElementById('root')!;
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
