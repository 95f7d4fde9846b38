import { startServer } from '../support/server';
import { test as base, expect as baseExpect } from './fixtures';

/** The machine running these may be busy: the admin's lazy screens get time to load. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** The scheduler looks every half second on this server (SCHEDULER_INTERVAL_MS), not the default 30 s. */
const test = base.extend({
  // the fixture's setup counts against the test's own (long) timeout
  blog: async ({}, use) => {
    const server = await startServer({ PUBLIC_URL: '', SCHEDULER_INTERVAL_MS: '500' });
    await use({ baseURL: server.baseURL, dataDir: server.dataDir });
    await server.stop();
  },
});

const RIYADH = 'Asia/Riyadh';

/** The next whole minute at least 20 s ahead, as the schedule control's day and time (the blog's time zone). */
function nextMinute(): { at: Date; day: string; time: string } {
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
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

test('a post scheduled shortly ahead appears on home, feed and sitemap after its time, and not before', async ({ signedIn: page }) => {
  test.setTimeout(180_000);
  const title = 'مقالة تنشر في موعدها';
  const created = await page.request.post('/api/posts', { data: { title, content: '<p>تنشر وحدها</p>' } });
  const post = (await created.json()) as { id: number; slug: string };

  await page.goto(`/admin/edit/${post.id}`);
  await page.getByRole('button', { name: 'جدولة', exact: true }).click();
  const when = nextMinute();
  await page.locator('input[name="scheduleDay"]').fill(when.day);
  await page.locator('input[name="scheduleTime"]').fill(when.time);
  await expect(page.getByTestId('schedule-preview')).toContainText('سيُنشر في');
  await page.screenshot({ path: '/tmp/scheduling-control.png' });
  await page.getByRole('button', { name: 'جدولة المقال' }).click();
  await expect(page.getByTestId('scheduled-for')).toContainText('مجدول للنشر في');

  const reader = page.context().request;
  const shows = async () => {
    const [home, feed, sitemap] = await Promise.all(['/', '/rss.xml', '/sitemap.xml'].map(async (path) => (await reader.get(path)).text()));
    return { home: home.includes(title), feed: feed.includes(title), sitemap: sitemap.includes(encodeURIComponent(post.slug)) };
  };
  expect(await shows()).toEqual({ home: false, feed: false, sitemap: false });
  expect(Date.now()).toBeLessThan(when.at.getTime());

  // the dashboard's scheduled tab
  await page.goto('/admin');
  await expect(page.getByTestId('count-scheduled')).toHaveText('1');
  await page.getByRole('tab', { name: /المجدولة/ }).click();
  await expect(page.getByTestId('post-row')).toHaveCount(1);
  await expect(page.getByTestId('scheduled-badge')).toBeVisible();

  await expect.poll(shows, { timeout: 120_000, intervals: [1000] }).toEqual({ home: true, feed: true, sitemap: true });
  expect(Date.now()).toBeGreaterThanOrEqual(when.at.getTime());
});
