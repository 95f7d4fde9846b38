import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { isolate } from '@mudawwana/rules';
import { simpleParser, type ParsedMail } from 'mailparser';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkIn } from '../../backend/test/support/smtp';
import { axeCheck } from '../support/axe';
import { postReaderComments } from '../support/comments';
import { applyTheme, SCREENSHOT_DIR, takesScreenshots } from '../support/fixtures';
import { expect, test, toast } from './fixtures';
import { SCREEN_LOADS } from './helpers';

/**
 * Issue 24, the author's side of reader comments: /admin/comments (a tab per state, search, row and bulk moderation,
 * the author's reply) and the comment settings, with comments written as readers write them (a solved ALTCHA
 * challenge through the real API). Each test has a blog of its own: the server takes 5 comments per address in 10
 * minutes, and every test reader is 127.0.0.1.
 */
// a solved challenge and the server's 3 s minimum per batch of comments, the admin chunk, the post page's rebuild
test.describe.configure({ timeout: 120_000 });

interface Post {
  id: number;
  slug: string;
  title: string;
}

async function publishPost(api: APIRequestContext, title: string): Promise<Post> {
  const created = await api.post('/api/posts', { data: { title, content: '<p>نص المقالة التي يعلّق عليها القرّاء.</p>', published: true } });
  expect(created.ok(), await created.text()).toBeTruthy();
  return (await created.json()) as Post;
}

/** A reader's request context: no session, as a visitor's browser. */
function readerApi(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL });
}

/** The comments the author sees, newest first (GET /api/comments). */
async function authorComments(api: APIRequestContext, status?: string): Promise<{ id: number; authorName: string; content: string }[]> {
  const response = await api.get('/api/comments', { params: status ? { status } : {} });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).items;
}

