import { keepScreenshot } from '../support/fixtures';
import { test, expect as baseExpect } from './fixtures';

/** The machine running these may be busy: the admin's lazy screens get time to load. */
const expect = baseExpect.configure({ timeout: 30_000 });

const RIYADH = 'Asia/Riyadh';

/**
 * A whole minute ten minutes ahead, as the schedule control's day and time (the blog's time zone): far enough that it
 * never comes during the test. That a post comes out by itself at its time is the API tests' part
 * (backend/test/e2e/scheduling.e2e-spec.ts, on the API and on the rendered home, feed and sitemap); this test checks
 * the screens: the control, what it sends, the editor's and the dashboard's scheduled state, nothing public before.
 */
function minuteAhead(): { at: Date; day: string; time: string } {
  const at = new Date(Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: RIYADH,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { at, day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('scheduling a post from the editor: the time entered in the blog time zone is the time sent; nothing public before it', async ({
  signedIn: page,
}) => {
  // two admin screens, each loaded fresh (their lazy chunks and data): slow when the machine is busy
  test.setTimeout(90_000);
  const title = 'مقالة تنشر في موعدها';
  const created = await page.request.post('/api/posts', { data: { title, content: '<p>تنشر وحدها</p>' } });
  const post = (await created.json()) as { id: number; slug: string };

  await page.goto(`/admin/edit/${post.id}`);
  await page.getByRole('button', { name: 'جدولة', exact: true }).click();
  const when = minuteAhead();
  await page.locator('input[name="scheduleDay"]').fill(when.day);
  await page.locator('input[name="scheduleTime"]').fill(when.time);
  await expect(page.getByTestId('schedule-preview')).toContainText('سيُنشر في');
  await keepScreenshot(page, 'scheduling-control.png');
  await page.getByRole('button', { name: 'جدولة المقال' }).click();
  await expect(page.getByTestId('scheduled-for')).toContainText('مجدول للنشر في');

  // the day and time entered in Asia/Riyadh are the instant the server keeps
  const saved = (await (await page.request.get(`/api/posts/id/${post.id}`)).json()) as { published: boolean; publishAt: string | null };
  expect(saved).toMatchObject({ published: true, publishAt: when.at.toISOString() });

  const reader = page.context().request;
  const [home, feed, sitemap] = await Promise.all(['/', '/rss.xml', '/sitemap.xml'].map(async (path) => (await reader.get(path)).text()));
  expect({ home: home.includes(title), feed: feed.includes(title), sitemap: sitemap.includes(encodeURIComponent(post.slug)) }).toEqual({
    home: false,
    feed: false,
    sitemap: false,
  });
  expect((await reader.get(`/post/${encodeURIComponent(post.slug)}`)).status()).toBe(404);

  // the dashboard's scheduled tab
  await page.goto('/admin');
  await expect(page.getByTestId('count-scheduled')).toHaveText('1');
  await page.getByRole('tab', { name: /المجدولة/ }).click();
  await expect(page.getByTestId('post-row')).toHaveCount(1);
  await expect(page.getByTestId('scheduled-badge')).toBeVisible();
  expect(Date.now()).toBeLessThan(when.at.getTime());
});
