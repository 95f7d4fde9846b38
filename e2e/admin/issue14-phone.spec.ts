import type { Browser, Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures';
import { keepScreenshot } from '../support/fixtures';

/** The machine running these may be busy: the admin's lazy screens get time to load. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** The issue 14 screens at phone width (375 px), in both themes: nothing scrolls sideways, every control in reach. */
async function phonePage(browser: Browser, baseURL: string, storageState: string, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState,
    locale: 'ar',
    colorScheme,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), colorScheme === 'dark');
  return page;
}

const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const scheme of ['light', 'dark'] as const) {
  test(`phone (${scheme}): dashboard filters and bulk bar, editor schedule control and history drawer fit 375 px`, async ({
    browser,
    blog,
    authorState,
  }) => {
    test.setTimeout(180_000);
    const page = await phonePage(browser, blog.baseURL, authorState, scheme);
    const created = await page.request.post('/api/posts', {
      data: { title: 'مقالة على الهاتف بعنوان طويل نسبيا', content: '<p>نص قصير</p>' },
    });
    const post = (await created.json()) as { id: number; version: number };
    await page.request.put(`/api/posts/${post.id}`, { data: { content: '<p>نص أطول قليلا</p>', version: post.version } });
    await page.request.post('/api/posts', {
      data: { title: 'مقالة مجدولة', content: '<p>لاحقا</p>', published: true, publishAt: new Date(Date.now() + 86_400_000).toISOString() },
    });

    await page.goto('/admin');
    await expect(page.getByTestId('count-scheduled')).toHaveText('1');
    await page.getByRole('checkbox', { name: 'تحديد: مقالة على الهاتف بعنوان طويل نسبيا' }).check();
    await expect(page.getByTestId('bulk-bar')).toContainText('مقالة واحدة محددة');
    expect(await documentWidth(page)).toBeLessThanOrEqual(375);
    await keepScreenshot(page, `issue14-dashboard-phone-${scheme}.png`, { fullPage: true });

    await page.goto(`/admin/edit/${post.id}`);
    await page.getByRole('button', { name: 'جدولة', exact: true }).click();
    await expect(page.getByTestId('schedule-preview')).toContainText('سيُنشر في');
    expect(await documentWidth(page)).toBeLessThanOrEqual(375);
    await page.getByTestId('history-button').click();
    await page.getByTestId('history-drawer').getByTestId('revision-item').last().click();
    await expect(page.getByTestId('revision-diff')).toBeVisible();
    await keepScreenshot(page, `issue14-history-phone-${scheme}.png`);
    await page.context().close();
  });
}
