import { Follow, Like } from '@fedify/vocab';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { FediversePeer } from '../../backend/test/support/fediverse-peer';
import { keepScreenshot } from '../support/fixtures';
import { startServer } from '../support/server';
import { expect, screenshotBothThemes, test as adminTest, toast } from './fixtures';
import { SCREEN_LOADS } from './helpers';

/**
 * Admin → الفديفيرس (issue 27): the author renames the blog's account, turns approval of follows on, sees followers
 * who really followed (a Mastodon-like peer, the backend tests' second Fedify server, signs each Follow and sends it to
 * the blog's inbox), accepts a held one and removes another, retries a delivery that failed, blocks and unblocks, and
 * reads a post's likes in the editor. The blog may reach the peer on 127.0.0.1 (OUTBOUND_ALLOW_PRIVATE_HOSTS), and
 * retries wait 50 ms doubling (eight attempts in about 7 s) instead of a minute.
 */
const test = adminTest.extend<{ peer: FediversePeer }>({
  peer: async ({}, use) => {
    const peer = await FediversePeer.start(['alice', 'bob', 'carol']);
    await use(peer);
    await peer.close();
  },
  blog: [
    async ({ peer }, use) => {
      const server = await startServer({ PUBLIC_URL: '', OUTBOUND_ALLOW_PRIVATE_HOSTS: peer.host, FEDERATION_RETRY_BASE_MS: '50' });
      await use({ baseURL: server.baseURL, dataDir: server.dataDir });
      await server.stop();
    },
    { scope: 'test', timeout: 60_000 },
  ],
});
// a real follow goes through the inbox's queue; eight failed attempts take about 7 s; three looks in four views with axe
test.describe.configure({ timeout: 180_000 });

interface Settings {
  handle: string;
  account: string;
  actorUrl: string;
}

async function settingsOf(api: APIRequestContext): Promise<Settings> {
  const response = await api.get('/api/federation/settings');
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as Settings;
}

/** `name` on the peer follows the blog: a signed Follow to the blog's shared inbox, as Mastodon sends it. */
async function follow(peer: FediversePeer, settings: Settings, name: string) {
  const actor = new URL(settings.actorUrl);
  await peer.send(name, new Follow({ id: peer.id('follow'), actor: peer.actorUrl(name), object: actor }), new URL('/ap/inbox', actor));
}

/** Waits until the API counts `expected` (the inbox's queue works in the background), then shows the screen again. */
async function untilCounted(page: Page, path: string, expected: Record<string, number>) {
  await expect
    .poll(async () => (await (await page.request.get(path)).json()) as Record<string, number>, { timeout: 30_000 })
    .toMatchObject(expected);
}

function followerRow(page: Page, handle: string): Locator {
  return page.getByTestId('follower-row').filter({ has: page.getByTestId('follower-handle').getByText(handle, { exact: true }) });
}

