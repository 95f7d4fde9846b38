import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: every public screen at 1280 and 375 px in both themes (e2e/public/screens.spec.ts, one
 * project each) and the admin tour (e2e/admin/screenshots.spec.ts, which takes each admin screen at both widths and
 * in both themes itself). PNGs go to test-output/screenshots/; each screen is checked with axe on the way.
 */
const desktop = base.projects!.find((project) => project.name === 'desktop-light')!.use!;
const phone = { ...base.projects!.find((project) => project.name === 'phone-light')!.use!, viewport: { width: 375, height: 812 } };
const SCREENS = /public\/screens\.spec\.ts/;

const publicProjects: NonNullable<PlaywrightTestConfig['projects']> = [];
for (const [width, use] of [
  ['1280', desktop],
  ['375', phone],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    publicProjects.push({ name: `public-${width}-${colorScheme}`, testMatch: SCREENS, use: { ...use, colorScheme } });
  }
}

export default defineConfig({
  ...base,
  // the `shot` fixture and screenshotBothThemes write PNGs only in this run (e2e/support/fixtures.ts takesScreenshots)
  metadata: { ...base.metadata, screenshots: true },
  projects: [...publicProjects, { name: 'admin', testMatch: /admin\/screenshots\.spec\.ts/, use: { ...desktop, colorScheme: 'light' } }],
});