/** The post's page as a reader opens it, until it shows the comment (its stored page is rebuilt after a moderation). */
async function expectOnPostPage(page: Page, post: Post, commentId: number, check: (comment: Locator) => Promise<void>) {
  const comment = page.locator(`#comment-${commentId}`);
  await expect(async () => {
    await page.goto(`/post/${post.slug}`);
    await expect(comment).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await check(comment);
}

/** The row of a comment by its author's name. */
function row(page: Page, name: string): Locator {
  return page.getByTestId('comment-row').filter({ has: page.getByTestId('comment-author').getByText(name, { exact: true }) });
}

test('a held comment: counted in the pending tab, approved from its row, then shown on the post page', async ({ signedIn: page, blog }) => {
  const post = await publishPost(page.request, 'مقالة عن القراءة');
  const reader = await readerApi(blog.baseURL);
  const [posted] = await postReaderComments(reader, post.id, [
    { name: 'سارة', email: 'sara@example.com', content: 'مقالة جميلة، شكرًا لك.\nسطر ثانٍ من التعليق.' },
  ]);
  expect(posted!.status).toBe('pending');
  const [held] = await authorComments(page.request, 'pending');

  // the dashboard's link says one comment waits
  await page.goto('/admin');
  const link = page.getByRole('link', { name: /^التعليقات/ });
  await expect(link.getByTestId('comments-pending-badge')).toHaveText('1', SCREEN_LOADS);
  await expect(link).toHaveAccessibleName(/تعليق واحد بانتظار المراجعة/);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/comments$/);

  // the pending tab is open, with its count and the comment
  await expect(page.getByRole('tab', { name: /بانتظار المراجعة/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('comments-count-pending')).toHaveText('1');
  await expect(page.getByTestId('comments-count-approved')).toHaveText('0');
  const comment = row(page, 'سارة');
  await expect(page.getByTestId('comment-row')).toHaveCount(1);
  await expect(comment.getByTestId('comment-email')).toHaveText('sara@example.com');
  await expect(comment.getByTestId('comment-hold-reason')).toHaveText('بانتظار الموافقة الأولى');
  await expect(comment.getByTestId('comment-text')).toHaveText('مقالة جميلة، شكرًا لك.\nسطر ثانٍ من التعليق.');
  await expect(comment.getByTestId('comment-text')).toHaveAttribute('dir', 'auto');
  await expect(comment.getByTestId('comment-post')).toHaveText(post.title);
  await expect(comment.getByTestId('comment-post')).toHaveAttribute('href', `/post/${post.slug}#comment-${held!.id}`);
  await expect(comment.locator('time')).toHaveText(/^(الآن|منذ دقيقة)$/);

  // approved from its row: it leaves the pending tab
  await comment.getByRole('button', { name: 'موافقة: تعليق سارة' }).click();
  await expect(toast(page)).toContainText('نُشر التعليق');
  await expect(page.getByText('لا توجد تعليقات بانتظار المراجعة')).toBeVisible();
  await expect(page.getByTestId('comments-count-pending')).toHaveText('0');
  await expect(page.getByTestId('comments-count-approved')).toHaveText('1');
  await page.getByRole('tab', { name: /المنشورة/ }).click();
  await expect(page).toHaveURL(/status=approved/);
  await expect(row(page, 'سارة')).toHaveCount(1);

  // readers see it: in the post's comments and on its page
  const shown = await (await reader.get(`/api/posts/${post.id}/comments`)).json();
  expect(shown.items.map((c: { id: number }) => c.id)).toContain(held!.id);
  const readerPage = await page.context().browser()!.newPage({ baseURL: blog.baseURL, locale: 'ar' });
  await expectOnPostPage(readerPage, post, held!.id, async (shownComment) => {
    await expect(shownComment).toContainText('مقالة جميلة، شكرًا لك.');
  });
  await readerPage.close();
  await reader.dispose();
});

/** The author's mail about a comment (the test server has no SMTP: mails are files in DATA_DIR/outbox), parsed. */
async function mailAbout(dataDir: string, subject: RegExp): Promise<ParsedMail> {
  const outbox = join(dataDir, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      for (const file of readdirSync(outbox)) {
        const mail = await simpleParser(readFileSync(join(outbox, file)));
        if (subject.test(mail.subject ?? '')) found = mail;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('a held comment approved from the link in the author’s mail, on a phone without JavaScript', async ({
  browser,
  signedIn: page,
  blog,
}) => {
  const post = await publishPost(page.request, 'مقالة تصل تعليقاتها بالبريد');
  const reader = await readerApi(blog.baseURL);
  const [posted] = await postReaderComments(reader, post.id, [
    { name: 'ليلى', email: 'layla@example.com', content: 'سؤال عن المقالة من البريد' },
  ]);
  expect(posted!.status).toBe('pending');
  // the title quoted in the subject is isolated in its direction (rules/direction.ts)
  const mail = await mailAbout(
    blog.dataDir,
    new RegExp(`^تعليق جديد على «${isolate('مقالة تصل تعليقاتها بالبريد', 'rtl')}» ينتظر مراجعتك$`),
  );
  expect(mail.text).toContain('> سؤال عن المقالة من البريد');

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'ar', javaScriptEnabled: false });
  const mailPage = await phone.newPage();
  const approveLink = linkIn(mail.text ?? '', '/api/comments/moderate').replace(/action=\w+/, 'action=approve');
  await mailPage.goto(approveLink);
  // opening the link only asks: the comment is still held
  await expect(mailPage.getByRole('heading', { level: 1 })).toHaveText('الموافقة على التعليق');
  await expect(mailPage.getByText('سؤال عن المقالة من البريد')).toBeVisible();
  expect((await authorComments(page.request, 'pending')).map((comment) => comment.authorName)).toEqual(['ليلى']);
  await mailPage.getByRole('button', { name: 'الموافقة على التعليق' }).click();
  await expect(mailPage.getByRole('heading', { level: 1 })).toHaveText('نُشر التعليق');
  expect(await authorComments(page.request, 'pending')).toEqual([]);
  await phone.close();

  const [approved] = await authorComments(page.request, 'approved');
  const readerPage = await browser.newPage({ baseURL: blog.baseURL, locale: 'ar' });
  await expectOnPostPage(readerPage, post, approved!.id, async (shown) => {
    await expect(shown).toContainText('سؤال عن المقالة من البريد');
  });
  await readerPage.close();
  await reader.dispose();
});

test('bulk spam of two comments; the author replies from a row and the reply shows on the post page as the author’s', async ({
  signedIn: page,
  blog,
}) => {
  const post = await publishPost(page.request, 'مقالة للنقاش');
  const reader = await readerApi(blog.baseURL);
  await postReaderComments(reader, post.id, [
    { name: 'مروج أول', email: 'spam1@example.com', content: 'اشترِ الآن بأرخص الأسعار' },
    { name: 'مروج ثان', email: 'spam2@example.com', content: 'عروض لا تفوّت اليوم فقط' },
    { name: 'خالد', email: 'khaled@example.com', content: 'عندي سؤال عن الفقرة الثانية: ما المصدر؟' },
  ]);

  await page.goto('/admin/comments');
  await expect(page.getByTestId('comments-count-pending')).toHaveText('3', SCREEN_LOADS);
  await expect(page.getByTestId('comment-row')).toHaveCount(3);

  // two selected, marked as spam at once
  await page.getByRole('checkbox', { name: 'تحديد تعليق مروج أول' }).check();
  await page.getByRole('checkbox', { name: 'تحديد تعليق مروج ثان' }).check();
  const bar = page.getByTestId('comments-bulk-bar');
  await expect(bar).toContainText('تعليقان محددان');
  await bar.getByRole('button', { name: 'مزعج' }).click();
  await expect(toast(page)).toContainText('نُقلت إلى المزعجة');
  await expect(toast(page)).toContainText('تعليقان');
  await expect(page.getByTestId('comment-row')).toHaveCount(1);
  await expect(page.getByTestId('comments-count-spam')).toHaveText('2');
  await expect(bar).toHaveCount(0);
  await page.getByRole('tab', { name: /المزعجة/ }).click();
  await expect(page.getByTestId('comment-row')).toHaveCount(2);
  await page.getByRole('tab', { name: /بانتظار المراجعة/ }).click();

  // select all on the page, then clear
  await page.getByRole('checkbox', { name: 'تحديد كل تعليقات الصفحة' }).check();
  await expect(bar).toContainText('تعليق واحد محدد');
  await bar.getByRole('button', { name: 'إلغاء التحديد' }).click();
  await expect(bar).toHaveCount(0);

  // the author's reply, written under the comment: it is published, and the comment with it
  const question = row(page, 'خالد');
  await question.getByRole('button', { name: 'رد: تعليق خالد' }).click();
  const form = question.getByTestId('comment-reply-form');
  await form.getByRole('button', { name: 'نشر الرد' }).click();
  await expect(form.getByText('اكتب ردًّا من حرفين على الأقل')).toBeVisible();
  await form.getByLabel('ردّك على خالد').fill('المصدر في آخر المقالة، شكرًا على سؤالك.');
  await form.getByRole('button', { name: 'نشر الرد' }).click();
  await expect(toast(page)).toContainText('نُشر ردّك');
  await expect(page.getByText('لا توجد تعليقات بانتظار المراجعة')).toBeVisible();
  await page.getByRole('tab', { name: /المنشورة/ }).click();
  await expect(page.getByTestId('comment-row')).toHaveCount(2);
  const reply = page.getByTestId('comment-row').filter({ has: page.getByTestId('comment-by-author') });
  await expect(reply).toHaveCount(1);
  await expect(reply.getByTestId('comment-by-author')).toHaveText('ردّ الكاتب');
  await expect(reply).toContainText('ردًّا على تعليق');
  await expect(reply.getByTestId('comment-text')).toHaveText('المصدر في آخر المقالة، شكرًا على سؤالك.');

  const replyId = Number(await reply.getAttribute('data-comment-id'));
  const readerPage = await page.context().browser()!.newPage({ baseURL: blog.baseURL, locale: 'ar' });
  await expectOnPostPage(readerPage, post, replyId, async (shown) => {
    await expect(shown).toContainText('المصدر في آخر المقالة');
    await expect(shown.getByTestId('comment-by-author')).toBeVisible();
  });
  await expect(readerPage.getByText('عندي سؤال عن الفقرة الثانية')).toBeVisible();
  await expect(readerPage.getByText('اشترِ الآن بأرخص الأسعار')).toHaveCount(0);
  await readerPage.close();
  await reader.dispose();
});

test('settings: a blocklisted word holds a comment that has it in another Arabic form', async ({ signedIn: page, blog }) => {
  const post = await publishPost(page.request, 'مقالة عن الألعاب');
  await page.goto('/admin/comments');
  await page.getByRole('tab', { name: 'الإعدادات' }).click();
  await expect(page).toHaveURL(/view=settings/);
  const settings = page.getByTestId('comment-settings');
  await expect(settings.getByRole('checkbox', { name: 'التعليقات مفعّلة' })).toBeChecked(SCREEN_LOADS);
  await expect(settings.getByRole('radio', { name: /راجع أول تعليق لكل قارئ/ })).toBeChecked();
  await expect(settings).toContainText('«بالكازينو»');

  // publish without review, and hold the word «كازينو»
  await settings.getByText('انشر دون مراجعة').click();
  await settings.getByLabel('الكلمات المحظورة').fill('كازينو\n\n  رهان  ');
  await expect(settings.getByTestId('blocklist-count')).toHaveText('كلمتان');
  await settings.getByLabel('أقصى عدد للروابط في التعليق').fill('99');
  await settings.getByRole('button', { name: 'حفظ' }).click();
  await expect(settings.getByText('اكتب عددًا صحيحًا من 0 إلى 50')).toBeVisible();
  await settings.getByLabel('أقصى عدد للروابط في التعليق').fill('3');
  await settings.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('حُفظت إعدادات التعليقات');
  const saved = await (await page.request.get('/api/comments/settings')).json();
  expect(saved).toEqual({ enabled: true, moderation: 'hold-none', maxLinks: 3, blocklist: ['كازينو', 'رهان'] });
  await expect(settings.getByRole('button', { name: 'حفظ' })).toBeDisabled();

  const reader = await readerApi(blog.baseURL);
  const [clean, blocked] = await postReaderComments(reader, post.id, [
    { name: 'ليلى', email: 'layla@example.com', content: 'لعبة الشطرنج أفضل الألعاب.' },
    { name: 'زائر', email: 'visitor@example.com', content: 'جرّبوا حظكم بالكازينو الجديد' },
  ]);
  expect(clean!.status).toBe('approved');
  expect(blocked!.status).toBe('pending');

  await page.getByRole('tab', { name: /^التعليقات/ }).click();
  await expect(page.getByTestId('comments-count-pending')).toHaveText('1');
  await expect(page.getByTestId('comment-row')).toHaveCount(1);
  await expect(row(page, 'زائر').getByTestId('comment-hold-reason')).toHaveText('كلمة محظورة');

  // the search looks in the text, the name and the email, in every tab
  await page.getByRole('tab', { name: /الكل/ }).click();
  await expect(page.getByTestId('comment-row')).toHaveCount(2);
  await expect(row(page, 'ليلى').getByTestId('comment-status')).toHaveText('منشور');
  await page.getByRole('searchbox', { name: 'ابحث في النص أو الاسم أو البريد' }).fill('الشطرنج');
  await expect(page.getByTestId('comment-row')).toHaveCount(1);
  await expect(row(page, 'ليلى')).toBeVisible();
  await page.getByRole('searchbox', { name: 'ابحث في النص أو الاسم أو البريد' }).fill('لا شيء يطابق هذا');
  await expect(page.getByText('لا توجد تعليقات تطابق البحث')).toBeVisible();
  await reader.dispose();
});

test('the post editor sends its comment settings with the save', async ({ signedIn: page }) => {
  const post = await publishPost(page.request, 'مقالة بتعليقات تُغلق');
  await page.goto(`/admin/edit/${post.id}`);
  const card = page.getByTestId('post-comments-settings');
  const allow = card.getByRole('checkbox', { name: 'السماح بالتعليقات' });
  await expect(allow).toBeChecked(SCREEN_LOADS);
  const days = card.getByLabel('إغلاق التعليقات بعد (أيام)');
  await expect(days).toHaveValue('');

  await days.fill('0');
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(card.getByText('اكتب عددًا صحيحًا من 1 إلى 3650، أو اتركه فارغًا')).toBeVisible();
  await days.fill('30');
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(toast(page)).toContainText('Post updated');
  let saved = await (await page.request.get(`/api/posts/id/${post.id}`)).json();
  expect(saved).toMatchObject({ commentsOpen: true, commentsCloseAfterDays: 30 });

  await card.getByText('السماح بالتعليقات').click();
  await expect(allow).not.toBeChecked();
  await expect(days).toBeDisabled();
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Post updated' })).toBeVisible();
  await expect.poll(async () => (await (await page.request.get(`/api/posts/id/${post.id}`)).json()).commentsOpen).toBe(false);
  const comments = await (await page.request.get(`/api/posts/${post.id}/comments`)).json();
  expect(comments.open).toBe(false);

  // a reload shows what was saved
  await page.reload();
  await expect(allow).not.toBeChecked(SCREEN_LOADS);
  await expect(days).toHaveValue('30');
  saved = await (await page.request.get(`/api/posts/id/${post.id}`)).json();
  expect(saved.commentsCloseAfterDays).toBe(30);
});

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Every button and checkbox of the rows and the bulk bar: at least 44 × 44 px on a phone. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main label:has(input[type="checkbox"]), [role="tab"]')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName} «${el.getAttribute('aria-label') ?? el.textContent}» ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
}

test('phone and desktop, light and dark: the screen fits, its targets are large enough, and axe finds nothing', async ({
  signedIn: page,
  blog,
}) => {
  test.setTimeout(180_000);
  const post = await publishPost(page.request, 'مقالة بعنوان طويل بعض الشيء حتى يلتف على سطرين في شاشة الهاتف');
  expect((await page.request.patch('/api/comments/settings', { data: { blocklist: ['كازينو'] } })).ok()).toBeTruthy();
  const reader = await readerApi(blog.baseURL);
  const long = `${'هذا تعليق طويل جدًا يشرح فيه القارئ رأيه في المقالة بالتفصيل، ويذكر أمثلة كثيرة من تجربته. '.repeat(8)}\nوفي الختام شكرًا.`;
  await postReaderComments(reader, post.id, [
    { name: 'سارة', email: 'sara@example.com', content: 'مقالة جميلة، شكرًا لك.' },
    { name: 'قارئ متحمس جدًا', email: 'a.very.long.email.address.for.testing@subdomain.example.com', content: long },
    { name: 'Visitor', email: null, content: 'See https://a.example/x and https://b.example/y and www.c.example for more.' },
    { name: 'زائر', email: 'visitor@example.com', content: 'جرّبوا حظكم بالكازينو الجديد' },
  ]);
  const sara = (await authorComments(page.request, 'pending')).find((c) => c.authorName === 'سارة')!;
  expect((await page.request.post(`/api/comments/${sara.id}/replies`, { data: { content: 'شكرًا لكِ يا سارة!' } })).ok()).toBeTruthy();

  await page.goto('/admin/comments');
  await expect(page.getByTestId('comment-row')).toHaveCount(3, SCREEN_LOADS);
  await expect(row(page, 'Visitor').getByTestId('comment-hold-reason')).toHaveText('روابط كثيرة');
  await expect(row(page, 'زائر').getByTestId('comment-hold-reason')).toHaveText('كلمة محظورة');
  // the long one is folded, «المزيد» unfolds it
  const longRow = row(page, 'قارئ متحمس جدًا');
  const folded = (await longRow.getByTestId('comment-text').boundingBox())!.height;
  await longRow.getByRole('button', { name: 'المزيد' }).click();
  await expect.poll(async () => (await longRow.getByTestId('comment-text').boundingBox())!.height).toBeGreaterThan(folded);
  await longRow.getByRole('button', { name: 'أقل' }).click();
  // a short one has nothing to unfold
  await expect(row(page, 'زائر').getByRole('button', { name: 'المزيد' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'تحديد تعليق زائر' }).check();
  await longRow.getByRole('button', { name: /^رد:/ }).click();

  const shots = takesScreenshots(test.info());
  if (shots) mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const look = async (view: string) => {
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${view} ${name}: no sideways scroll`).toBeLessThanOrEqual(
        width,
      );
      if (name === 'phone' && view === 'pending') expect(await smallTargets(page)).toEqual([]);
      for (const dark of [false, true]) {
        await applyTheme(page, dark);
        const { violations } = await axeCheck(page).analyze();
        expect(
          violations.map(
            (v) =>
              `${view} ${name} ${dark ? 'dark' : 'light'}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')}`,
          ),
        ).toEqual([]);
        if (shots) {
          // from the top: the header is sticky, and a full-page shot of a scrolled page draws it in mid-page
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({
            path: join(SCREENSHOT_DIR, `admin-comments-${view}-${name}-${dark ? 'dark' : 'light'}.png`),
            fullPage: true,
          });
        }
      }
    }
    await applyTheme(page, false);
  };

  await look('pending');
  await page.getByRole('tab', { name: /الكل/ }).click();
  await expect(page.getByTestId('comment-row')).toHaveCount(5);
  await expect(page.getByTestId('comment-row').filter({ hasText: 'شكرًا لكِ يا سارة!' }).getByTestId('comment-by-author')).toBeVisible();
  await look('all');
  await page.getByRole('tab', { name: 'الإعدادات' }).click();
  await expect(page.getByTestId('comment-settings')).toBeVisible();
  await look('settings');
  await reader.dispose();
});
