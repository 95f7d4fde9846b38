import { arabicCoreLoaded, expect, test, waitForHydration, keepScreenshot } from '../support/fixtures';

test('phone: the hamburger menu opens the same links and closes on navigation', async ({ page, shot }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByTestId('categories-button')).toBeHidden();
  await page.getByTestId('menu-button').click();
  const menu = page.getByTestId('mobile-menu');
  await expect(menu.getByRole('link')).toHaveText([
    'من أنا',
    'التسويق',
    'الذكاء الاصطناعي',
    'ريادة الأعمال',
    'الإنسانيات',
    'العمل والحياة',
    'لوحة التحكم',
  ]);
  await shot('mobile-menu');
  await menu.getByRole('link', { name: 'التسويق' }).click();
  await expect(page).toHaveURL(/\/category\/marketing$/);
  await expect(menu).toBeHidden();
});

test('phone without JavaScript: the main navigation is still there', async ({ browser, site }, testInfo) => {
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false, baseURL: site.baseURL });
  const page = await context.newPage();
  await page.goto('/post/typescript-functions');
  const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
  await expect(nav.getByRole('link', { name: 'من أنا' })).toBeVisible();
  await expect(page.getByTestId('menu-button')).toBeHidden();
  await expect(page.getByTestId('article-content')).toContainText('TypeScript');
  await keepScreenshot(page, `post-no-js--${testInfo.project.name}.png`);
  await context.close();
});

test('phone: the floating refresh button sits bottom-left (the end side in Arabic) and steps aside while reading', async ({ page }) => {
  await page.goto('/post/typescript-functions');
  await waitForHydration(page);
  const button = page.getByTestId('refresh-button');
  const viewport = page.viewportSize()!;
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThan(viewport.width / 2);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);

  // scrolling down to read: out of the text's way (below the screen)
  await page.evaluate(() => window.scrollBy({ top: 600, behavior: 'instant' }));
  await expect.poll(async () => (await button.boundingBox())!.y).toBeGreaterThanOrEqual(viewport.height);
  // scrolling back up: back within reach
  await page.evaluate(() => window.scrollBy({ top: -300, behavior: 'instant' }));
  await expect
    .poll(async () => (await button.boundingBox())!.y + (await button.boundingBox())!.height)
    .toBeLessThanOrEqual(viewport.height);
});

test('phone: the hero keeps its height while the fonts load, so the featured post under it does not move', async ({ page }) => {
  // Every font held back until the page has painted in the fallback font, as on a slow network: the fallback's wider
  // letters wrap the hero title onto two lines where IBM Plex Sans Arabic needs one (docs/decisions/005).
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.woff2$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const layout = () =>
    page.evaluate(() => ({
      hero: document.querySelector('[data-testid="hero"]')!.getBoundingClientRect().height,
      featured: document.querySelector('[data-testid="featured-post"]')!.getBoundingClientRect().top,
    }));
  const bold = () => page.evaluate(arabicCoreLoaded, '700');
  expect(await bold()).toBe(false);
  const before = await layout();
  release();
  await expect.poll(bold).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  expect(await layout()).toEqual(before);
});
