import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { coverPng } from '../support/fixtures';
import { expect, screenshotBothThemes, test } from './fixtures';

/** Admin → الاستيراد والتصدير (issue 25): the whole blog downloaded as a WordPress (WXR) file. */

const TITLE = 'مقال يرحل مع كاتبه إلى ووردبريس';

/** What the browser's own XML parser reads in the file: its WXR version, the items' titles and the attachments' files. */
function readWxr(page: Page, xml: string) {
  return page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    if (document.querySelector('parsererror')) return null;
    const values = (parent: Document | Element, name: string) => [...parent.getElementsByTagName(name)].map((node) => node.textContent);
    return {
      version: values(document, 'wp:wxr_version'),
      titles: [...document.getElementsByTagName('item')].map((item) => item.getElementsByTagName('title')[0]?.textContent),
      attachments: values(document, 'wp:attachment_url'),
    };
  }, xml);
}

function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('the author downloads the blog as a WordPress file, on a desktop and on a 375 px phone', async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  const upload = await page.request.post('/api/upload', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: coverPng() } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const { url: cover } = (await upload.json()) as { url: string };
  const post = await page.request.post('/api/posts', {
    data: { title: TITLE, slug: 'مقال-يرحل', content: '<p>نص المقال</p>', featuredImage: cover, published: true },
  });
  expect(post.ok(), await post.text()).toBeTruthy();

  await page.goto('/admin');
  await page.getByRole('link', { name: 'الاستيراد والتصدير' }).click();
  await expect(page).toHaveURL(/\/admin\/tools$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الاستيراد والتصدير');
  const card = page.getByTestId('export-card');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('تصدير المدوّنة');
  await expect(card).toContainText('بصيغة ووردبريس (WXR)');

  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'تنزيل ملف التصدير' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`mudawwana-${new Date().toISOString().slice(0, 10)}.xml`);
  const wxr = await readWxr(page, readFileSync(await file.path(), 'utf8'));
  expect(wxr).not.toBeNull();
  expect(wxr!.version).toEqual(['1.2']);
  expect(wxr!.titles).toContain(TITLE);
  expect(wxr!.attachments).toHaveLength(1);
  expect(wxr!.attachments[0]).toMatch(new RegExp(`^http://[\\w.]+:\\d+${cover}$`));

  await screenshotBothThemes(page, 'tools');

  // On a phone: nothing wider than the screen, and the button is whole and downloads.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await documentWidth(page)).toBeLessThanOrEqual(375);
  const button = card.getByRole('link', { name: 'تنزيل ملف التصدير' });
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  const again = page.waitForEvent('download');
  await button.click();
  expect((await again).suggestedFilename()).toMatch(/^mudawwana-\d{4}-\d\d-\d\d\.xml$/);
});