function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('the author renames the account, approves and removes real followers, retries a failed delivery, blocks, and reads likes', async ({
  signedIn: page,
  peer,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const host = new URL((await settingsOf(page.request)).actorUrl).host;
  await page.goto('/admin');
  await page.getByRole('link', { name: 'الفديفيرس' }).click(SCREEN_LOADS);
  await expect(page).toHaveURL(/\/admin\/fediverse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'الفديفيرس' })).toBeVisible();

  // The handle people search for, copied as it is written.
  const account = page.getByTestId('fediverse-account');
  await expect(page.getByTestId('fediverse-handle')).toHaveText(`@blog@${host}`);
  await account.getByRole('button', { name: 'نسخ عنوان الحساب' }).click();
  await expect(account.getByRole('button', { name: 'نسخ عنوان الحساب' })).toContainText('نُسخ');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`@blog@${host}`);
  await expect(page.getByText('لا متابعين بعد')).toBeVisible();

  // A handle the API refuses: its rule, in Arabic, under the field; then a good one, found by WebFinger at once.
  const handle = account.getByRole('textbox', { name: 'اسم الحساب' });
  await handle.fill('Mudawwana!');
  await account.getByRole('button', { name: 'حفظ' }).click();
  await expect(account.getByText('اكتب من حرف إلى 30 حرفًا من الحروف اللاتينية الصغيرة')).toBeVisible();
  await expect(toast(page)).toContainText('تعذّر حفظ اسم الحساب');
  await handle.fill('mudawwana');
  await expect(account.getByText('اكتب من حرف إلى 30 حرفًا')).toHaveCount(0);
  await account.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('حُفظ اسم الحساب');
  await expect(page.getByTestId('fediverse-handle')).toHaveText(`@mudawwana@${host}`);
  const found = await page.request.get(`/.well-known/webfinger?resource=acct:mudawwana@${host}`);
  expect(found.status()).toBe(200);
  const settings = await settingsOf(page.request);

  // alice follows from her server: accepted at once, in the list with her name, her handle linking to her profile.
  await follow(peer, settings, 'alice');
  await untilCounted(page, '/api/federation/followers/counts', { accepted: 1 });
  await page.reload();
  await expect(page.getByTestId('followers-total')).toHaveText('يتابع المدونة: متابع واحد', SCREEN_LOADS);
  const alice = followerRow(page, `@alice@${peer.host}`);
  await expect(alice.getByTestId('follower-name')).toHaveText('أليس الرحّالة');
  await expect(alice.getByRole('link', { name: `@alice@${peer.host}` })).toHaveAttribute('href', `http://${peer.host}/@alice`);
  await expect(alice).toContainText('يتابع منذ');

  // Approval on: bob's follow waits, is accepted from the requests' tab, and two follow.
  const approval = page.getByRole('checkbox', { name: 'راجع طلبات المتابعة قبل قبولها' });
  await expect(approval).not.toBeChecked();
  await page.getByText('راجع طلبات المتابعة قبل قبولها').click();
  await expect(approval).toBeChecked();
  await expect(toast(page)).toContainText('صارت طلبات المتابعة تنتظر موافقتك');
  await follow(peer, settings, 'bob');
  await untilCounted(page, '/api/federation/followers/counts', { accepted: 1, pending: 1 });
  await page.reload();
  await expect(approval).toBeChecked(SCREEN_LOADS);
  await expect(page.getByTestId('followers-count-pending')).toHaveText('1');
  await page.getByRole('tab', { name: /طلبات المتابعة/ }).click();
  const bob = followerRow(page, `@bob@${peer.host}`);
  await expect(bob).toContainText('طلب المتابعة في');
  await bob.getByRole('button', { name: `قبول: @bob@${peer.host}` }).click();
  await expect(toast(page)).toContainText('قُبل طلب المتابعة');
  await expect(page.getByText('لا طلبات متابعة تنتظر موافقتك')).toBeVisible();
  await expect(page.getByTestId('followers-total')).toHaveText('يتابع المدونة: متابعان');
  await expect.poll(() => peer.received('Accept').length, { timeout: 20_000 }).toBe(2);

  // A post while the peer's inbox answers 500: tried eight times, then failed; retried from its row once it is back.
  peer.failWith = 500;
  const created = await page.request.post('/api/posts', { data: { title: 'مقالة إلى الفديفيرس', content: '<p>نص</p>', published: true } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const post = (await created.json()) as { id: number };
  await untilCounted(page, '/api/federation/deliveries/counts', { failed: 1 });
  peer.failWith = null;
  await page.getByRole('tab', { name: /الإرسال/ }).click();
  await expect(page).toHaveURL(/view=deliveries/);
  await expect(page.getByTestId('deliveries-count-all')).toHaveText('3');
  await expect(page.getByTestId('deliveries-count-failed')).toHaveText('1');
  await page.getByRole('tab', { name: /^فشل/ }).click();
  const failed = page.getByTestId('delivery-row');
  await expect(failed).toHaveCount(1);
  await expect(failed.getByTestId('delivery-activity')).toHaveText('نشر مقالة');
  await expect(failed.getByTestId('delivery-server')).toHaveText(peer.host);
  await expect(failed.getByTestId('delivery-attempts')).toHaveText('المحاولات: 8 محاولات');
  await expect(failed.getByTestId('delivery-error')).toContainText('HTTP 500');
  await screenshotBothThemes(page, 'fediverse-deliveries');
  await failed.getByRole('button', { name: `إعادة الإرسال إلى ${peer.host}` }).click();
  await expect(toast(page)).toContainText('سيُعاد الإرسال الآن');
  await untilCounted(page, '/api/federation/deliveries/counts', { delivered: 3, failed: 0 });
  expect(peer.received('Create')).toHaveLength(1);
  await page.getByRole('tab', { name: /^وصل/ }).click();
  await expect(page.getByTestId('delivery-row')).toHaveCount(3);
  await expect(page.getByTestId('delivery-row').filter({ hasText: 'قبول متابعة' })).toHaveCount(2);

  // Blocks: nothing, a value the API refuses, a server, the same again, an account; then one unblocked.
  await page.getByRole('tab', { name: /الحظر/ }).click();
  await expect(page.getByText('لا خوادم ولا حسابات محظورة')).toBeVisible();
  const form = page.getByTestId('block-form');
  const value = form.getByRole('textbox', { name: 'خادم أو حساب' });
  await form.getByRole('button', { name: 'حظر' }).click();
  await expect(form.getByText('اكتب اسم نطاق أو عنوان حساب')).toBeVisible();
  await value.fill('ليس نطاقًا');
  await form.getByRole('button', { name: 'حظر' }).click();
  await expect(form.getByText('اكتب اسم نطاق (مثل spam.example) أو عنوان حساب كاملًا')).toBeVisible();
  await value.fill('spam.example');
  await form.getByRole('button', { name: 'حظر' }).click();
  await expect(toast(page)).toContainText('حُظر');
  await expect(value).toHaveValue('');
  await value.fill('spam.example');
  await form.getByRole('button', { name: 'حظر' }).click();
  await expect(form.getByText('هذا الخادم أو الحساب محظور بالفعل')).toBeVisible();
  await value.fill('https://other.example/users/troll');
  await form.getByRole('button', { name: 'حظر' }).click();
  const blocks = page.getByTestId('block-row');
  await expect(blocks).toHaveCount(2);
  await expect(blocks.first()).toContainText('حساب');
  await expect(blocks.first().getByTestId('block-value')).toHaveText('https://other.example/users/troll');
  await expect(blocks.last()).toContainText('خادم');
  await blocks.last().getByRole('button', { name: 'إلغاء الحظر: spam.example' }).click();
  await expect(toast(page)).toContainText('أُلغي الحظر');
  await expect(blocks).toHaveCount(1);
  await screenshotBothThemes(page, 'fediverse-blocks');

  // alice removed, after the confirmation: her server is told (a Reject), and one follower is left.
  await page
    .getByRole('tab', { name: /المتابعون/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/fediverse$/);
  await screenshotBothThemes(page, 'fediverse');
  await alice.getByRole('button', { name: `إزالة: @alice@${peer.host}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('سيُزال «أليس الرحّالة» من المتابعين');
  await dialog.getByRole('button', { name: 'إزالة' }).click();
  await expect(toast(page)).toContainText('أُزيل المتابع');
  await expect(alice).toHaveCount(0);
  await expect(page.getByTestId('followers-total')).toHaveText('يتابع المدونة: متابع واحد');
  await expect.poll(() => peer.received('Reject').length, { timeout: 20_000 }).toBe(1);

  // bob likes the post: the editor counts it, a number with no name.
  const article = new URL(`/ap/posts/${post.id}`, settings.actorUrl);
  await peer.send(
    'bob',
    new Like({ id: peer.id('like'), actor: peer.actorUrl('bob'), object: article }),
    new URL('/ap/inbox', settings.actorUrl),
  );
  await untilCounted(page, `/api/federation/posts/${post.id}/reactions`, { likes: 1, boosts: 0 });
  await page.goto(`/admin/edit/${post.id}`);
  const reactions = page.getByTestId('post-fediverse-reactions');
  await expect(reactions.getByTestId('post-likes')).toHaveText('1', SCREEN_LOADS);
  await expect(reactions.getByTestId('post-boosts')).toHaveText('0');
  await expect(reactions).not.toContainText('bob');
  await keepScreenshot(reactions, 'admin-fediverse-post-reactions.png');
});

test('on a 375 px phone: every section fits, its actions are labelled 44 px targets, and a gone delivery is retried', async ({
  browser,
  blog,
  authorState,
  peer,
}) => {
  const context = await browser.newContext({
    baseURL: blog.baseURL,
    storageState: authorState,
    locale: 'ar',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const settings = await settingsOf(page.request);
  const approval = await page.request.patch('/api/federation/settings', { data: { approveFollows: true } });
  expect(approval.ok(), await approval.text()).toBeTruthy();
  // carol's server answers 410 to the answer of her follow: her delivery is gone
  await follow(peer, settings, 'alice');
  await follow(peer, settings, 'carol');
  await untilCounted(page, '/api/federation/followers/counts', { pending: 2 });
  const held = (await (await page.request.get('/api/federation/followers?status=pending')).json()) as {
    items: { id: number; handle: string }[];
  };
  const carol = held.items.find((item) => item.handle.startsWith('@carol@'))!;
  peer.failWith = 410;
  expect((await page.request.post(`/api/federation/followers/${carol.id}/approve`)).ok()).toBeTruthy();
  await untilCounted(page, '/api/federation/deliveries/counts', { gone: 1 });
  peer.failWith = null;
  const block = await page.request.post('/api/federation/blocks', {
    data: { value: 'https://a-server-with-a-long-name.example/users/an-account-with-an-even-longer-name-that-must-wrap' },
  });
  expect(block.ok(), await block.text()).toBeTruthy();

  // the dashboard's link says a request waits
  await page.goto('/admin');
  const link = page.getByRole('link', { name: /^الفديفيرس/ });
  await expect(link.getByTestId('follow-requests-badge')).toHaveText('1', SCREEN_LOADS);
  await expect(link).toHaveAccessibleName(/طلب واحد بانتظار موافقتك/);
  await link.tap();
  await expect(page.getByTestId('followers-total')).toHaveText('يتابع المدونة: متابع واحد', SCREEN_LOADS);

  /** No sideways scroll; every visible button a finger can hit and a screen reader can name, every field a finger can hit. */
  async function fitsAndReachable(section: string) {
    expect(await documentWidth(page), section).toBeLessThanOrEqual(375);
    const main = page.locator('main').first();
    for (const control of await main.getByRole('button').filter({ visible: true }).all()) {
      const box = (await control.boundingBox())!;
      const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
      expect(name.trim(), `${section}: a button without a name`).not.toBe('');
      expect(box.x, `${section}: ${name}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${section}: ${name}`).toBeLessThanOrEqual(375);
      expect(box.height, `${section}: ${name}`).toBeGreaterThanOrEqual(44);
    }
    for (const field of await main.getByRole('textbox').filter({ visible: true }).all()) {
      const box = (await field.boundingBox())!;
      expect(box.x + box.width, `${section}: a field`).toBeLessThanOrEqual(375);
      expect(box.height, `${section}: ${await field.getAttribute('name')}`).toBeGreaterThanOrEqual(44);
    }
  }

  await page.getByRole('tab', { name: /طلبات المتابعة/ }).click();
  await expect(page.getByTestId('follower-row')).toHaveCount(1);
  await fitsAndReachable('requests');
  await page
    .getByRole('tab', { name: /^المتابعون/ })
    .last()
    .click();
  await expect(page.getByTestId('follower-row')).toHaveCount(1);
  await fitsAndReachable('followers');

  await page.getByRole('tab', { name: /الإرسال/ }).click();
  await page.getByRole('tab', { name: /^زال الخادم/ }).click();
  const gone = page.getByTestId('delivery-row');
  await expect(gone).toHaveCount(1);
  await expect(gone.getByTestId('delivery-activity')).toHaveText('قبول متابعة');
  await expect(gone.getByTestId('delivery-error')).toContainText('HTTP 410');
  await fitsAndReachable('deliveries');
  await gone.getByRole('button', { name: `إعادة الإرسال إلى ${peer.host}` }).tap();
  await expect(toast(page)).toContainText('سيُعاد الإرسال الآن');
  await expect(page.getByText('لا عمليات إرسال في هذه الحالة')).toBeVisible();

  await page.getByRole('tab', { name: /الحظر/ }).click();
  await expect(page.getByTestId('block-row')).toHaveCount(1);
  await fitsAndReachable('blocks');
  await context.close();
});
