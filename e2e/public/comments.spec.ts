import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { axeCheck } from '../support/axe';
import { applyTheme, expect, keepScreenshot, test, waitForHydration } from '../support/fixtures';
import { seedBlog, signIn } from '../support/seed';
import { startServer, type RunningServer } from '../support/server';
import { answerOf } from '../../backend/test/support/arabic-sum';

/**
 * Reader comments under a post (issue 24), on a blog of their own (the server counts 5 comments per address in 10
 * minutes, and every test reader is 127.0.0.1): a reader without JavaScript answers the server's question and comes
 * back to the held note; a reader with JavaScript has the ALTCHA widget solve its challenge and is answered inline;
 * the author approves, and the comment is on the post's page and counted on its card; the same reader's next comment
 * (a reply) appears at once. Screenshots (`npm run screenshots`): test-output/screenshots/comment*.png.
 */

/** A phone's screen (the phone-light project's), for this desktop project's looks at a phone. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Failed loads the tests cause on purpose. */
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of (401|404)/;

const POST = { title: 'مقال يستقبل تعليقات القرّاء', slug: 'reader-comments' };
const CLOSED_POST = { title: 'مقال أُغلقت تعليقاته', slug: 'closed-comments' };
const NO_SCRIPT_READER = { name: 'سلمى بلا سكربت', email: 'salma@example.com' };
const READER = { name: 'Omar عمر', email: 'omar@example.com' };
const FIRST_COMMENT = 'مقال مفيد جدًا، شكرًا!\nوهذا رابط للمزيد: https://example.com/arabic-rtl، أنصح به.\n<script>alert(1)</script>';
const PENDING_MESSAGE = 'شكرًا لك! وصل تعليقك وسيظهر بعد أن يراجعه الكاتب.';
const APPROVED_MESSAGE = 'شكرًا لك! نُشر تعليقك.';

