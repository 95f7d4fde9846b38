import { expect, screenshotBothThemes, test, toast } from './fixtures';

/** Admin → الوسوم (issue 13): every tag with its posts, renamed or merged on every post at once. */
test('the tags screen renames a tag and merges one into another', async ({ signedIn: page }) => {
  for (const [title, tags, published] of [
    ['مقال أول', ['جافاسكربت', 'ويب'], true],
    ['مقال ثان', ['جافاسكربت'], true],
    ['مسودة', ['الويب'], false],
  ] as const) {
    const response = await page.request.post('/api/posts', { data: { title, content: '<p>نص</p>', tags, published } });
    expect(response.ok(), await response.text()).toBeTruthy();
  }
  await page.goto('/admin');
  await page.getByRole('link', { name: 'الوسوم' }).click();
  await expect(page).toHaveURL(/\/admin\/tags$/);
  const rows = page.getByTestId('tag-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('جافاسكربت');
  await expect(rows.first()).toContainText('مقالتان');
  await screenshotBothThemes(page, 'tags');

  await page.getByRole('button', { name: 'إعادة تسمية: جافاسكربت' }).click();
  await page.getByLabel('الاسم الجديد').fill('JavaScript');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('تمت إعادة تسمية الوسم');
  await expect(rows.first()).toContainText('JavaScript');

  await page.getByRole('button', { name: 'دمج: الويب' }).click();
  await page.getByLabel('ادمجه في الوسم').selectOption('ويب');
  await page.getByRole('button', { name: 'دمج', exact: true }).click();
  await expect(toast(page)).toContainText('تم دمج الوسمين');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('tag-row').filter({ hasText: 'ويب' })).toContainText('مقالتان');

  const post = (await (await page.request.get('/api/posts?published=true')).json()) as { title: string; tags: string[] }[];
  expect(post.find((p) => p.title === 'مقال أول')?.tags).toEqual(['JavaScript', 'ويب']);
});
