import { test, expect, toast } from './fixtures';
import { failFullEditorChunk, SCREEN_LOADS } from './helpers';

test('the simple editor takes over for good when the full editor fails', async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  // the page's clock: it runs as usual, and the test moves it on where the editor's rule is about time (undo steps)
  await page.clock.install();
  await failFullEditorChunk(page);
  await page.goto('/admin/edit');
  const fallback = page.getByTestId('fallback-editor');
  await expect(fallback).toBeVisible(SCREEN_LOADS);
  await expect(page.getByTestId('full-editor')).toHaveCount(0);
  expect(warnings.some((w) => w.includes('switching to the simple editor'))).toBeTruthy();

  const surface = fallback.getByRole('textbox');
  await expect(surface).toHaveAttribute('data-placeholder', 'ابدأ الكتابة هنا...');
  // HTML preview is on by default and follows the content
  const html = page.getByTestId('fallback-html');
  const panel = page.getByTestId('fallback-html-panel');
  await expect(panel).toBeVisible();
  await surface.click();
  await page.keyboard.type('نص أول');
  await expect(html).toContainText('نص أول');
  // more than a second later (HISTORY_GROUP_MS), so the next words are an undo step of their own
  await page.clock.fastForward(1_100);
  await page.keyboard.type(' ثم المزيد');
  await expect(html).toContainText('نص أول ثم المزيد');

  // undo / redo (changes within 1 s are one step)
  await fallback.getByRole('button', { name: 'تراجع' }).click();
  await expect(html).toHaveText('نص أول');
  await fallback.getByRole('button', { name: 'إعادة' }).click();
  await expect(html).toHaveText('نص أول ثم المزيد');

  // formatting: bold on a selection
  await surface.click();
  await page.keyboard.press('Control+A');
  await fallback.getByRole('button', { name: 'عريض' }).click();
  await expect(html).toContainText('<b>');
  await page.keyboard.press('End');

  // table: not a number → 3×3; below 1 → aborted
  const answers = ['x', 'y'];
  const onDialog = (dialog: import('@playwright/test').Dialog) => void dialog.accept(answers.shift() ?? '');
  page.on('dialog', onDialog);
  await fallback.getByRole('button', { name: 'جدول' }).click();
  await expect(surface.locator('table tr')).toHaveCount(3);
  await expect(surface.locator('table tr').first().locator('td')).toHaveCount(3);
  answers.push('0', '2');
  await fallback.getByRole('button', { name: 'جدول' }).click();
  await expect(surface.locator('table')).toHaveCount(1);
  // link with an empty URL is aborted
  answers.push('');
  await fallback.getByRole('button', { name: 'رابط' }).click();
  await expect(surface.locator('a')).toHaveCount(0);
  // image with an empty URL is aborted
  answers.push('');
  await fallback.getByRole('button', { name: 'صورة' }).click();
  await expect(surface.locator('img')).toHaveCount(0);
  page.off('dialog', onDialog);

  // HTML preview toggle
  await fallback.getByRole('button', { name: 'إخفاء HTML' }).click();
  await expect(panel).toHaveCount(0);
  await fallback.getByRole('button', { name: 'إظهار HTML' }).click();
  await expect(panel).toBeVisible();

  // clear all asks first
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('هل أنت متأكد أنك تريد مسح كل المحتوى؟');
    void dialog.dismiss();
  });
  await fallback.getByRole('button', { name: 'مسح الكل' }).click();
  await expect(surface).toContainText('نص أول');

  // the post saves with the fallback's HTML
  await page.getByLabel('العنوان', { exact: true }).fill('مقال من المحرر المبسط');
  await page.getByRole('button', { name: 'حفظ كمسودة' }).click();
  await expect(toast(page)).toContainText('Post created');
  await expect(page).toHaveURL(/\/admin\/edit\/\d+$/);
  const id = page.url().split('/').pop();
  const saved = await (await page.request.get(`/api/posts/id/${id}`)).json();
  expect(saved.content).toContain('نص أول ثم المزيد');
  expect(saved.content).toContain('<table');

  // permanent for the session: other editors use the simple editor too, without the flag
  await page.goto('/admin/page/new');
  await expect(page.getByTestId('fallback-editor')).toBeVisible(SCREEN_LOADS);
  await expect(page.getByTestId('full-editor')).toHaveCount(0);
});
