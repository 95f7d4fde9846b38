import express from 'express';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { AppConfig } from '../config/app-config';

/** The built frontend (`vite build` output: client/ and server/), FRONTEND_DIR's or the checkout's own. */
export const frontendDirOf = (config: Pick<AppConfig, 'frontendDir'>) => config.frontendDir ?? resolve(__dirname, '../../../frontend/dist');

/** The built page template, when the frontend has been built. */
export function readPageTemplate(frontendDir: string): string | undefined {
  const file = join(frontendDir, 'client', 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export interface StaticAssetOptions {
  /** Source maps are built (hidden) but only served when asked for (SERVE_SOURCE_MAPS=true). */
  serveSourceMaps: boolean;
}

/** The precompressed copies the build writes next to a file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

const ENCODING = Symbol('static-asset-encoding');
type EncodedResponse = express.Response & { [ENCODING]?: { encoding: Encoding; type: string } };

/**
 * Whether a URL path names a source map however it is spelt: percent-decoded until nothing changes (`.m%61p`,
 * `.m%2561p`), in any case (`.MAP`, for case-insensitive disks), without `;` parameters (`.map;v=1`) and without
 * trailing dots, slashes or spaces (`.map.`, `.map/`), which some file systems and proxies drop.
 */
export function namesSourceMap(urlPath: string): boolean {
  // Neither an escape nor the letters: no spelling of `.map` (the common case, on every page's request).
  if (!urlPath.includes('%') && !/map/i.test(urlPath)) return false;
  let path = urlPath;
  for (let decoded = decodeOnce(path); decoded !== path; decoded = decodeOnce(path)) path = decoded;
  const withoutParameters = path
    .split('/')
    .map((segment) => segment.split(';')[0])
    .join('/');
  return /\.map[\s./\\]*$/i.test(withoutParameters);
}

/** One round of percent-decoding; a malformed escape leaves the path as it is (the file server refuses it). */
function decodeOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The URL path (`/assets/index-abc.js`) of every file of the build. */
function listFiles(clientDir: string): Set<string> {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) visit(path);
      else found.add(`/${relative(clientDir, path).split(sep).join('/')}`);
    }
  };
  visit(clientDir);
  return found;
}

/** URL path → the encodings present on disk for it. */
function findPrecompressed(files: Set<string>): Map<string, Encoding[]> {
  const found = new Map<string, Encoding[]>();
  for (const file of files) {
    const encodings = ENCODINGS.filter((encoding) => files.has(file + encoding.suffix));
    if (encodings.length) found.set(file, encodings);
  }
  return found;
}

/** The file server of the build, and which URL paths it answers (a file, anything under /assets, a source map). */
export type StaticAssets = express.Router & { answers(path: string): boolean };

/**
 * The built frontend's files. Hashed files under /assets are immutable (a new build has new names); the build's
 * brotli or gzip copy is sent when the browser accepts it (`Vary: Accept-Encoding`), so nothing is compressed per request.
 */
export function staticAssets(clientDir: string, options: StaticAssetOptions): StaticAssets {
  // The build does not change while the server runs: list it once, so a page's URL costs no file-system lookup
  // (a stat per request was a sixth of the server's time on a crawl of stored pages).
  const files = listFiles(clientDir);
  const precompressed = findPrecompressed(files);
  const router = express.Router();

  router.use((request: express.Request, response: EncodedResponse, next: express.NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!options.serveSourceMaps && namesSourceMap(request.path)) {
      response.status(404).type('text/plain').send('Not Found');
      return;
    }
    const encodings = precompressed.get(request.path);
    if (!encodings) return next();
    response.vary('Accept-Encoding');
    // Our order, not the header's: browsers list gzip before br, but brotli is the smaller one.
    const encoding = encodings.find((candidate) => request.acceptsEncodings(candidate.name) === candidate.name);
    if (!encoding) return next();
    response[ENCODING] = { encoding, type: extname(request.path) };
    request.url = request.url.replace(request.path, request.path + encoding.suffix);
    next();
  });

  // The file stat belongs to the compressed copy; name the encoding and keep the original file's type.
  const setHeaders = (response: EncodedResponse) => {
    const chosen = response[ENCODING];
    if (!chosen) return;
    response.setHeader('Content-Encoding', chosen.encoding.name);
    response.type(chosen.type);
  };
  router.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false, setHeaders }),
  );
  const otherFiles = express.static(clientDir, { index: false, setHeaders });
  router.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    files.has(request.path) ? otherFiles(request, response, next) : next(),
  );
  const answers = (path: string) => path === '/assets' || path.startsWith('/assets/') || files.has(path) || namesSourceMap(path);
  return Object.assign(router, { answers });
}
