import { LRI, PDI, RLI, RLM } from '@mudawwana/rules';
import type { Page } from '@playwright/test';
import { applyTheme, keepScreenshot, takesScreenshots, waitForHydration } from '../support/fixtures';
import { expect, screenshotBothThemes, test, toast } from './fixtures';

/** Issue 26: a post's language and direction inside the Arabic site, its isolated title, and the reader's calendar. */
test.describe.configure({ timeout: 180_000 });

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** 18 February 2026, 15:00 in Riyadh: 1 Ramadan 1447 in the Umm al-Qura calendar. */
const CREATED_AT = '2026-02-18T12:00:00.000Z';

async function direction(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).direction);
}

test('a Latin-first Arabic title keeps its direction, an English post reads left to right, Hijri dates in Arabic-Indic digits', async ({
  signedIn: author,
  browser,
  blog,
}) => {
  const created = await author.request.post('/api/posts', {
    data: { title: 'Rust للمبتدئين', content: '<p>دليل عملي للغة Rust.</p>', published: true, createdAt: CREATED_AT },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const arabic = await created.json();
  const translated = await author.request.post('/api/posts', {
    data: {
      title: 'Rust for beginners!',
      content: '<p>A practical guide to Rust.</p>',
      language: 'en',
      translationOfId: arabic.id,
      published: true,
      createdAt: CREATED_AT,
    },
  });
  expect(translated.ok(), await translated.text()).toBeTruthy();
  const english = await translated.json();

  const reader = await browser.newPage({ baseURL: blog.baseURL, locale: 'ar' });
  for (const { name, width, height } of WIDTHS) {
    await reader.setViewportSize({ width, height });

    // the tab title: the Arabic title isolated right to left before the blog's name
    await reader.goto(`/post/${encodeURIComponent(arabic.slug)}`);
    expect(await reader.title()).toBe(`${RLM}${RLI}Rust للمبتدئين${PDI} | مدوّنة`);
    await expect(reader.getByTestId('post-title')).toHaveText('Rust للمبتدئين');
    expect(await direction(reader, '[data-testid="post-title"]')).toBe('rtl');
    await expect(reader.getByTestId('post-date')).toHaveText('18 فبراير 2026 | 3:00 م');
    await expect(reader.getByTestId('post-translations').getByRole('link')).toHaveAttribute('hreflang', 'en');

    // the English translation: left to right inside the right-to-left site, its own words only
    await reader.goto(`/post/${encodeURIComponent(english.slug)}`);
    await waitForHydration(reader);
    expect(await reader.title()).toBe(`${RLM}${LRI}Rust for beginners!${PDI} | مدوّنة`);
    await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl');
    const article = reader.getByTestId('post-page');
    await expect(article).toHaveAttribute('lang', 'en');
    await expect(article).toHaveAttribute('dir', 'ltr');
    expect(await direction(reader, '[data-testid="post-title"]')).toBe('ltr');
    expect(await direction(reader, '[data-testid="post-date"]')).toBe('rtl');
    // the title starts at the left edge of the article, as English does
    const [articleBox, titleBox] = await Promise.all([article.boundingBox(), reader.getByTestId('post-title').boundingBox()]);
    expect(Math.abs((titleBox?.x ?? -1) - (articleBox?.x ?? 0))).toBeLessThan(2);
    await expect(reader.locator('link[rel="alternate"][hreflang="ar"]')).toHaveCount(1);
    // the theme is switched only for the screenshots, which `npm run screenshots` alone takes
    if (takesScreenshots(test.info())) {
      for (const dark of [false, true]) {
        await applyTheme(reader, dark);
        await keepScreenshot(reader, `post-in-english-${name}-${dark ? 'dark' : 'light'}.png`);
      }
      await applyTheme(reader, false);
    }
  }

  // the editor shows the post's language and the post it translates, and says when a tag is no language
  await author.goto(`/admin/edit/${english.id}`);
  const language = author.getByTestId('post-language');
  await expect(language).toHaveValue('en');
  await expect(author.getByTestId('translation-of')).toHaveValue(String(arabic.id));
  await expect(author.getByTestId('translation-of').locator('option:checked')).toHaveText('Rust للمبتدئين');
  await expect(author.locator('input[name="title"]')).toHaveAttribute('dir', 'ltr');
  await language.fill('not a language');
  await expect(author.getByText('رمز اللغة غير صالح')).toBeVisible();
  await language.fill('ar');
  await expect(author.locator('input[name="title"]')).toHaveAttribute('dir', 'rtl');

  // the author chooses Hijri dates and Arabic-Indic digits
  await author.goto('/admin/settings');
  const card = author.getByTestId('date-display-settings');
  await card.locator('select[name="calendar"]').selectOption('islamic-umalqura');
  await card.locator('select[name="digits"]').selectOption('arab');
  await expect(card.getByTestId('date-display-example')).toContainText('هـ');
  await screenshotBothThemes(author, 'date-display');
  await card.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(author)).toContainText('حُفظ شكل التواريخ والأرقام');

  for (const { width, height } of WIDTHS) {
    await reader.setViewportSize({ width, height });
    // the page is rebuilt at once; the footer composed into every page follows a moment later
    await expect
      .poll(
        async () => {
          await reader.goto(`/post/${encodeURIComponent(arabic.slug)}`);
          const footer = (await reader.getByTestId('site-footer').textContent()) ?? '';
          return `${await reader.getByTestId('post-date').textContent()} ${footer.includes('١ رمضان ١٤٤٧ هـ')}`;
        },
        { timeout: 20_000 },
      )
      .toBe('١ رمضان ١٤٤٧ هـ | ٣:٠٠ م true');
    await expect(reader.getByTestId('post-read-time')).toContainText('دقيقة واحدة');
    await waitForHydration(reader);
    // hydrated with the same setting: the date is still the server's
    await expect(reader.getByTestId('post-date')).toHaveText('١ رمضان ١٤٤٧ هـ | ٣:٠٠ م');
    await expect(reader.getByTestId('site-footer')).toContainText('١ رمضان ١٤٤٧ هـ');
    await expect(reader.getByTestId('site-footer')).not.toContainText('فبراير');
  }
  await reader.close();
});
