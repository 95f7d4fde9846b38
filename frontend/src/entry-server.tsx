import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { renderHeadTags, safeJson } from './app/head';
import { isPublicRoute, prefetchRoute } from './app/prefetch';
import { AppProviders } from './app/providers';
import { createQueryClient, plainError } from './app/query-client';
import { RenderContext, type RenderContextValue } from './app/render-context';
import { system } from './app/theme';
import { http } from './api/http';
import { setApiBaseUrl } from './lib/api';
import { loadLanguages } from './lib/highlight';

export interface RenderOptions {
  /** Absolute origin of the API the render reads from (the app itself), e.g. http://127.0.0.1:3000 */
  apiBaseUrl: string;
  /** Public origin for canonical URLs, Open Graph and JSON-LD. */
  publicUrl: string;
}

export interface RenderResult {
  status: number;
  /** Head tags: title, meta, canonical, JSON-LD and the collected emotion styles. */
  head: string;
  /** The app's HTML for <div id="root">. */
  html: string;
  /** The dehydrated query cache as a JSON <script>. */
  state: string;
  /** Where to redirect (status 302), when the page asked for it. */
  redirect?: string;
  /** Same HTML for every visitor (public pages with their data), so it may be cached until content changes. */
  cacheable: boolean;
}

/** The CSS of an emotion cache's inserted rules, and their ids (for the browser's cache to adopt). */
function insertedCss(cache: ReturnType<typeof createCache>): { ids: string[]; css: string } {
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules === 'string') {
      ids.push(id);
      css += rules;
    }
  }
  return { ids, css };
}

/** Chakra's global styles (layer order, token variables, reset, the theme's globalCss): one stylesheet for every page. */
export function renderGlobalCss(): string {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  renderToString(
    <CacheProvider value={cache}>
      <Global styles={system.layers.atRule} />
      <Global styles={system._global} />
    </CacheProvider>,
  );
  return insertedCss(cache).css;
}

/**
 * Renders one page for a GET request: runs the route's queries (the same query functions and keys the screens use),
 * renders the app to a string, and returns status, head tags, HTML and the dehydrated cache.
 */
export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  setApiBaseUrl(options.apiBaseUrl);
  await loadLanguages(); // all of them, once: the browser loads only those a page's code blocks use

  // A render never waits long on its own API: a slow call becomes an error (not cached) instead of a hung request.
  http.defaults.timeout = 10_000;
  const { pathname, search } = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  const publicRoute = isPublicRoute(pathname);
  if (publicRoute) await prefetchRoute(queryClient, pathname, search);

  // Emotion in "compat" mode keeps the styles in the cache instead of inlining <style> tags in the body,
  // so they can be written into the head (valid HTML); the browser cache picks them up by the data-emotion key.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const context: RenderContextValue = { status: 200, head: null };
  const html = renderToString(
    <CacheProvider value={cache}>
      <RenderContext.Provider value={context}>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </AppProviders>
      </RenderContext.Provider>
    </CacheProvider>,
  );

  const { ids, css } = insertedCss(cache);
  const styles = `<style data-emotion="css ${ids.join(' ')}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;

  const dehydrated = dehydrate(queryClient);
  let failed = false;
  for (const query of dehydrated.queries) {
    if (query.state.error) {
      const error = plainError(query.state.error);
      // A 404 is content (the not-found screen); anything else is a failure that must not be cached.
      if (error.status !== 404) failed = true;
      query.state.error = error as unknown as Error;
      query.state.fetchFailureReason = error as unknown as Error;
    }
  }
  queryClient.clear();

  const head = renderHeadTags(context.head ?? { path: pathname }, options.publicUrl);
  return {
    status: context.status,
    redirect: context.redirect,
    head: `${head}\n    ${styles}`,
    html,
    state: `<script id="__QUERY_STATE__" type="application/json">${safeJson(dehydrated)}</script>`,
    cacheable: publicRoute && !failed && (context.status === 200 || context.status === 404),
  };
}
