import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DataSource } from 'typeorm';
import { onContentChanged } from '../common/content-events';
import type { AppConfig } from '../config/app-config';
import { buildRobots, buildRss, buildSitemapFile, SITEMAP_PATH } from './feeds';
import { HtmlCache, preparePage, type PreparedPage } from './html-cache';
import { loadFeedPosts, loadSitemapEntries } from './site-data';
import { CLIENT_DIR, staticAssets } from './static-assets';

const FRONTEND_DIST = resolve(__dirname, '../../../frontend/dist');
const NOT_SITE = /^\/(api|uploads)(\/|$)/;
/** The admin area is the author's alone and needs the session: rendered in the browser only (its code is a lazy chunk). */
const CLIENT_ONLY = /^\/admin(\/|$)/;
const BLOG_NAME = 'مدوّنة';
const BLOG_DESCRIPTION = 'مدونة تقنية شخصية';

interface RenderResult {
  status: number;
  redirect?: string;
  head: string;
  html: string;
  state: string;
  cacheable: boolean;
}
type RenderFn = (url: string, options: { apiBaseUrl: string; publicUrl: string }) => Promise<RenderResult>;

export interface SiteOptions {
  clientDir: string;
  ssrEntry: string;
  publicUrl?: string;
}

// TypeScript compiles import() to require() under CommonJS; the SSR bundle is an ES module, so keep a real import().
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<{ render: RenderFn }>;

/** <link rel=preload> for the one Arabic font file the first paint needs (regular); the other weights swap in (font-display: swap). */
function fontPreloads(clientDir: string): string {
  const assets = join(clientDir, 'assets');
  if (!existsSync(assets)) return '';
  return readdirSync(assets)
    .filter((file) => /^ibm-plex-sans-arabic-arabic-400-normal-.*\.woff2$/.test(file))
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`)
    .join('\n    ');
}

/**
 * The public site: static assets, server-rendered pages (hydrated in the browser), /rss.xml, /sitemap.xml and
 * /robots.txt. Rendered pages and feeds are cached in memory by URL and dropped whenever any mutation succeeds
 * (content-events), so a read costs about as much as serving a static file.
 */
export async function mountSite(
  app: NestExpressApplication,
  config: AppConfig,
  _dataSource: DataSource,
  overrides: Partial<SiteOptions> = {},
): Promise<HtmlCache | undefined> {
  const options: SiteOptions = {
    clientDir: overrides.clientDir ?? CLIENT_DIR,
    ssrEntry: overrides.ssrEntry ?? join(FRONTEND_DIST, 'server/entry-server.js'),
    publicUrl: overrides.publicUrl ?? config.publicUrl,
  };
  const indexFile = join(options.clientDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;

  const template = readFileSync(indexFile, 'utf8').replace('<!--app-head-->', `${fontPreloads(options.clientDir)}\n    <!--app-head-->`);
  const render: RenderFn | undefined = existsSync(options.ssrEntry)
    ? (await importEsm(pathToFileURL(options.ssrEntry).href)).render
    : undefined;
  // The page the browser renders on its own: an empty #root (so the client renders instead of hydrating).
  const browserOnlyPage = template.replace(/<!--app-(head|html|state)-->/g, '');
  const cache = new HtmlCache();
  onContentChanged(() => cache.clear());

  const apiBase = (request: express.Request) => `http://127.0.0.1:${request.socket.localPort ?? config.port}`;
  const publicUrl = (request: express.Request) => options.publicUrl ?? `http://localhost:${request.socket.localPort ?? config.port}`;

  /** Sends prepared bytes directly (no per-request hashing or encoding): 304 on a matching ETag, gzip when accepted. */
  const send = (request: express.Request, response: express.Response, page: PreparedPage, hit: boolean) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('ETag', page.etag);
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('X-Site-Cache', hit ? 'HIT' : 'MISS');
    if (request.headers['if-none-match'] === page.etag) {
      response.statusCode = 304;
      return response.end();
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? page.gzip : page.buffer;
    response.statusCode = page.status;
    if (page.location) response.setHeader('Location', page.location);
    response.setHeader('Content-Type', page.contentType);
    if (gzip) response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Content-Length', body.length);
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  /** Serves a cached page or builds, caches and serves it. */
  const cached =
    (
      contentType: string,
      build: (request: express.Request) => Promise<{ status: number; body: string; cacheable: boolean; location?: string }>,
    ) =>
    async (request: express.Request, response: express.Response, next: express.NextFunction) => {
      const key = `${contentType} ${request.originalUrl}`;
      const hit = cache.get(key);
      if (hit) return send(request, response, hit, true);
      const generation = cache.currentGeneration;
      try {
        const built = await build(request);
        const page = preparePage({ status: built.status, body: built.body, contentType, location: built.location });
        if (built.cacheable) cache.set(key, page, generation);
        send(request, response, page, false);
      } catch (error) {
        next(error);
      }
    };

  app.use(staticAssets(options.clientDir, { serveSourceMaps: config.serveSourceMaps }));

  app.use('/robots.txt', (request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    response.type('text/plain').send(buildRobots(publicUrl(request)));
  });
  const rss = cached('application/rss+xml; charset=utf-8', async (request) => ({
    status: 200,
    body: buildRss({
      publicUrl: publicUrl(request),
      title: BLOG_NAME,
      description: BLOG_DESCRIPTION,
      posts: await loadFeedPosts(apiBase(request)),
    }),
    cacheable: true,
  }));
  const sitemap = cached('application/xml; charset=utf-8', async (request) => {
    const body = buildSitemapFile(publicUrl(request), await loadSitemapEntries(apiBase(request)), request.path);
    return body === null ? { status: 404, body: '', cacheable: true } : { status: 200, body, cacheable: true };
  });
  const page = cached('text/html; charset=utf-8', async (request) => {
    if (!render || CLIENT_ONLY.test(request.path)) return { status: 200, body: browserOnlyPage, cacheable: false };
    try {
      const result = await render(request.originalUrl, { apiBaseUrl: apiBase(request), publicUrl: publicUrl(request) });
      if (result.redirect) return { status: 302, body: '', cacheable: false, location: result.redirect };
      const body = template
        .replace('<!--app-head-->', result.head)
        .replace('<!--app-html-->', () => result.html)
        .replace('<!--app-state-->', () => result.state);
      return { status: result.status, body, cacheable: result.cacheable };
    } catch (error) {
      // The browser can still render the page on its own: send the bare template rather than an error.
      console.error('mudawwana: server rendering failed for', request.originalUrl, error);
      return { status: 200, body: template, cacheable: false };
    }
  });

  app.use((request: express.Request, response: express.Response, next: express.NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SITE.test(request.path)) return next();
    if (request.path === '/rss.xml') return rss(request, response, next);
    if (SITEMAP_PATH.test(request.path)) return sitemap(request, response, next);
    return page(request, response, next);
  });
  return cache;
}
