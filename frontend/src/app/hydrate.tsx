import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { AppProviders } from './providers';
import { PAGE_STATE_ID, slugOfPath, stateForSlug } from './not-found-state';
import { createQueryClient, markHydrated } from './query-client';

/** Brings the server-rendered page to life (or renders an empty #root, e.g. /admin): the whole app's code. */
export async function startApp(root: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  // The server's query cache (the page's, and the site-wide footer's): the first render uses it as is (no second
  // fetch of the same data).
  for (const stateElement of document.querySelectorAll('script[data-query-state]')) {
    if (!stateElement.textContent) continue;
    let state = JSON.parse(stateElement.textContent) as DehydratedState;
    if (stateElement.id === PAGE_STATE_ID) state = stateForSlug(state, slugOfPath(window.location.pathname));
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

  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
