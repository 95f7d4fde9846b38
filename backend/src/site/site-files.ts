import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { frontendDirOf } from './static-assets';

/** The built frontend the site serves and renders with. */
export interface SiteFiles {
  /** The browser's bundles and the page template (client/index.html). */
  clientDir: string;
  /** The server bundle, and the render worker built beside it (React renders in a worker thread). */
  ssrEntry: string;
  renderWorker: string;
  /** The page template, with the font preloads in its head. */
  template: string;
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

/** The built frontend (FRONTEND_DIR, else frontend/dist), or undefined when it has not been built. */
export function siteFilesOf(config: Pick<AppConfig, 'frontendDir'>): SiteFiles | undefined {
  const clientDir = join(frontendDirOf(config), 'client');
  const ssrEntry = join(frontendDirOf(config), 'server/entry-server.js');
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile) || !existsSync(ssrEntry)) return undefined;
  const template = readFileSync(indexFile, 'utf8').replace('<!--app-head-->', `${fontPreloads(clientDir)}\n    <!--app-head-->`);
  return { clientDir, ssrEntry, renderWorker: join(dirname(ssrEntry), 'render-worker.js'), template };
}
