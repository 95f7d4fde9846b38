import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the real built app (backend + server rendering) with Debian's Chromium.
 * Run `npm run build` first, then `npx playwright test`. Each worker starts its own server on a fresh temporary
 * DATA_DIR and a free port (e2e/support/fixtures.ts).
 */
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
const desktop = { viewport: { width: 1280, height: 800 }, launchOptions: chromium, locale: 'ar', timezoneId: 'Asia/Riyadh' };
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  launchOptions: chromium,
  locale: 'ar',
  timezoneId: 'Asia/Riyadh',
};
const SCREENS = /public\/(screens|search)\.spec\.ts/;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  // the first load of /admin fetches the admin bundle and its data: seconds when the machine is busy
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  // A failed test keeps its trace: every action with the DOM before and after it, the network and the console. Not the
  // trace's screencast, a frame every few milliseconds of every test, passed or not: a third of the browser tests' CPU
  // on CI's two cores (docs/decisions/032-fast-ci.md); the failure's own screenshot is kept.
  use: { trace: { mode: 'retain-on-failure', screenshots: false }, screenshot: 'only-on-failure' },
  // Screenshots for reviewers (test-output/screenshots/) only when asked: `npm run screenshots`, or SCREENSHOTS=1
  // (e2e/support/fixtures.ts takesScreenshots). The checks of those tests (content, axe in both themes) always run.
  metadata: { screenshots: process.env.SCREENSHOTS === '1' },
  projects: [
    // Every public behaviour, desktop and light (system) theme.
    { name: 'desktop-light', testMatch: /public\/.*\.spec\.ts/, testIgnore: /phone\.spec\.ts/, use: { ...desktop, colorScheme: 'light' } },
    // Every public screen again at phone width. The screens' screenshots and axe checks cover both themes in one load
    // (the `shot` and `checkA11y` fixtures); the system dark theme without JavaScript has tests of its own.
    { name: 'phone-light', testMatch: [SCREENS, /public\/phone\.spec\.ts/], use: { ...phone, colorScheme: 'light' } },
    // The admin side's specs (e2e/admin/**). Nearly every test opens an admin screen in a new browser context, whose
    // first appearance waits for the admin chunk and its data: over 10 s when CI's two cores are busy.
    {
      name: 'admin',
      testMatch: /e2e\/admin\/.*\.spec\.ts/,
      use: { ...desktop, colorScheme: 'light' },
      expect: { timeout: 20_000 },
      // Every admin test has a blog of its own (e2e/admin/fixtures.ts), so its tests spread over both workers one by one
      // rather than a file at a time (a file of slow tests left the other worker idle at the end of the run).
      fullyParallel: true,
    },
  ],
});
