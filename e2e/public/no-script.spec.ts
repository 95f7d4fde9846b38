import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration, keepScreenshot } from '../support/fixtures';

/**
 * The server-rendered pages without JavaScript: the theme follows the system's preference and images are visible
 * (the fade-in is only an enhancement). Screenshots: test-output/screenshots/no-js-*.png
 */
async function pageWithoutScript(browser: Browser, baseURL: string, colorScheme: 'light' | 'dark', use: object): Promise<Page> {
  const context = await browser.newContext({ ...use, javaScriptEnabled: false, colorScheme, baseURL });
  return context.newPage();
}

/** The dark theme's page background (Chakra's `black`, gray.950-ish) and the light theme's. */
const DARK_BACKGROUND = 'rgb(9, 9, 11)';
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const textColour = (page: Page) =>
  page
    .locator('h1')
    .first()
    .evaluate((el) => getComputedStyle(el).color);

test.describe('without JavaScript', () => {
  test('the dark theme follows prefers-color-scheme', async ({ browser, site }, testInfo) => {
    for (const scheme of ['dark', 'light'] as const) {
      const page = await pageWithoutScript(browser, site.baseURL, scheme, testInfo.project.use);
      await page.goto('/post/typescript-functions');
      expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/\b(dark|light)\b/);
      const [bg, fg] = [await background(page), await textColour(page)];
      if (scheme === 'dark') {
        expect(bg).toBe(DARK_BACKGROUND);
        expect(fg).toBe('rgb(250, 250, 250)');
      } else {
        expect(bg).toBe('rgb(255, 255, 255)');
      }
      await keepScreenshot(page, `no-js-post-${scheme}.png`, { fullPage: true });
      await page.goto('/');
      await keepScreenshot(page, `no-js-home-${scheme}.png`, { fullPage: true });
      await page.context().close();
    }
  });

  test('featured images are visible in the server HTML', async ({ browser, site }, testInfo) => {
    const page = await pageWithoutScript(browser, site.baseURL, 'light', testInfo.project.use);
    for (const [path, scope] of [
      ['/post/future-of-ai', 'post-page'],
      ['/', 'featured-post'],
    ] as const) {
      await page.goto(path);
      const image = page.getByTestId(scope).getByTestId('lazy-image').locator('img');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      for (const element of [image, page.getByTestId(scope).getByTestId('lazy-image')]) {
        expect(await element.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
        expect(await element.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
      }
    }
    await keepScreenshot(page, 'no-js-home-image.png');
    await page.context().close();
  });
});

test('with JavaScript, the stored choice wins over the system: light on a dark system, and the toggle goes dark', async ({
  browser,
  site,
}, testInfo) => {
  const context = await browser.newContext({ ...testInfo.project.use, colorScheme: 'dark', baseURL: site.baseURL });
  await context.addInitScript(() => localStorage.setItem('darkMode', 'false'));
  const page = await context.newPage();
  await page.goto('/');
  expect(await background(page)).toBe('rgb(255, 255, 255)');
  await waitForHydration(page);
  await page.getByTestId('theme-toggle').click();
  await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
  await context.close();
});
