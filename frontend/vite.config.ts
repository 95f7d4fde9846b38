import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backendUrl = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/uploads', '/rss.xml', '/sitemap.xml', '/robots.txt'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Pure content rules (slug, reading time, excerpt) are shared with the backend: one source of truth.
      '@rules': fileURLToPath(new URL('../backend/src/common/rules', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backendUrl, changeOrigin: false }])),
  },
  build: { outDir: 'dist/client', sourcemap: true },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
