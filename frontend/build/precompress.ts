import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; woff2 and images are compressed already (woff2 is brotli inside). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|woff|ttf)$/;
/** Below this a compressed copy saves less than the extra lookup costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) next to a file worth compressing. */
export function compressFile(file: string): void {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) return;
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * Writes the compressed copies of every compressible file of the client build,
 * once, at build time: the server picks the best one the browser accepts and never compresses on a request.
 */
export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'mudawwana:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (ssr) return;
      for (const file of filesUnder(outDir)) if (COMPRESSIBLE.test(file)) compressFile(file);
    },
  };
}
