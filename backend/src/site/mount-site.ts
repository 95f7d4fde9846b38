import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheClassOf, type OpenApiPaths } from '@mudawwana/rules';
import type { DataSource } from 'typeorm';
import { SESSION_COOKIE } from '../auth/session';
import { SIGNED_IN_HINT_COOKIE } from '../auth/signed-in-hint';
import { ContentEvents } from '../common/content-events';
import { PublicOrigin } from '../common/public-origin';
import { redactUrl } from '../common/redact-url';
import { ContentVersionWatcher } from '../database/content-version';
import type { AppConfig } from '../config/app-config';
import { buildIdOf } from './build-id';
import { loaderTableOf, renderReader } from './loaders';
import { sendBusy } from './busy-page';
import { buildRobots } from './feeds';
import { RenderUnavailable } from './render-unavailable';
import { chunksOf, type ServedPage } from './served-page';
import { WorkerRenderer } from './render-worker';
import { SitePages, type Served } from './site-pages';
import { frontendDirOf, staticAssets } from './static-assets';

const NOT_SITE = /^\/(api|uploads)(\/|$)/;
/**
 * Search results (the one route rendered per request for everyone, routes.ts): one page per query would flood the page
 * store with pages no change can mark stale precisely, so they are rendered for each request instead, from answers the
 * search service keeps per normalised query for a short time (docs/decisions/013-arabic-search-and-tags.md). A cache
 * in front may keep one a few seconds.
 */
export const SEARCH_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';
/**
 * Public pages, feeds and the sitemap: any cache in front (CDN, nginx) may keep them a second and serve them stale
 * for a minute while it revalidates (an ETag makes that a 304); browsers revalidate every time.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=60';
/** Anything a signed-in visitor gets, and the per-visitor screens: never kept by a shared cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export interface SiteOptions {
  clientDir: string;
  ssrEntry: string;
  publicUrl?: string;
}

/**
 * <link rel=preload> for the font files every first paint needs: the core Arabic subsets (frontend/src/fonts) of the
 * regular weight (text) and the bold one (the logo and the headings: without it the title wraps differently in the
 * fallback font, then moves what is under it). Both together (35 KB) weigh less than the one full regular file
 * preloaded before (43 KB). Latin swaps in (font-display: swap). There is no medium weight: `medium` renders with
 * the regular face (docs/decisions/005).
 */
const PRELOADED_FONTS = /^ibm-plex-sans-arabic-arabic-core-(400|700)-.*\.woff2$/;

