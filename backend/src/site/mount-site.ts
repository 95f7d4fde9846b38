import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { Server, ServerResponse } from 'node:http';
import { cacheClassOf, type OpenApiPaths } from '@mudawwana/rules';
import { SESSION_COOKIE } from '../auth/session';
import { SIGNED_IN_HINT_COOKIE } from '../auth/signed-in-hint';
import { redactUrl } from '../common/redact-url';
import type { AppConfig } from '../config/app-config';
import { sendBusy } from './busy-page';
import { buildRobots } from './feeds';
import { loaderTableOf, renderReader } from './loaders';
import { PageFill } from './page-fill';
import { openFrontDoor, type FrontDoorParts, type SiteRequest } from './front-door';
import { PageServer } from './page-server';
import { PageTemplate } from './page-template';
import { RenderOrigins } from './render-origins';
import { RenderUnavailable } from './render-unavailable';
import { bytesOf, type ServedPage } from './served-page';
import { ServingPathWarmUp } from './serving-path-warm-up';
import { SiteRedirects, type FoundRedirect } from './site-redirects';
import type { SiteFiles } from './site-files';
import { RenderReads, siteLifecycleOf } from './site.module';
import { staticAssets } from './static-assets';

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
/**
 * A permanent redirect (301): kept a day by browsers and caches in front. Without a Cache-Control browsers keep a 301
 * for good, so a redirect the author deletes (a mistake) would never reach readers who followed it; a day bounds that,
 * and search engines move the old address to the new one either way. A temporary one (302) is kept as pages are.
 */
export const PERMANENT_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Stops the page store and then the render worker, once the renders under way are done (a stop on a signal, after
 * the last reader is answered and before the database closes). The app's closing does it too, without waiting.
 */
export function stopSite(app: INestApplication): Promise<void> {
  return siteLifecycleOf(app)?.stop() ?? Promise.resolve();
}

/** A request from a browser that has signed in (its session or the signed-in hint): its answers are private. */
function signedIn(request: SiteRequest): boolean {
  const cookies = String(request.headers.cookie ?? '');
  return cookies.includes(`${SESSION_COOKIE}=`) || cookies.includes(`${SIGNED_IN_HINT_COOKIE}=`);
}

/** Sends prepared bytes as they are: 304 on a matching ETag, gzip when accepted (stored pages are kept as gzip). */
async function send(request: SiteRequest, response: ServerResponse, page: ServedPage, cacheControl: string) {
  response.setHeader('Cache-Control', signedIn(request) ? PRIVATE_CACHE_CONTROL : cacheControl);
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('ETag', page.etag);
  if (request.headers['if-none-match'] === page.etag) {
    response.statusCode = 304;
    return response.end();
  }
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const { chunks, sent } = await bytesOf(page, gzip);
  response.statusCode = page.status;
  if (page.location) response.setHeader('Location', page.location);
  response.setHeader('Content-Type', page.contentType);
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  response.setHeader(
    'Content-Length',
    chunks.reduce((length, chunk) => length + chunk.length, 0),
  );
  if (request.method === 'HEAD') {
    sent();
    return response.end();
  }
  // Once every byte is handed to the system; a client gone before that leaves them to the garbage collector.
  response.once('finish', sent);
  // Corked: the headers and every chunk leave in one write.
  response.cork();
  for (const chunk of chunks) response.write(chunk);
  response.end();
}

/** Warms the serving path once the page store is ready (docs/decisions/041), and says how it went. */
function warmServingPath(app: NestExpressApplication, server: Server, requests: number): void {
  app
    .get(ServingPathWarmUp)
    .run(server, requests)
    .then(
      (warmed) =>
        console.log(
          warmed.stopped
            ? `mudawwana: serving path warm-up stopped with the app (after ${warmed.requests} requests)`
            : `mudawwana: serving path warmed (${warmed.requests} requests in ${warmed.ms} ms, ${warmed.failed} failed)`,
        ),
      (error: unknown) => console.error('mudawwana: could not warm the serving path', error),
    );
}

