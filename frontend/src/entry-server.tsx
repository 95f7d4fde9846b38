import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { Footer } from './features/layout/Footer';
import { renderHeadTags, safeJson } from './page/head';
import { PAGE_STATE_ID } from './app/not-found-state';
import { footerQueries, isPublicRoute, prefetchAll, prefetchRoute } from './app/prefetch';
import { AppProviders } from './app/providers';
import { plainError } from './api/http';
import { createQueryClient } from './app/query-client';
import { RenderContext, type RenderContextValue } from './page/render-context';
import { system } from './app/theme';
import { http } from './api/http';
import { setApiBaseUrl, setServerApiLoader, type ServerApiLoader } from './lib/api';
import { loadLanguages } from './lib/highlight';
import { followSystemThemeWithoutScript } from './app/system-theme-css';

export interface RenderOptions {
  /** Absolute origin of the API the render reads from (the app itself), e.g. http://127.0.0.1:3000 */
  apiBaseUrl: string;
  /** Public origin for canonical URLs, Open Graph and JSON-LD. */
  publicUrl: string;
  /** Leave the site-wide fragments (the footer) out as placeholders; see renderFragment. */
  siteFragments?: boolean;
  /** Answers the reads in-process (the backend's services) instead of over HTTP. */
  apiLoader?: ServerApiLoader;
}

/** One query the render read, with its data: what the page shows (the server tags the stored page with it). */
export interface RenderRead {
  queryKey: readonly unknown[];
  data: unknown;
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
  reads: RenderRead[];
}

/** A site-wide part rendered once for every page: its HTML, its emotion styles and its dehydrated queries. */
export interface FragmentResult {
  html: string;
  styles: string;
  state: string;
  reads: RenderRead[];
  cacheable: boolean;
}

/**
 * The CSS of an emotion cache's inserted rules, and their ids (for the browser's cache to adopt). The theme's rules
 * also follow the system's preference when no script has chosen a theme (JavaScript off).
 */
function insertedCss(cache: ReturnType<typeof createCache>): { ids: string[]; css: string } {
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules === 'string') {
      ids.push(id);
      css += rules;
    }
  }
  return { ids, css: followSystemThemeWithoutScript(css) };
}

function styleTag(cache: ReturnType<typeof createCache>): string {
  const { ids, css } = insertedCss(cache);
  return `<style data-emotion="css ${ids.join(' ')}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/** The query cache as shipped to the browser (404s as plain errors), whether it holds a failure, and what was read. */
function dehydrateQueries(queryClient: QueryClient) {
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
  const reads = dehydrated.queries.map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
  queryClient.clear();
  return { dehydrated, failed, reads };
}

async function prepare(options: RenderOptions) {
  setApiBaseUrl(options.apiBaseUrl);
  setServerApiLoader(options.apiLoader);
  await loadLanguages(); // all of them, once: the browser loads only those a page's code blocks use
  // A render never waits long on its own API: a slow call becomes an error (not cached) instead of a hung request.
  http.defaults.timeout = 10_000;
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
  await prepare(options);
  const { pathname, search } = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  const publicRoute = isPublicRoute(pathname);
  // Every rendered page has its data, the per-request ones too (sign-in, password reset): what a page shows before
  // its scripts run must be right on its own (its footer's latest posts, the register form while registration is open).
  await prefetchRoute(queryClient, pathname, search, { withFooter: !options.siteFragments });

  // Emotion in "compat" mode keeps the styles in the cache instead of inlining <style> tags in the body,
  // so they can be written into the head (valid HTML); the browser cache picks them up by the data-emotion key.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const context: RenderContextValue = { status: 200, head: null, siteFragments: options.siteFragments };
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

  const styles = styleTag(cache);
  const { dehydrated, failed, reads } = dehydrateQueries(queryClient);

  const head = renderHeadTags(context.head ?? { path: pathname }, options.publicUrl);
  return {
    status: context.status,
    redirect: context.redirect,
    head: `${head}\n    ${styles}`,
    html,
    state: `<script id="${PAGE_STATE_ID}" type="application/json" data-query-state>${safeJson(dehydrated)}</script>`,
    cacheable: publicRoute && !failed && (context.status === 200 || context.status === 404),
    reads,
  };
}

/** Renders a site-wide fragment (the footer) on its own, as it appears on every page, with its data and styles. */
export async function renderFragment(name: 'footer', options: RenderOptions): Promise<FragmentResult> {
  await prepare(options);
  const queryClient = createQueryClient();
  await prefetchAll(queryClient, footerQueries());
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient} toaster={false}>
        <StaticRouter location="/">{name === 'footer' && <Footer />}</StaticRouter>
      </AppProviders>
    </CacheProvider>,
  );
  const styles = styleTag(cache);
  const { dehydrated, failed, reads } = dehydrateQueries(queryClient);
  return {
    html,
    styles,
    state: `<script type="application/json" data-query-state>${safeJson(dehydrated)}</script>`,
    reads,
    cacheable: !failed,
  };
}
