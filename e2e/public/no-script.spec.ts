import type { Browser, Page } from '@playwright/test';
import { expect, keepScreenshot, test, waitForHydration } from '../support/fixtures';
import { startServer } from '../support/server';

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

/** A phone's screen (the phone-light project's), for tests in this desktop project that look at a phone. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const NEWCOMER = { name: 'كاتبة جديدة', username: 'newcomer', email: 'newcomer@example.com', password: 'secret123' };

/**
 * The first account of a new blog, made from the page a newcomer opens (/auth): each test has a blog of its own,
 * since the shared one already has its author. The register form is in the server's HTML (the reader script loads
 * only on the first interaction), and is a plain form post, so it works before and without any script.
 */
test.describe('the first account on a new blog, at phone width', () => {
  // Each test starts a server of its own: 10-30 s more when the machine is busy.
  test.describe.configure({ timeout: 120_000 });

  test('without JavaScript: the register form is shown first, says what is wrong in Arabic, and signs the author in', async ({
    browser,
  }, testInfo) => {
    const fresh = await startServer();
    try {
      for (const scheme of ['dark', 'light'] as const) {
        const look = await browser.newContext({ ...testInfo.project.use, ...PHONE, javaScriptEnabled: false, colorScheme: scheme });
        const lookPage = await look.newPage();
        await lookPage.goto(`${fresh.baseURL}/auth`);
        await expect(lookPage.getByTestId('register-form')).toBeVisible();
        await lookPage.screenshot({ path: `test-output/screenshots/no-js-auth-register--phone-${scheme}.png`, fullPage: true });
        await look.close();
      }

      const context = await browser.newContext({ ...testInfo.project.use, ...PHONE, javaScriptEnabled: false, baseURL: fresh.baseURL });
      const page = await context.newPage();
      await page.goto('/auth');
      const form = page.getByTestId('register-form');
      await expect(page.getByRole('tab', { name: 'إنشاء حساب' })).toHaveAttribute('aria-selected', 'true');
      await expect(form).toBeVisible();
      await expect(page.getByTestId('login-form')).toBeHidden();
      // The footer has its data in the first HTML: the "no posts" text, not a loading skeleton.
      await expect(page.getByTestId('site-footer')).toContainText('لا توجد مقالات بعد');
      await expect(page.getByTestId('lines-skeleton')).toHaveCount(0);

      // A mistake first: the server checks the same rules and the form comes back with the same Arabic messages.
      await form.getByLabel('الاسم').fill('ك');
      await form.getByLabel('اسم المستخدم').fill('ab');
      await form.getByLabel('البريد الإلكتروني').fill('not-an-email');
      await form.getByLabel('كلمة المرور').fill('123');
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      await expect(page).toHaveURL(/\/auth\?tab=register&invalid=/);
      await expect(form.getByText('اسم المستخدم يجب أن يكون 3 أحرف على الأقل')).toBeVisible();
      await expect(form.getByText('البريد الإلكتروني غير صالح')).toBeVisible();
      await expect(form.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل')).toBeVisible();
      await expect(form.getByText('الاسم يجب أن يكون على الأقل حرفين')).toBeVisible();
      await page.screenshot({ path: 'test-output/screenshots/no-js-auth-register-errors--phone-light.png', fullPage: true });

      await form.getByLabel('الاسم').fill(NEWCOMER.name);
      await form.getByLabel('اسم المستخدم').fill(NEWCOMER.username);
      await form.getByLabel('البريد الإلكتروني').fill(NEWCOMER.email);
      await form.getByLabel('كلمة المرور').fill(NEWCOMER.password);
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      // Where the page with JavaScript goes once registered (SPEC §2: a signed-in user on /auth goes to /).
      await expect(page).toHaveURL(`${fresh.baseURL}/`);
      const me = await context.request.get('/api/user');
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ username: NEWCOMER.username, name: NEWCOMER.name });
      // Registration is closed now: the screen offers sign-in only.
      await page.goto('/auth');
      await expect(page.getByTestId('login-form')).toBeVisible();
      await expect(page.getByTestId('register-form')).toHaveCount(0);
      await context.close();
    } finally {
      await fresh.stop();
    }
  });

  test('with JavaScript: the register form is in the page before it hydrates, and registering signs in', async ({ browser }, testInfo) => {
    const fresh = await startServer();
    try {
      const context = await browser.newContext({ ...testInfo.project.use, ...PHONE, baseURL: fresh.baseURL });
      await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
      const page = await context.newPage();
      const response = await page.goto('/auth');
      // Before any interaction, so before the app has hydrated: the server's HTML alone shows the register tab.
      expect(await response?.text()).toContain('data-testid="register-form"');
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await expect(page.getByRole('tab', { name: 'إنشاء حساب' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('register-form')).toBeVisible();
      await expect(page.getByTestId('lines-skeleton')).toHaveCount(0);
      expect(await background(page)).toBe(DARK_BACKGROUND);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: 'test-output/screenshots/auth-register-first--phone-dark.png', fullPage: true });

      await waitForHydration(page);
      const form = page.getByTestId('register-form');
      await form.getByLabel('الاسم').fill(NEWCOMER.name);
      await form.getByLabel('اسم المستخدم').fill(NEWCOMER.username);
      await form.getByLabel('البريد الإلكتروني').fill(NEWCOMER.email);
      await form.getByLabel('كلمة المرور').fill(NEWCOMER.password);
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      await expect(page.getByTestId('toast')).toContainText('تم التسجيل بنجاح');
      await expect(page).toHaveURL(`${fresh.baseURL}/`);
      expect((await context.request.get('/api/user')).status()).toBe(200);
      await context.close();
    } finally {
      await fresh.stop();
    }
  });

  test('a blog reachable from outside asks that first account for the setup code, in Arabic', async ({ browser }, testInfo) => {
    // Not a local address: the first account needs the code (here the operator's own, SETUP_CODE).
    const fresh = await startServer({ PUBLIC_URL: 'http://blog.example.com', SETUP_CODE: 'operator-code-2026' });
    try {
      const context = await browser.newContext({ ...testInfo.project.use, ...PHONE, baseURL: fresh.baseURL });
      const page = await context.newPage();
      await page.goto('/auth');
      await waitForHydration(page);
      const form = page.getByTestId('register-form');
      await form.getByLabel('الاسم').fill(NEWCOMER.name);
      await form.getByLabel('اسم المستخدم').fill(NEWCOMER.username);
      await form.getByLabel('البريد الإلكتروني').fill(NEWCOMER.email);
      await form.getByLabel('كلمة المرور').fill(NEWCOMER.password);
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      await expect(page.getByTestId('error-setupCode')).toHaveText('رمز الإعداد مطلوب');

      await form.getByLabel('رمز الإعداد').fill('wrong-code-0000');
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      await expect(page.getByTestId('toast')).toContainText('رمز الإعداد غير صحيح');
      expect((await context.request.get('/api/user')).status()).toBe(401);

      await form.getByLabel('رمز الإعداد').fill('OPERATOR-CODE-2026');
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      await expect(page).toHaveURL(`${fresh.baseURL}/`);
      expect((await context.request.get('/api/user')).status()).toBe(200);
      await context.close();
    } finally {
      await fresh.stop();
    }
  });
});
