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
import type { FragmentResult, RenderOptions, RenderResult } from '@mudawwana/rules';
import { plainError } from './api/http';
import { collectingTags } from './api/server-reads';
import { createQueryClient } from './app/query-client';
import { RenderContext, type RenderContextValue } from './page/render-context';
import { system } from './app/theme';
import { followSystemThemeWithoutScript } from './app/system-theme-css';

/**
 * Each emotion rule set as rewritten to follow the system's theme, by its id: an id is the hash of its styles, so the
 * same id always has the same rules, and every page uses mostly the same few hundred (rewriting each page's whole
 * CSS was a tenth of a render's time). Bounded: emptied when full.
 */
const followingSystemTheme = new Map<string, string>();
const MAX_REMEMBERED_RULES = 20_000;

function rewrittenRules(id: string, rules: string): string {
  let rewritten = followingSystemTheme.get(id);
  if (rewritten === undefined) {
    if (followingSystemTheme.size >= MAX_REMEMBERED_RULES) followingSystemTheme.clear();
    rewritten = followSystemThemeWithoutScript(rules);
    followingSystemTheme.set(id, rewritten);
  }
  return rewritten;
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
      css += rewrittenRules(id, rules);
    }
  }
  return { ids, css };
}

function styleTag(cache: ReturnType<typeof createCache>): string {
  const { ids, css } = insertedCss(cache);
  return `<style data-emotion="css ${ids.join(' ')}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/** The query cache as shipped to the browser (404s as plain errors), and whether it holds a failure. */
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
  queryClient.clear();
  return { dehydrated, failed };
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
 * renders the app to a string, and returns status, head tags, HTML, the dehydrated cache and what the page shows
 * (the content tags its reads were answered with).
 */
export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  const { result, tags } = await collectingTags(() => renderPage(url, options));
  return { ...result, tags };
}

async function renderPage(url: string, options: RenderOptions): Promise<Omit<RenderResult, 'tags'>> {
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
  const { dehydrated, failed } = dehydrateQueries(queryClient);

  const head = renderHeadTags(context.head ?? { path: pathname }, options.publicUrl);
  return {
    status: context.status,
    redirect: context.redirect,
    head: `${head}\n    ${styles}`,
    html,
    state: `<script id="${PAGE_STATE_ID}" type="application/json" data-query-state>${safeJson(dehydrated)}</script>`,
    cacheable: publicRoute && !failed && (context.status === 200 || context.status === 404),
  };
}

/** Renders a site-wide fragment (the footer) on its own, as it appears on every page, with its data and styles. */
export async function renderFragment(name: 'footer'): Promise<FragmentResult> {
  const queryClient = createQueryClient();
  const { tags } = await collectingTags(() => prefetchAll(queryClient, footerQueries()));
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
  const { dehydrated, failed } = dehydrateQueries(queryClient);
  return {
    html,
    styles,
    state: `<script type="application/json" data-query-state>${safeJson(dehydrated)}</script>`,
    tags,
    cacheable: !failed,
  };
}