interface Reader {
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/** A reader's browser of its own (no cookies, nothing cached), failing the test on any unexpected console error. */
async function openReader(
  browser: Browser,
  use: BrowserContextOptions,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Reader> {
  const context = await browser.newContext({ ...use, ...options, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_CONSOLE.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return {
    page,
    errors,
    async close() {
      await context.close();
      expect(errors, errors.join('\n')).toEqual([]);
    },
  };
}

/** axe-core's WCAG A/AA rules on the page as it is: the violations, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await axeCheck(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
}

/** Reloads the page until `locator` shows (the stored page is rebuilt after a comment event, in the background). */
async function reloadUntilVisible(page: Page, testId: string, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId(testId).filter({ hasText: text }).count();
      },
      { timeout: 10_000, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThan(0);
}

test.describe('reader comments', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  let server: RunningServer;
  let author: APIRequestContext;
  let postId: number;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
    author = await playwrightRequest.newContext({ baseURL: server.baseURL });
    await seedBlog(author);
    await signIn(author);
    const create = async (data: Record<string, unknown>) => {
      const response = await author.post('/api/posts', { data });
      expect(response.ok(), await response.text()).toBeTruthy();
      return (await response.json()) as { id: number };
    };
    postId = (
      await create({
        ...POST,
        content: '<p>اكتب رأيك في هذا المقال في التعليقات أسفله.</p>',
        excerpt: 'مقال لتجربة تعليقات القرّاء.',
        published: true,
        createdAt: new Date().toISOString(),
      })
    ).id;
    await create({
      ...CLOSED_POST,
      content: '<p>لا تعليقات هنا.</p>',
      published: true,
      commentsOpen: false,
      createdAt: '2025-02-01T10:00:00.000Z',
    });
  });

  test.afterAll(async () => {
    await author?.dispose();
    await server?.stop();
  });

  test('without JavaScript: the reader answers the server’s question and comes back to the held note', async ({ browser }, testInfo) => {
    const reader = await openReader(browser, testInfo.project.use, server.baseURL, { javaScriptEnabled: false });
    const { page } = reader;
    await page.goto(`/post/${POST.slug}`);
    const comments = page.getByTestId('comments');
    await expect(comments.getByRole('heading', { level: 2 })).toHaveText('لا تعليقات بعد');
    await expect(page.getByTestId('comment-held')).toBeHidden();
    await expect(page.getByTestId('comment-published')).toBeHidden();

    // a real form, posted to the API's form endpoint, with the limits of the rules and a honeypot nobody sees
    const form = page.getByTestId('comment-form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', `/api/posts/${postId}/comments/form`);
    await expect(form.getByLabel('الاسم')).toHaveAttribute('maxlength', '80');
    await expect(form.getByLabel('تعليقك')).toHaveAttribute('maxlength', '5000');
    const honeypot = form.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(await honeypot.evaluate((input) => input.closest('[aria-hidden="true"]') !== null)).toBe(true);
    // out of sight: inside a 1 px box that clips it
    expect(await honeypot.evaluate((input) => input.parentElement!.getBoundingClientRect().width <= 1)).toBe(true);

    await form.getByLabel('الاسم').fill(NO_SCRIPT_READER.name);
    await form.getByLabel('البريد الإلكتروني (اختياري)').fill(NO_SCRIPT_READER.email);
    await form.getByLabel('تعليقك').fill('أكتب هذا التعليق من متصفح بلا جافاسكربت.');
    await form.getByRole('button', { name: 'أرسل التعليق' }).click();

    // the server's own page: the comment and a sum in Arabic words
    const answer = page.getByLabel(/كم يساوي/);
    await expect(answer).toBeVisible();
    const asked = Date.now();
    const sum = answerOf((await page.locator('label[for="answer"]').textContent()) ?? '');
    await page.waitForTimeout(Math.max(0, asked + 3_300 - Date.now()));
    await answer.fill(String(sum));
    await page.getByRole('button', { name: 'أرسل التعليق' }).click();

    await expect(page).toHaveURL(new RegExp(`/post/${POST.slug}#comment-held$`));
    await expect(page.getByTestId('comment-held')).toBeVisible();
    await expect(page.getByTestId('comment-held')).toHaveText('وصل تعليقك، وسيظهر بعد أن يراجعه الكاتب.');
    await expect(page.getByTestId('comment-held')).toHaveAttribute('role', 'status');
    await expect(page.getByTestId('comment-published')).toBeHidden();
    await keepScreenshot(page, 'comments-nojs-held--desktop-light.png');
    await reader.close();
  });

  test('with JavaScript: the widget loads on the first focus, solves the challenge, and the answer is said inline', async ({
    browser,
  }, testInfo) => {
    const reader = await openReader(browser, testInfo.project.use, server.baseURL);
    const { page } = reader;
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(`/post/${POST.slug}`);
    await waitForHydration(page);
    // a reader who only reads never downloads the widget nor asks for a challenge
    expect(loaded.filter((path) => /altcha|\/api\/comments\/challenge/.test(path))).toEqual([]);

    const form = page.getByTestId('comment-form');
    await form.getByLabel('الاسم').fill(READER.name);
    await expect.poll(() => loaded.filter((path) => /altcha-widget-.*\.js$|\/api\/comments\/challenge$/.test(path)).length).toBe(2);
    await form.getByLabel('البريد الإلكتروني (اختياري)').fill(READER.email);
    await form.getByLabel('تعليقك').fill(FIRST_COMMENT);
    await form.getByRole('button', { name: 'أرسل التعليق' }).click();

    await expect(page.getByTestId('comment-status')).toHaveText(PENDING_MESSAGE, { timeout: 20_000 });
    await expect(page.getByTestId('comment-error')).toHaveCount(0);
    // the form is cleared, and the held comment is not shown
    await expect(form.getByLabel('الاسم')).toHaveValue('');
    await expect(form.getByLabel('تعليقك')).toHaveValue('');
    await expect(page.getByTestId('comment')).toHaveCount(0);
    await reader.close();
  });

  test('the author approves: the comment is on the post page, in its JSON-LD, and counted on its card', async ({ browser }, testInfo) => {
    const pending = (await (await author.get('/api/comments', { params: { status: 'pending' } })).json()) as {
      items: { id: number; authorName: string }[];
    };
    const held = pending.items.find((comment) => comment.authorName === READER.name);
    expect(held, JSON.stringify(pending.items)).toBeTruthy();
    const approve = await author.patch(`/api/comments/${held!.id}`, { data: { status: 'approved' } });
    expect(approve.ok(), await approve.text()).toBeTruthy();

    const reader = await openReader(browser, testInfo.project.use, server.baseURL, { javaScriptEnabled: false });
    const { page } = reader;
    await page.goto(`/post/${POST.slug}`);
    await reloadUntilVisible(page, 'comment', READER.name);
    await expect(page.getByTestId('comments-title')).toHaveText('تعليق واحد');
    const comment = page.locator(`#comment-${held!.id}`);
    await expect(comment.getByTestId('comment-author')).toHaveText(READER.name);
    await expect(comment.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(comment.locator('time')).toHaveText(/^\d{1,2} \S+ \d{4} \| \d{1,2}:\d\d [صم]$/);
    // plain text: its own direction, line breaks kept, markup as text, the address a link that gives no credit
    const text = comment.getByTestId('comment-text');
    await expect(text).toHaveAttribute('dir', 'auto');
    expect(await text.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    expect(await text.textContent()).toBe(FIRST_COMMENT);
    await expect(text.locator('script')).toHaveCount(0);
    const link = text.getByRole('link');
    await expect(link).toHaveText('https://example.com/arabic-rtl');
    await expect(link).toHaveAttribute('href', 'https://example.com/arabic-rtl');
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    // without JavaScript «رد» goes to the form
    await expect(comment.getByRole('link', { name: `رد على ${READER.name}` })).toHaveAttribute('href', '#comment-form');

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      commentCount: number;
      comment: { '@type': string; author: { name: string }; text: string; url: string }[];
    };
    expect(ld.commentCount).toBe(1);
    expect(ld.comment).toHaveLength(1);
    expect(ld.comment[0]).toMatchObject({ '@type': 'Comment', author: { name: READER.name }, text: FIRST_COMMENT });
    expect(ld.comment[0].url).toBe(`${server.baseURL}/post/${POST.slug}#comment-${held!.id}`);

    await page.goto('/');
    const card = page.getByTestId('post-card').filter({ hasText: POST.title });
    await expect(card.getByTestId('post-comment-count')).toHaveText('1');
    await expect(card.getByRole('img', { name: 'تعليق واحد' })).toBeVisible();
    // no count on a card without comments
    await expect(page.getByTestId('post-card').filter({ hasNotText: POST.title }).first().getByTestId('post-comment-count')).toHaveCount(0);
    await reader.close();
  });

  test('the same reader answers that comment: it appears at once, under it; the author’s reply is marked', async ({
    browser,
  }, testInfo) => {
    const reader = await openReader(browser, testInfo.project.use, server.baseURL);
    const { page } = reader;
    await page.goto(`/post/${POST.slug}`);
    await waitForHydration(page);
    const first = page.getByTestId('comment').filter({ hasText: READER.name }).first();
    await first.getByRole('link', { name: `رد على ${READER.name}` }).click();
    const form = page.getByTestId('comment-form');
    await expect(page.getByTestId('comment-reply-note')).toContainText(`ردًّا على ${READER.name}`);
    await expect(form.getByLabel('تعليقك')).toBeFocused();
    await form.getByLabel('الاسم').fill(READER.name);
    await form.getByLabel('البريد الإلكتروني (اختياري)').fill(READER.email);
    await form.getByLabel('تعليقك').fill('وأضيف: التجربة على الهاتف ممتازة.');
    await form.getByRole('button', { name: 'أرسل التعليق' }).click();
    await expect(page.getByTestId('comment-status')).toHaveText(APPROVED_MESSAGE, { timeout: 20_000 });
    await expect(page.getByTestId('comment-reply-note')).toHaveCount(0);
    const replies = page.getByTestId('comment-replies');
    await expect(replies.getByTestId('comment')).toHaveCount(1);
    await expect(replies.getByTestId('comment-text')).toHaveText('وأضيف: التجربة على الهاتف ممتازة.');
    await expect(page.getByTestId('comments-title')).toHaveText('تعليقان');
    const parentId = Number(await first.getAttribute('data-comment-id'));
    await reader.close();

    // the author answers too (the admin's API): marked «الكاتب» on the page
    const reply = await author.post(`/api/comments/${parentId}/replies`, { data: { content: 'شكرًا لكما على القراءة والتعليق!' } });
    expect(reply.ok(), await reply.text()).toBeTruthy();
    const look = await openReader(browser, testInfo.project.use, server.baseURL, { javaScriptEnabled: false });
    await look.page.goto(`/post/${POST.slug}`);
    await reloadUntilVisible(look.page, 'comment', 'شكرًا لكما');
    await expect(look.page.getByTestId('comments-title')).toHaveText('3 تعليقات');
    const byAuthor = look.page.getByTestId('comment-replies').getByTestId('comment').filter({ hasText: 'شكرًا لكما' });
    await expect(byAuthor.getByTestId('comment-by-author')).toHaveText('الكاتب');
    await look.close();
  });

  test('a post closed to comments shows its comments’ state and no form', async ({ browser }, testInfo) => {
    const reader = await openReader(browser, testInfo.project.use, server.baseURL, { javaScriptEnabled: false });
    await reader.page.goto(`/post/${CLOSED_POST.slug}`);
    await expect(reader.page.getByTestId('comments-closed')).toHaveText('التعليقات مغلقة على هذا المقال.');
    await expect(reader.page.getByTestId('comment-form')).toHaveCount(0);
    await reader.close();
  });

  test('at phone width: axe finds nothing in the dark theme (nor the light); screenshots of both', async ({ browser }, testInfo) => {
    const reader = await openReader(browser, testInfo.project.use, server.baseURL, { ...PHONE, colorScheme: 'dark' });
    const { page } = reader;
    await page.goto(`/post/${POST.slug}#comments`);
    await waitForHydration(page);
    await expect(page.getByTestId('comment')).toHaveCount(3);
    // the form in use: a reply under way, and the widget's work done out of sight
    await page.getByTestId('comment').first().getByTestId('comment-reply').click();
    await expect(page.getByTestId('comment-reply-note')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // nothing wider than the phone's screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    for (const dark of [true, false]) {
      await applyTheme(page, dark);
      expect(await violations(page), dark ? 'dark' : 'light').toEqual([]);
      // from the top, so the sticky header is drawn where it belongs
      await page.evaluate(() => window.scrollTo(0, 0));
      await keepScreenshot(page, `comments--phone-${dark ? 'dark' : 'light'}.png`, { fullPage: true, scale: 'css' });
      await keepScreenshot(page.getByTestId('comment').first(), `comment--phone-${dark ? 'dark' : 'light'}.png`);
    }
    await reader.close();

    // without JavaScript, in the system's dark theme, back from the form: the held note and the form under it
    const noScript = await openReader(browser, testInfo.project.use, server.baseURL, {
      ...PHONE,
      colorScheme: 'dark',
      javaScriptEnabled: false,
    });
    await noScript.page.goto(`/post/${POST.slug}#comment-held`);
    // (axe runs its script in the page: not without JavaScript)
    await expect(noScript.page.getByTestId('comment-held')).toBeVisible();
    await keepScreenshot(noScript.page, 'comments-nojs-held--phone-dark.png', { scale: 'css' });
    await noScript.page.goto('/');
    await keepScreenshot(noScript.page.getByTestId('post-card').filter({ hasText: POST.title }), 'comment-count-card--phone-dark.png', {
      scale: 'css',
    });
    await noScript.close();
  });
});