/** A redirect from the redirect table (site-redirects.ts), without a body; a signed-in browser keeps none of them. */
function sendRedirect(request: SiteRequest, response: ServerResponse, redirect: FoundRedirect): void {
  const cacheControl = redirect.status === 301 ? PERMANENT_REDIRECT_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
  response.setHeader('Cache-Control', signedIn(request) ? PRIVATE_CACHE_CONTROL : cacheControl);
  response.setHeader('Location', redirect.location);
  response.setHeader('Content-Length', 0);
  response.statusCode = redirect.status;
  response.end();
}

/**
 * The public site: static assets, server-rendered pages (hydrated in the browser), /rss.xml, /sitemap.xml and
 * /robots.txt. Public pages and feeds come from the page store (site.module.ts, docs/decisions/004-page-store.md).
 */
export function mountSite(
  app: NestExpressApplication,
  config: AppConfig,
  files: SiteFiles,
  /** The API's paths (its OpenAPI document): the renders' reads are matched to their loaders by them. */
  apiPaths: OpenApiPaths,
  /** The app's security headers middleware, which the front door runs on the requests it answers. */
  securityHeaders: FrontDoorParts['securityHeaders'],
): void {
  app.get(RenderReads).answerWith(renderReader(loaderTableOf(app), apiPaths));
  const pages = app.get(PageServer);
  const template = app.get(PageTemplate);
  const origins = app.get(RenderOrigins);
  const redirects = app.get(SiteRedirects);
  // A redirect table that cannot be read (the database down) leaves the reader with the page, or its 404.
  const redirectOf = (lookup: Promise<FoundRedirect | undefined>) =>
    lookup.catch((error: unknown) => {
      console.error('mudawwana: could not look up a redirect', error);
      return undefined;
    });
  const server = app.getHttpServer() as Server;
  server.once('listening', () => {
    const started = Date.now();
    app
      .get(PageFill)
      .fill()
      .then(({ built, inMemory, stopped }) => {
        const took = `${built} pages built in ${Math.round((Date.now() - started) / 1000)} s`;
        console.log(
          stopped
            ? `mudawwana: page store fill stopped with the app (${took})`
            : `mudawwana: page store ready (${took}, ${inMemory} in memory)`,
        );
        if (!stopped && config.warmUpRequests > 0) warmServingPath(app, server, config.warmUpRequests);
      })
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
    if (cacheClassOf(request.path) === 'browser-only') return answer(template.browserOnly);
    try {
      const result = await pages.renderOnce(request.originalUrl);
      if (result.redirect) return answer('', 302, result.redirect);
      return answer(template.fill(result, false), result.status);
    } catch (error) {
      if (error instanceof RenderUnavailable) return sendBusy(request, response, error);
      // The browser can still render the page on its own: send the bare template rather than an error.
      console.error('mudawwana: server rendering failed for', redactUrl(request.originalUrl), error);
      return answer(template.html);
    }
  };

  /** A stored page's answer; RenderUnavailable when it has no copy and cannot be rendered now (nothing written then). */
  const stored = async (request: SiteRequest, response: ServerResponse) => {
    // The table is looked up before the page only for a query no page reads (`/?p=12`), else in place of a 404: a
    // redirect never hides a page of the blog (docs/decisions/025-redirects.md).
    const lookup = redirects.beforePage(request.originalUrl);
    const early = lookup && (await redirectOf(lookup));
    if (early) return sendRedirect(request, response, early);
    const query = new URL(request.originalUrl, 'http://localhost').searchParams;
    const { page, stored: same, cache } = await pages.serve(request.path, query);
    if (page.status === 404) {
      const redirect = await redirectOf(redirects.insteadOfNotFound(request.originalUrl));
      if (redirect) return sendRedirect(request, response, redirect);
    }
    response.setHeader('X-Site-Cache', cache);
    await send(request, response, page, same ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  };

  const assets = staticAssets(files.clientDir, { serveSourceMaps: config.serveSourceMaps });
  openFrontDoor(server, { securityHeaders, isAsset: assets.answers, serveStored: stored });
  app.use(assets);
  app.use('/robots.txt', (request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    response.type('text/plain').send(buildRobots(origins.current().publicUrl));
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
    if (cache !== 'stored') return perRequest(request, response, PRIVATE_CACHE_CONTROL).catch(next);
    // No stored copy to serve, and no render to be had now: the busy page.
    stored(request, response).catch((error: unknown) =>
      error instanceof RenderUnavailable ? sendBusy(request, response, error) : next(error),
    );
  });
}
