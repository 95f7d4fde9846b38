/**
 * Runs only the admin specs: `npx playwright test -c e2e/admin/playwright.config.ts`.
 * (The repository's playwright.config.ts runs them too; the fixtures start their own server.)
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/admin',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure', viewport: { width: 1366, height: 900 } },
});
