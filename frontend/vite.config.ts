import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { globalCss } from './build/global-css';
import { precompress } from './build/precompress';

const backendUrl = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/uploads', '/rss.xml', '/sitemap.xml', '/robots.txt'];

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    react(),
    precompress(),
    globalCss(fileURLToPath(new URL('./dist/client', import.meta.url))),
    // `npm run analyze -w frontend`: what each dependency costs in each chunk (gzip and brotli sizes), in dist/stats.html.
    mode === 'analyze' &&
      visualizer({ filename: 'dist/stats.html', template: process.env.ANALYZE_TEMPLATE ?? 'treemap', gzipSize: true, brotliSize: true }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backendUrl, changeOrigin: false }])),
  },
  // Source maps are written for debugging but not referenced from the bundles (the server does not serve them by default).
  // Fonts stay files even when tiny: the CSP allows fonts from 'self' only, and a subset the page never uses is never fetched.
  build: {
    outDir: 'dist/client',
    sourcemap: 'hidden',
    assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
    // The server build: the renderer's module (the build's global CSS comes from it too) and the worker thread the
    // backend runs it in (src/render-worker.ts).
    rolldownOptions: isSsrBuild
      ? { input: { 'entry-server': 'src/entry-server.tsx', 'render-worker': 'src/render-worker.ts' } }
      : undefined,
  },
  // The server bundle is a production build whatever NODE_ENV the server runs with (`npm start` sets none): React and
  // the other dependencies otherwise choose their development builds at run time, and a page's render took 7.3 ms of
  // CPU instead of 4.0 (`node scripts/bench-render.mjs`, issue 23).
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  // The server bundle carries its dependencies (React, Chakra, emotion, the router…), so the server's runtime needs
  // none of the frontend's packages: the Docker image ships only the backend's production dependencies.
  ssr: { noExternal: true },
  // Unit tests of pure logic run in Node; the few that need a browser's DOM (DOMParser, localStorage) say so in their
  // first line (`// @vitest-environment jsdom`): jsdom costs seconds per file to set up. Test files share their
  // workers' modules (isolate: false; each test sets up what it reads): importing the app's modules (Chakra, i18n) once
  // per worker instead of once per file is most of the run's time on two busy cores.
  test: { environment: 'node', isolate: false, include: ['src/**/*.test.{ts,tsx}'] },
}));
