import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { compressFile } from './precompress';

/**
 * After the server build: writes Chakra's global styles (the same for every page) with the client entry's CSS to
 * `assets/site-<hash>.css`, precompressed, and links it from index.html instead of the entry's CSS, so pages stop
 * inlining the global styles (docs/decisions/005).
 */
export function globalCss(clientDir: string): Plugin {
  let ssrEntry = '';
  return {
    name: 'mudawwana:global-css',
    apply: 'build',
    configResolved(config) {
      ssrEntry = config.build.ssr ? resolve(config.root, config.build.outDir, 'entry-server.js') : '';
    },
    async closeBundle() {
      if (!ssrEntry) return;
      const { renderGlobalCss } = (await import(pathToFileURL(ssrEntry).href)) as { renderGlobalCss(): string };
      const indexFile = join(clientDir, 'index.html');
      const html = readFileSync(indexFile, 'utf8');
      // One render-blocking stylesheet, as before: the global styles first (layer order, variables), then the entry's
      // own CSS (the font faces). Named by the hash of what it holds, so it can be cached for good.
      const entryLink = /<link rel="stylesheet" crossorigin href="\/assets\/(index-[^"]+\.css)">/.exec(html);
      if (!entryLink) throw new Error('global-css: no entry stylesheet link in index.html');
      const css = renderGlobalCss() + readFileSync(join(clientDir, 'assets', entryLink[1]), 'utf8');
      const name = `site-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
      const file = join(clientDir, 'assets', name);
      writeFileSync(file, css);
      compressFile(file);
      writeFileSync(indexFile, html.replace(entryLink[0], `<link rel="stylesheet" crossorigin href="/assets/${name}">`));
    },
  };
}
