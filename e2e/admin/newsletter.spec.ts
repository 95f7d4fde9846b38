import { readFileSync } from 'node:fs';
import { titleLeavingPage } from '@mudawwana/rules';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../backend/test/support/smtp';
import { waitForHydration, keepScreenshot } from '../support/fixtures';
import { startServer } from '../support/server';
import { expect, screenshotBothThemes, test as adminTest } from './fixtures';

/** The admin fixtures with a real SMTP server (npm smtp-server) that the blog sends its mail to. */
const test = adminTest.extend<{ smtp: TestSmtpServer }>({
  smtp: async ({}, use) => {
    const smtp = await startSmtpServer();
    await use(smtp);
    await smtp.close();
  },
  blog: async ({ smtp }, use) => {
    const server = await startServer({ PUBLIC_URL: '', SMTP_URL: smtp.url, MAIL_FROM: 'مدوّنة <news@blog.example>' });
    await use({ baseURL: server.baseURL, dataDir: server.dataDir });
    await server.stop();
  },
});
// starting the server is part of the test's time; a busy machine needs minutes for the whole flow
test.describe.configure({ timeout: 240_000 });

async function mailsTo(smtp: TestSmtpServer, address: string, count: number) {
  await expect.poll(() => smtp.to(address).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return smtp.to(address);
}

test('a reader subscribes, confirms, gets a post, unsubscribes and gets nothing more', async ({
  signedIn: author,
  browser,
  blog,
  smtp,
}) => {
  const reader = await browser.newPage({ baseURL: blog.baseURL, locale: 'ar' });

  // subscribe from the public form
  await reader.goto('/');
  await waitForHydration(reader);
  const form = reader.getByTestId('newsletter');
  await form.getByRole('textbox').fill('reader@example.com');
  await form.getByRole('button', { name: 'اشترك' }).click();
  await expect(reader.getByTestId('newsletter-done')).toContainText('رسالة تأكيد');

  // confirm with the link of the mail received: its page asks, its button confirms
  const [confirmation] = await mailsTo(smtp, 'reader@example.com', 1);
  expect(confirmation.parsed.subject).toContain('أكّد اشتراكك');
  await reader.goto(linkIn(confirmation.parsed.text ?? '', '/api/newsletter/confirm'));
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('تأكيد الاشتراك في النشرة البريدية');
  await reader.getByRole('button', { name: 'تأكيد الاشتراك' }).click();
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('تم تأكيد اشتراكك');
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl');
  await keepScreenshot(reader, 'newsletter-confirmed.png');

  // a second reader who stays subscribed, so the second post has someone to go to
  await author.request.post('/api/newsletter', { data: { email: 'stays@example.com' } });
  const [staysConfirmation] = await mailsTo(smtp, 'stays@example.com', 1);
  const staysLink = new URL(linkIn(staysConfirmation.parsed.text ?? '', '/api/newsletter/confirm'));
  const staysConfirmed = await fetch(new URL('/api/newsletter/confirm', staysLink), {
    method: 'POST',
    body: new URLSearchParams({ token: staysLink.searchParams.get('token') ?? '' }),
  });
  expect(staysConfirmed.status).toBe(200);

  // the author publishes a post and sends it from the editor
  const created = await author.request.post('/api/posts', {
    data: { title: 'مقالة للمشتركين', content: '<p>نص المقالة للمشتركين في النشرة.</p>', excerpt: 'ملخص قصير', published: true },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const post = await created.json();
  await author.goto(`/admin/edit/${post.id}`);
  const card = author.getByTestId('send-to-subscribers');
  await expect(card).toContainText('المشتركون المؤكَّدون: مشتركان', { timeout: 30_000 });
  await card.getByRole('button', { name: 'إرسال إلى المشتركين' }).click();
  await author.getByRole('alertdialog').getByRole('button', { name: 'إرسال' }).click();
  await expect(card.getByTestId('send-progress')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(card.getByTestId('send-sent')).toHaveText('أُرسلت: رسالتان');
  await card.getByText('المستلمون').click();
  await expect(card.getByTestId('send-recipient').filter({ hasText: 'reader@example.com' })).toContainText('أُرسلت');
  await screenshotBothThemes(author, 'editor-newsletter-sent');

  // the mail arrives; its unsubscribe link works
  const [, postMail] = await mailsTo(smtp, 'reader@example.com', 2);
  expect(postMail.parsed.subject).toBe(titleLeavingPage('مقالة للمشتركين', 'rtl'));
  expect(postMail.parsed.html).toContain('<html lang="ar" dir="rtl">');
  const mailView = await browser.newPage({ locale: 'ar', viewport: { width: 390, height: 700 } });
  await mailView.setContent(postMail.parsed.html || '');
  await keepScreenshot(mailView, 'newsletter-post-mail-phone.png', { fullPage: true });
  await mailView.close();
  await reader.goto(linkIn(postMail.parsed.text ?? '', '/post/'));
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('مقالة للمشتركين');
  await reader.goto(linkIn(postMail.parsed.text ?? '', '/api/newsletter/unsubscribe'));
  await reader.getByRole('button', { name: 'إلغاء الاشتراك' }).click();
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('تم إلغاء اشتراكك');

  // a second post goes to the one still subscribed, not to the reader who left
  const second = await (
    await author.request.post('/api/posts', { data: { title: 'مقالة ثانية', content: '<p>نص</p>', published: true } })
  ).json();
  await author.goto(`/admin/edit/${second.id}`);
  await expect(card).toContainText('المشتركون المؤكَّدون: مشترك واحد');
  await card.getByRole('button', { name: 'إرسال إلى المشتركين' }).click();
  await author.getByRole('alertdialog').getByRole('button', { name: 'إرسال' }).click();
  await expect(card.getByTestId('send-progress')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(card.getByTestId('send-sent')).toHaveText('أُرسلت: رسالة واحدة');
  await mailsTo(smtp, 'stays@example.com', 3);
  expect(smtp.to('reader@example.com')).toHaveLength(2);

  // the author's list of subscribers
  await author.goto('/admin');
  await author.getByRole('link', { name: 'المشتركون' }).click();
  await expect(author.getByTestId('subscriber-row')).toHaveCount(2);
  await expect(author.getByTestId('subscribers-total')).toHaveText('في القائمة: مشتركان');
  await expect(author.getByTestId('subscribers-count-unsubscribed')).toHaveText('1');
  await author.getByRole('tab', { name: /المؤكَّدون/ }).click();
  await expect(author.getByTestId('subscriber-row')).toHaveCount(1);
  await expect(author.getByTestId('subscriber-row')).toContainText('stays@example.com');
  await author.getByRole('tab', { name: /الكل/ }).click();
  await screenshotBothThemes(author, 'subscribers');

  const download = author.waitForEvent('download');
  await author.getByRole('link', { name: 'تصدير CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('reader@example.com,unsubscribed');

  await author.getByTestId('subscriber-row').filter({ hasText: 'reader@example.com' }).getByRole('button', { name: /^حذف:/ }).click();
  await author.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
  await expect(author.getByTestId('subscriber-row')).toHaveCount(1);
  await reader.close();
});