function fontPreloads(clientDir: string): string {
  const assets = join(clientDir, 'assets');
  if (!existsSync(assets)) return '';
  return readdirSync(assets)
    .filter((file) => PRELOADED_FONTS.test(file))
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`)
    .join('\n    ');
}

const mounted = new WeakMap<NestExpressApplication, SitePages>();
const stops = new WeakMap<INestApplication, () => Promise<void>>();

/** The page store of an app that serves the site (tests look inside). */
export function sitePagesOf(app: NestExpressApplication): SitePages | undefined {
  return mounted.get(app);
}

/**
 * Stops the page store and then the render worker, once the renders under way are done (a stop on a signal, after
 * the last reader is answered and before the database closes). The server's closing does it too, without waiting.
 */
export function stopSite(app: INestApplication): Promise<void> {
  return stops.get(app)?.() ?? Promise.resolve();
}

/** A request from a browser that has signed in (its session or the signed-in hint): its answers are private. */
function signedIn(request: express.Request): boolean {
  const cookies = String(request.headers.cookie ?? '');
  return cookies.includes(`${SESSION_COOKIE}=`) || cookies.includes(`${SIGNED_IN_HINT_COOKIE}=`);
}

/** Sends prepared bytes as they are: 304 on a matching ETag, gzip when accepted (stored pages are kept as gzip). */
function send(request: express.Request, response: express.Response, page: ServedPage, cacheControl: string) {
  response.setHeader('Cache-Control', signedIn(request) ? PRIVATE_CACHE_CONTROL : cacheControl);
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('ETag', page.etag);
  if (request.headers['if-none-match'] === page.etag) {
    response.statusCode = 304;
    return response.end();
  }
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const chunks = chunksOf(page, gzip);
  response.statusCode = page.status;
  if (page.location) response.setHeader('Location', page.location);
  response.setHeader('Content-Type', page.contentType);
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  response.setHeader(
    'Content-Length',
    chunks.reduce((length, chunk) => length + chunk.length, 0),
  );
  if (request.method === 'HEAD') return response.end();
  // Corked: the headers and every chunk leave in one write.
  response.cork();
  for (const chunk of chunks) response.write(chunk);
  response.end();
}

/**
 * The public site: static assets, server-rendered pages (hydrated in the browser), /rss.xml, /sitemap.xml and
 * /robots.txt. Public pages and feeds come from the page store (site-pages.ts, docs/decisions/004-page-store.md).
 */
export async function mountSite(
  app: NestExpressApplication,
  config: AppConfig,
  dataSource: DataSource,
  /** The API's paths (its OpenAPI document): the render's reads are matched to their loaders by them. */
  apiPaths: OpenApiPaths,
  overrides: Partial<SiteOptions> = {},
): Promise<SitePages | undefined> {
  const options: SiteOptions = {
    clientDir: overrides.clientDir ?? join(frontendDirOf(config), 'client'),
    ssrEntry: overrides.ssrEntry ?? join(frontendDirOf(config), 'server/entry-server.js'),
    publicUrl: overrides.publicUrl ?? config.publicUrl,
  };
  const indexFile = join(options.clientDir, 'index.html');
  if (!existsSync(indexFile) || !existsSync(options.ssrEntry)) return undefined;

  const template = readFileSync(indexFile, 'utf8').replace('<!--app-head-->', `${fontPreloads(options.clientDir)}\n    <!--app-head-->`);
  // The page the browser renders on its own: an empty #root (so the client renders instead of hydrating).
  const browserOnlyPage = template.replace(/<!--app-(head|html|state)-->/g, '');

  // React renders in a worker thread (render-worker.js, built beside the SSR entry); its reads are answered here.
  const renderWorker = join(dirname(options.ssrEntry), 'render-worker.js');
  const ssr = new WorkerRenderer(renderWorker, renderReader(loaderTableOf(app), apiPaths), config.renderDeadlineMs);
  const publicOrigin = app.get(PublicOrigin);
  const origins = () => ({ publicUrl: options.publicUrl ?? publicOrigin.get() });
  const buildId = buildIdOf(
    template,
    [options.ssrEntry, renderWorker].filter((file) => existsSync(file)),
  );
  const contentVersion = app.get(ContentVersionWatcher);
  const pages = new SitePages(
    dataSource,
    app.get(ContentEvents),
    ssr,
    template,
    origins,
    config.pageMemoryMb * 1024 * 1024,
    buildId,
    () => contentVersion.version,
    config.renderQueueMax,
  );
  mounted.set(app, pages);
  pages.start();
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= pages.stop().then(() => ssr.close()));
  stops.set(app, stop);
  app.getHttpServer().once('close', () => void stop());
  app.getHttpServer().once('listening', () => {
    const started = Date.now();
    pages
      .fill()
      .then(({ built, inMemory }) =>
        console.log(
          `mudawwana: page store ready (${built} pages built in ${Math.round((Date.now() - started) / 1000)} s, ${inMemory} in memory)`,
        ),
      )
      .catch((error) => console.error('mudawwana: could not fill the page store', error));
  });

  /**
   * Sign-in, password reset and admin (per visitor, never kept by a shared cache), and search results (the same for
   * everyone, kept a few seconds): rendered for each request, never stored, in the page store's bounded queue (503
   * with Retry-After when it is full or the render overruns its deadline).
   */
  const perRequest = async (request: express.Request, response: express.Response, cacheControl: string) => {
    const answer = (body: string, status = 200, location: string | null = null) =>
      send(
        request,
        response,
        { status, contentType: 'text/html; charset=utf-8', location, plain: Buffer.from(body), etag: '' },
        cacheControl,
      );
    // The admin area is the author's alone and needs the session: rendered in the browser only (its code is a lazy chunk).
    if (cacheClassOf(request.path) === 'browser-only') return answer(browserOnlyPage);
    try {
      const result = await pages.renderOnce(request.originalUrl);
      if (result.redirect) return answer('', 302, result.redirect);
      const body = template
        .replace('<!--app-head-->', () => result.head)
        .replace('<!--app-html-->', () => result.html)
        .replace('<!--app-state-->', () => result.state);
      return answer(body, result.status);
    } catch (error) {
      if (error instanceof RenderUnavailable) return sendBusy(request, response, error);
      // The browser can still render the page on its own: send the bare template rather than an error.
      console.error('mudawwana: server rendering failed for', redactUrl(request.originalUrl), error);
      return answer(template);
    }
  };

  const stored = async (request: express.Request, response: express.Response) => {
    const query = new URL(request.originalUrl, 'http://localhost').searchParams;
    let served: Served;
    try {
      served = await pages.serve(request.path, query);
    } catch (error) {
      // No stored copy to serve, and no render to be had now.
      if (error instanceof RenderUnavailable) return sendBusy(request, response, error);
      throw error;
    }
    const { page, stored: same, cache } = served;
    response.setHeader('X-Site-Cache', cache);
    send(request, response, page, same ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  };

  app.use(staticAssets(options.clientDir, { serveSourceMaps: config.serveSourceMaps }));
  app.use('/robots.txt', (request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    response.type('text/plain').send(buildRobots(origins().publicUrl));
  });
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SITE.test(request.path)) return next();
    // How a screen's answer may be kept is declared with its route (@mudawwana/rules routes.ts).
    const cache = cacheClassOf(request.path);
    if (cache === 'per-request') {
      response.setHeader('X-Robots-Tag', 'noindex');
      return perRequest(request, response, SEARCH_CACHE_CONTROL).catch(next);
    }
    // Screens with the visitor's own state (sign-in, password reset, admin) are rendered per request, never stored.
    (cache === 'stored' ? stored(request, response) : perRequest(request, response, PRIVATE_CACHE_CONTROL)).catch(next);
  });
  return pages;
}
